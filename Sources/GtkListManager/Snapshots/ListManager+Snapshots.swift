import ModelStorage

// Apple-style diffable snapshots on the manager: `apply` a ``ListSnapshot`` and the list gets
// the minimal row changes; unchanged rows keep their widgets.
extension ListManager {
    /// Shows `snapshot`: its differences from the state shown become row inserts, removals,
    /// moves and in-place refreshes (see `SnapshotStorage.apply(_:completion:)`).
    ///
    /// The first snapshot of these identifier types makes a new `SnapshotStorage` the manager's
    /// storage (the list reloads, empty, then the snapshot is applied). To give sections header
    /// and footer models, show your own storage first:
    ///
    /// ```swift
    /// manager.storage = SnapshotStorage<Category, Package>(headerModel: { $0.title })
    /// manager.apply(snapshot)
    /// ```
    ///
    /// - Parameters:
    ///   - snapshot: the sections and items to show, by identifier.
    ///   - animatingDifferences: false applies the same diffed changes without row animations,
    ///     so rows of unchanged items still keep their widgets. (An apply made while the list
    ///     applies another update, from an event closure say, runs right after it, animated as
    ///     the configuration says.)
    ///   - completion: runs once the rows are in the list.
    public func apply<SectionID, ItemID>(
        _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        checkConfinement()
        let storage = adoptedSnapshotStorage(for: ListSnapshot<SectionID, ItemID>.self)
        if animatingDifferences {
            storage.apply(snapshot, completion: completion)
        } else {
            withoutAnimation { storage.apply(snapshot, completion: completion) }
        }
    }

    /// Shows `snapshot` without diffing: every row is rebuilt. `completion` runs once the rows
    /// are in the list.
    public func applySnapshotUsingReloadData<SectionID, ItemID>(
        _ snapshot: ListSnapshot<SectionID, ItemID>, completion: (() -> Void)? = nil
    ) {
        checkConfinement()
        adoptedSnapshotStorage(for: ListSnapshot<SectionID, ItemID>.self)
            .applyUsingReloadData(snapshot, completion: completion)
    }

    /// The snapshot shown, or nil when the manager shows no `SnapshotStorage` of these types.
    ///
    /// ```swift
    /// typealias Snapshot = ListSnapshot<Category, Package>
    /// var snapshot = manager.snapshot(Snapshot.self) ?? Snapshot()
    /// ```
    public func snapshot<SectionID, ItemID>(
        _ type: ListSnapshot<SectionID, ItemID>.Type = ListSnapshot<SectionID, ItemID>.self
    ) -> ListSnapshot<SectionID, ItemID>? {
        (storage as? SnapshotStorage<SectionID, ItemID>)?.snapshot()
    }

    /// The item identifier shown at `indexPath`, or nil when there is none or it is of another
    /// type. A malformed path is refused and reported, as by ``selectItem(at:)``.
    public func itemIdentifier<ItemID>(for indexPath: IndexPath, as type: ItemID.Type = ItemID.self) -> ItemID? {
        guard acceptsItemIndexPath(indexPath) else { return nil }
        return storage.item(at: indexPath) as? ItemID
    }

    /// Where the item `item` (compared by identity) is shown, or nil when the manager shows no
    /// snapshot holding it.
    public func indexPath<ItemID: Hashable & Sendable>(for item: ItemID) -> IndexPath? {
        (storage as? any SnapshotIdentifierLookup)?.indexPath(forItemIdentifier: item)
    }

    /// The identifier of the section at `section`, or nil when there is none or it is of another
    /// type.
    public func sectionIdentifier<SectionID>(for section: Int, as type: SectionID.Type = SectionID.self) -> SectionID? {
        (storage as? any SnapshotIdentifierLookup)?.sectionIdentifier(atIndex: section) as? SectionID
    }

    /// The snapshot storage shown, made the manager's storage first when another one is shown.
    private func adoptedSnapshotStorage<SectionID, ItemID>(
        for type: ListSnapshot<SectionID, ItemID>.Type
    ) -> SnapshotStorage<SectionID, ItemID> {
        if let shown = storage as? SnapshotStorage<SectionID, ItemID> { return shown }
        let adopted = SnapshotStorage<SectionID, ItemID>()
        storage = adopted
        return adopted
    }
}
