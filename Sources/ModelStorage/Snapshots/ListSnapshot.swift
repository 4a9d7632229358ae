/// The whole state of a list as identifiers: ordered sections, each with its ordered items, in
/// the manner of Apple's `NSDiffableDataSourceSnapshot`.
///
/// Build a snapshot, then hand it to a ``SnapshotStorage`` (or a list manager), which diffs it
/// against the state shown and delivers the minimal changes:
///
/// ```swift
/// var snapshot = ListSnapshot<Category, Package>()
/// snapshot.appendSections([.admin, .devel])
/// snapshot.appendItems(adminPackages, toSection: .admin)
/// snapshot.appendItems(develPackages)            // to the last section
/// storage.apply(snapshot)
/// ```
///
/// Semantics:
/// - **Identity.** Sections and items are compared by their diff identity (``ModelIdentity``):
///   a ``Diffable`` identifier's `diffIdentifier`, else an `Identifiable` one's `id`, else the
///   `Hashable` value. Section identifiers are unique, item identifiers are unique across all
///   sections. An item whose content changed but whose identity did not is the *same* item:
///   applied, its row refreshes in place.
/// - **Items are models.** An item identifier is also the model its row shows.
/// - **Refusals.** An invalid operation (a repeated identifier, a missing section, item or
///   anchor, items appended with no section, a move relative to itself) changes nothing. It is
///   recorded in ``anomalies`` and returned, and whoever applies the snapshot reports it. Never a
///   crash.
/// - **Cost.** Lookups by identifier (``indexOfSection(_:)``, ``indexOfItem(_:)``,
///   ``sectionIdentifier(containingItem:)``, ``indexPath(for:)``) are O(1) through an index the
///   snapshot keeps. Edits cost what they move: O(items after the edit in its section +
///   sections), as integer moves, with no rehashing. Computing an identifier's identity costs a
///   few dynamic casts, so pass many identifiers per call where you can.
///
/// A snapshot is a `Sendable` value: build it on any thread.
public struct ListSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The section identifiers, in order; aligned with `index.sectionKeys`.
    private(set) var sectionValues: [SectionID] = []
    /// The item identifiers of each section; aligned with `index.itemKeys`.
    private(set) var itemValues: [[ItemID]] = []
    /// Keys and lookups, kept in step with the values by every edit.
    private(set) var index = SnapshotIndex()

    private(set) var reloadedSectionKeys = OrderedKeys()
    private(set) var reloadedItemKeys = OrderedKeys()
    private(set) var reconfiguredItemKeys = OrderedKeys()

    /// What this snapshot refused, oldest first. Applying the snapshot reports them; the snapshot
    /// a storage hands back afterwards starts with none.
    public internal(set) var anomalies: [SnapshotAnomaly] = []

    /// An empty snapshot.
    public init() {}

    // MARK: - Queries

    /// The number of sections.
    public var numberOfSections: Int { sectionValues.count }

    /// The number of items, all sections together.
    public var numberOfItems: Int { index.itemCount }

    /// The number of items in `section`; 0 when the snapshot has no such section.
    public func numberOfItems(inSection section: SectionID) -> Int {
        index.position(ofSection: SnapshotKey(section)).map { itemValues[$0].count } ?? 0
    }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionID] { sectionValues }

    /// Every item identifier, section after section.
    public var itemIdentifiers: [ItemID] { itemValues.flatMap { $0 } }

    /// The item identifiers of `section`, in order; empty when the snapshot has no such section.
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        index.position(ofSection: SnapshotKey(section)).map { itemValues[$0] } ?? []
    }

    /// The section that holds `item`, or nil when the item is not in the snapshot.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        index.location(of: SnapshotKey(item)).map { sectionValues[$0.section] }
    }

    /// The position of `section` among the sections, or nil when it is not in the snapshot.
    public func indexOfSection(_ section: SectionID) -> Int? {
        index.position(ofSection: SnapshotKey(section))
    }

    /// The position of `item` in ``itemIdentifiers`` (all sections together), or nil.
    public func indexOfItem(_ item: ItemID) -> Int? {
        index.flatIndex(of: SnapshotKey(item))
    }

    /// The index path of `item` (section position, offset in the section), or nil.
    public func indexPath(for item: ItemID) -> IndexPath? {
        index.location(of: SnapshotKey(item)).map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The item at `indexPath`, or nil when there is none.
    public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
        guard indexPath.isItemPosition, itemValues.indices.contains(indexPath.section),
            itemValues[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemValues[indexPath.section][indexPath.item]
    }

    /// The sections marked by ``reloadSections(_:)``, in the order they were marked.
    public var reloadedSectionIdentifiers: [SectionID] {
        reloadedSectionKeys.order.compactMap { key in index.position(ofSection: key).map { sectionValues[$0] } }
    }

    /// The items marked by ``reloadItems(_:)``, in the order they were marked.
    public var reloadedItemIdentifiers: [ItemID] { identifiers(of: reloadedItemKeys) }

    /// The items marked by ``reconfigureItems(_:)``, in the order they were marked.
    public var reconfiguredItemIdentifiers: [ItemID] { identifiers(of: reconfiguredItemKeys) }

    private func identifiers(of keys: OrderedKeys) -> [ItemID] {
        keys.order.compactMap { key in index.location(of: key).map { itemValues[$0.section][$0.item] } }
    }

    // MARK: - For the operations and the storage

    /// Records a refusal and hands it back for the operation to return.
    mutating func refuse(_ anomaly: SnapshotAnomaly) -> SnapshotAnomaly {
        anomalies.append(anomaly)
        return anomaly
    }

    /// This snapshot as a storage keeps it once applied: no marks, no anomalies.
    var settled: ListSnapshot {
        var snapshot = self
        snapshot.reloadedSectionKeys = OrderedKeys()
        snapshot.reloadedItemKeys = OrderedKeys()
        snapshot.reconfiguredItemKeys = OrderedKeys()
        snapshot.anomalies = []
        return snapshot
    }

    // MARK: - Edits of values and index together

    mutating func insertSections(_ new: [(identifier: SectionID, key: SnapshotKey)], at position: Int) {
        sectionValues.insert(contentsOf: new.map(\.identifier), at: position)
        itemValues.insert(contentsOf: new.map { _ in [] }, at: position)
        index.insertSections(new.map(\.key), at: position)
    }

    /// Removes the sections at `positions` (distinct) with their items, and their marks.
    mutating func removeSections(at positions: [Int]) {
        let ascending = positions.sorted()
        sectionValues.remove(atAscendingOffsets: ascending)
        itemValues.remove(atAscendingOffsets: ascending)
        let removed = index.removeSections(atAscending: ascending)
        reloadedSectionKeys.remove(removed.sections)
        forgetMarks(ofItems: removed.items)
    }

    mutating func moveSection(from source: Int, to destination: Int) {
        sectionValues.insert(sectionValues.remove(at: source), at: destination)
        itemValues.insert(itemValues.remove(at: source), at: destination)
        index.moveSection(from: source, to: destination)
    }

    mutating func insertItems(_ new: [(identifier: ItemID, key: SnapshotKey)], inSection section: Int, at offset: Int) {
        itemValues[section].insert(contentsOf: new.map(\.identifier), at: offset)
        index.insertItems(new.map(\.key), inSection: section, at: offset)
    }

    /// Removes the items with `keys` (all in the snapshot) from wherever they are, and their marks.
    mutating func removeItems(_ keys: Set<SnapshotKey>) {
        for (section, offsets) in index.removeItems(keys) {
            // A few removals are memory moves; the one-pass removal swaps element by element,
            // which unspecialized generic code (identifier types are the caller's) pays dearly.
            if offsets.count <= 16 {
                for offset in offsets.reversed() { itemValues[section].remove(at: offset) }
            } else {
                itemValues[section].remove(atAscendingOffsets: offsets)
            }
        }
        forgetMarks(ofItems: keys)
    }

    /// Removes the item at `location` and hands it back, keeping its marks (it is about to be
    /// put back elsewhere).
    mutating func takeItem(at location: (section: Int, item: Int)) -> (identifier: ItemID, key: SnapshotKey) {
        let key = index.itemKey(at: location)
        let identifier = itemValues[location.section].remove(at: location.item)
        index.removeItem(at: location)
        return (identifier, key)
    }

    /// Replaces the values of present items with equal identity, so rows get the values passed.
    mutating func replaceValues(of items: [(key: SnapshotKey, identifier: ItemID)]) {
        for (key, identifier) in items {
            guard let location = index.location(of: key) else { continue }
            itemValues[location.section][location.item] = identifier
        }
    }

    mutating func markReloaded(sections keys: [SnapshotKey]) {
        for key in keys { reloadedSectionKeys.insert(key) }
    }

    mutating func markReloaded(items keys: [SnapshotKey]) {
        for key in keys { reloadedItemKeys.insert(key) }
    }

    mutating func markReconfigured(items keys: [SnapshotKey]) {
        for key in keys { reconfiguredItemKeys.insert(key) }
    }

    private mutating func forgetMarks(ofItems keys: Set<SnapshotKey>) {
        reloadedItemKeys.remove(keys)
        reconfiguredItemKeys.remove(keys)
    }
}
