import ModelStorage

/// A storage that delivers whatever change log it is told to, whatever its sections are: a
/// custom storage with a bug in its change log, for the suites that check what the filter and
/// the manager make of one.
@MainActor
public final class LyingStorage: BroadcastingStorage {
    public let broadcaster = UpdateBroadcaster()
    public var sections: [[Int]]

    public init(_ sections: [[Int]]) { self.sections = sections }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
            sections[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Delivers `changes` as they are.
    public func report(_ changes: ChangeSet) {
        broadcaster.deliver(.changes(changes), from: self)
    }
}
