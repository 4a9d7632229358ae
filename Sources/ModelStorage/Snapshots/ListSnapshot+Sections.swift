// Section operations. Each either applies completely or changes nothing and returns (and
// records) the anomaly that explains why.
extension ListSnapshot {
    /// Adds `identifiers` as empty sections at the end.
    @discardableResult
    public mutating func appendSections(_ identifiers: [SectionID]) -> SnapshotAnomaly? {
        switch newSections(identifiers, for: .appendSections) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(new): insertSections(new, at: numberOfSections)
        }
        return nil
    }

    /// Inserts `identifiers` as empty sections before `anchor`.
    @discardableResult
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection anchor: SectionID) -> SnapshotAnomaly? {
        insertSections(identifiers, anchor: anchor, after: false, operation: .insertSectionsBeforeSection)
    }

    /// Inserts `identifiers` as empty sections after `anchor`.
    @discardableResult
    public mutating func insertSections(_ identifiers: [SectionID], afterSection anchor: SectionID) -> SnapshotAnomaly? {
        insertSections(identifiers, anchor: anchor, after: true, operation: .insertSectionsAfterSection)
    }

    /// Removes the sections `identifiers` with their items (repeats are harmless).
    @discardableResult
    public mutating func deleteSections(_ identifiers: [SectionID]) -> SnapshotAnomaly? {
        switch existingSections(identifiers, for: .deleteSections) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(positions): removeSections(at: positions)
        }
        return nil
    }

    /// Moves `section`, with its items, to just before `anchor`.
    @discardableResult
    public mutating func moveSection(_ section: SectionID, beforeSection anchor: SectionID) -> SnapshotAnomaly? {
        moveSection(section, anchor: anchor, after: false, operation: .moveSectionBeforeSection)
    }

    /// Moves `section`, with its items, to just after `anchor`.
    @discardableResult
    public mutating func moveSection(_ section: SectionID, afterSection anchor: SectionID) -> SnapshotAnomaly? {
        moveSection(section, anchor: anchor, after: true, operation: .moveSectionAfterSection)
    }

    /// Marks `identifiers` to be recreated when the snapshot is applied: the section's header,
    /// footer and item rows are all built anew (a delete and an insert of the whole section).
    @discardableResult
    public mutating func reloadSections(_ identifiers: [SectionID]) -> SnapshotAnomaly? {
        guard !identifiers.isEmpty else { return nil }
        switch existingSections(identifiers, for: .reloadSections) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(positions): markReloaded(sections: positions.map(index.sectionKey(at:)))
        }
        return nil
    }

    // MARK: - Shared steps

    private mutating func insertSections(
        _ identifiers: [SectionID], anchor: SectionID, after: Bool, operation: SnapshotOperation
    ) -> SnapshotAnomaly? {
        guard let position = index.position(ofSection: SnapshotKey(anchor)) else {
            return refuse(.sectionsNotFound(operation: operation, identifiers: [String(describing: anchor)]))
        }
        switch newSections(identifiers, for: operation) {
        case let .failure(anomaly): return refuse(anomaly)
        case let .success(new): insertSections(new, at: after ? position + 1 : position)
        }
        return nil
    }

    private mutating func moveSection(
        _ section: SectionID, anchor: SectionID, after: Bool, operation: SnapshotOperation
    ) -> SnapshotAnomaly? {
        let key = SnapshotKey(section)
        let anchorKey = SnapshotKey(anchor)
        let missing = [(key, section), (anchorKey, anchor)].filter { index.position(ofSection: $0.0) == nil }
        if !missing.isEmpty {
            return refuse(.sectionsNotFound(operation: operation, identifiers: missing.map { String(describing: $0.1) }))
        }
        guard key != anchorKey, let source = index.position(ofSection: key), let target = index.position(ofSection: anchorKey) else {
            return refuse(.movedRelativeToItself(operation: operation, identifier: String(describing: section)))
        }
        // The anchor's position once the section is out of the way.
        let anchorAfterRemoval = target > source ? target - 1 : target
        moveSection(from: source, to: after ? anchorAfterRemoval + 1 : anchorAfterRemoval)
        return nil
    }

    /// Sections for `identifiers`, or the anomaly when one repeats another or is already here.
    private func newSections(
        _ identifiers: [SectionID], for operation: SnapshotOperation
    ) -> Result<[(identifier: SectionID, key: SnapshotKey)], SnapshotAnomaly> {
        var seen = Set<SnapshotKey>()
        var repeated: [String] = []
        let new = identifiers.map { identifier in
            let key = SnapshotKey(identifier)
            if index.position(ofSection: key) != nil || !seen.insert(key).inserted {
                repeated.append(String(describing: identifier))
            }
            return (identifier, key)
        }
        guard repeated.isEmpty else {
            return .failure(.sectionIdentifiersNotUnique(operation: operation, identifiers: repeated))
        }
        return .success(new)
    }

    /// The distinct positions of `identifiers`, or the anomaly naming those not in the snapshot.
    private func existingSections(_ identifiers: [SectionID], for operation: SnapshotOperation) -> Result<[Int], SnapshotAnomaly> {
        var positions: [Int] = []
        var seen = Set<Int>()
        var missing: [String] = []
        for identifier in identifiers {
            guard let position = index.position(ofSection: SnapshotKey(identifier)) else {
                missing.append(String(describing: identifier))
                continue
            }
            if seen.insert(position).inserted { positions.append(position) }
        }
        guard missing.isEmpty else {
            return .failure(.sectionsNotFound(operation: operation, identifiers: missing))
        }
        return .success(positions)
    }
}
