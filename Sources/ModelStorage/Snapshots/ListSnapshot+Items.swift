// Item operations. Each either applies completely or changes nothing and returns (and records)
// the anomaly that explains why.
extension ListSnapshot {
    /// Adds `identifiers` at the end of `section`, or of the last section when nil.
    @discardableResult
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) -> SnapshotAnomaly? {
        let position: Int
        if let section {
            guard let found = index.position(ofSection: SnapshotKey(section)) else {
                return refuse(.sectionsNotFound(operation: .appendItems, identifiers: [String(describing: section)]))
            }
            position = found
        } else {
            guard numberOfSections > 0 else { return refuse(.noSectionToAppendTo(itemCount: identifiers.count)) }
            position = numberOfSections - 1
        }
        switch newItems(identifiers, for: .appendItems) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(new): insertItems(new, inSection: position, at: itemValues[position].count)
        }
        return nil
    }

    /// Inserts `identifiers` just before `anchor`, in the anchor's section.
    @discardableResult
    public mutating func insertItems(_ identifiers: [ItemID], beforeItem anchor: ItemID) -> SnapshotAnomaly? {
        insertItems(identifiers, anchor: anchor, after: false, operation: .insertItemsBeforeItem)
    }

    /// Inserts `identifiers` just after `anchor`, in the anchor's section.
    @discardableResult
    public mutating func insertItems(_ identifiers: [ItemID], afterItem anchor: ItemID) -> SnapshotAnomaly? {
        insertItems(identifiers, anchor: anchor, after: true, operation: .insertItemsAfterItem)
    }

    /// Removes the items `identifiers` (repeats are harmless).
    @discardableResult
    public mutating func deleteItems(_ identifiers: [ItemID]) -> SnapshotAnomaly? {
        switch existingItems(identifiers, for: .deleteItems) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(found): removeItems(Set(found.map(\.key)))
        }
        return nil
    }

    /// Empties the snapshot: every item and, as Apple's snapshots do, every section.
    public mutating func deleteAllItems() {
        let kept = anomalies
        self = ListSnapshot()
        anomalies = kept
    }

    /// Moves `item` to just before `anchor`, into the anchor's section.
    @discardableResult
    public mutating func moveItem(_ item: ItemID, beforeItem anchor: ItemID) -> SnapshotAnomaly? {
        moveItem(item, anchor: anchor, after: false, operation: .moveItemBeforeItem)
    }

    /// Moves `item` to just after `anchor`, into the anchor's section.
    @discardableResult
    public mutating func moveItem(_ item: ItemID, afterItem anchor: ItemID) -> SnapshotAnomaly? {
        moveItem(item, anchor: anchor, after: true, operation: .moveItemAfterItem)
    }

    /// Marks `identifiers` to be recreated when the snapshot is applied: each row is removed and
    /// a row is built anew for it, even when its content is unchanged.
    ///
    /// The values passed replace the stored ones (they have the same identity), so the new rows
    /// show the content passed here.
    @discardableResult
    public mutating func reloadItems(_ identifiers: [ItemID]) -> SnapshotAnomaly? {
        guard !identifiers.isEmpty else { return nil }
        switch existingItems(identifiers, for: .reloadItems) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(found):
            replaceValues(of: found)
            markReloaded(items: found.map(\.key))
        }
        return nil
    }

    /// Marks `identifiers` to be refreshed in place when the snapshot is applied: each existing
    /// row is filled again with the item, even when its content is unchanged, and keeps its
    /// widget.
    ///
    /// The values passed replace the stored ones (they have the same identity), so the rows show
    /// the content passed here.
    @discardableResult
    public mutating func reconfigureItems(_ identifiers: [ItemID]) -> SnapshotAnomaly? {
        guard !identifiers.isEmpty else { return nil }
        switch existingItems(identifiers, for: .reconfigureItems) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(found):
            replaceValues(of: found)
            markReconfigured(items: found.map(\.key))
        }
        return nil
    }

    // MARK: - Shared steps

    private mutating func insertItems(
        _ identifiers: [ItemID], anchor: ItemID, after: Bool, operation: SnapshotOperation
    ) -> SnapshotAnomaly? {
        guard let location = index.location(of: SnapshotKey(anchor)) else {
            return refuse(.itemsNotFound(operation: operation, identifiers: [String(describing: anchor)]))
        }
        switch newItems(identifiers, for: operation) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(new): insertItems(new, inSection: location.section, at: after ? location.item + 1 : location.item)
        }
        return nil
    }

    private mutating func moveItem(
        _ item: ItemID, anchor: ItemID, after: Bool, operation: SnapshotOperation
    ) -> SnapshotAnomaly? {
        let key = SnapshotKey(item)
        let anchorKey = SnapshotKey(anchor)
        let missing = [(key, item), (anchorKey, anchor)].filter { !index.containsItem($0.0) }
        if !missing.isEmpty {
            return refuse(.itemsNotFound(operation: operation, identifiers: missing.map { String(describing: $0.1) }))
        }
        guard key != anchorKey, let source = index.location(of: key), var target = index.location(of: anchorKey) else {
            return refuse(.movedRelativeToItself(operation: operation, identifier: String(describing: item)))
        }
        // The anchor's location once the item is out of the way.
        if target.section == source.section, target.item > source.item { target.item -= 1 }
        let moving = takeItem(at: source)
        insertItems([moving], inSection: target.section, at: after ? target.item + 1 : target.item)
        return nil
    }

    /// Items for `identifiers`, or the anomaly when one repeats another or is already here.
    private func newItems(
        _ identifiers: [ItemID], for operation: SnapshotOperation
    ) -> Result<[(identifier: ItemID, key: SnapshotKey)], SnapshotAnomaly> {
        var seen = Set<SnapshotKey>()
        var repeated: [String] = []
        let new = identifiers.map { identifier in
            let key = SnapshotKey(identifier)
            if index.containsItem(key) || !seen.insert(key).inserted {
                repeated.append(String(describing: identifier))
            }
            return (identifier, key)
        }
        guard repeated.isEmpty else {
            return .failure(.itemIdentifiersNotUnique(operation: operation, identifiers: repeated))
        }
        return .success(new)
    }

    /// The keys and values of `identifiers` (the last value wins for repeats), or the anomaly
    /// naming those not in the snapshot.
    private func existingItems(
        _ identifiers: [ItemID], for operation: SnapshotOperation
    ) -> Result<[(key: SnapshotKey, identifier: ItemID)], SnapshotAnomaly> {
        var found: [(key: SnapshotKey, identifier: ItemID)] = []
        var indexOfKey: [SnapshotKey: Int] = [:]
        var missing: [String] = []
        for identifier in identifiers {
            let key = SnapshotKey(identifier)
            guard index.containsItem(key) else {
                missing.append(String(describing: identifier))
                continue
            }
            if let index = indexOfKey[key] {
                found[index].identifier = identifier
            } else {
                indexOfKey[key] = found.count
                found.append((key, identifier))
            }
        }
        guard missing.isEmpty else {
            return .failure(.itemsNotFound(operation: operation, identifiers: missing))
        }
        return .success(found)
    }
}
