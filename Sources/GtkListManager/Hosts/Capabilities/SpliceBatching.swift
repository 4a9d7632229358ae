/// A host that takes the row splices of one change at once: opening every folder of a tree
/// inserts thousands of runs of rows, a re-sort moves every row, and a host that re-indexes or
/// re-places its rows per splice pays for each. The manager hands it every run of insertions
/// (or removals) of one section that follow each other top to bottom (bottom to top), and every
/// series of moves within a section, in one call; a host that does not adopt it gets the same
/// splices one by one.
@MainActor
public protocol SpliceBatching: ListHost {
    /// Inserts `count` rows at `position` for each insertion, as calls of
    /// ``ListHost/insertRows(at:count:)`` in turn would: positions ascending, each read with the
    /// earlier insertions made.
    func insertRows(_ insertions: [(position: Int, count: Int)])
    /// Removes each range, as calls of ``ListHost/removeRows(at:)`` in turn would: ranges from
    /// the bottom up and apart, so each is read as before any removal.
    func removeRows(_ removals: [Range<Int>])
    /// Moves rows as calls of ``ListHost/moveRow(from:to:)`` in turn would: each move read with
    /// the earlier ones made. Default: those calls.
    func moveRows(_ moves: [(from: Int, to: Int)])
}

extension SpliceBatching {
    public func moveRows(_ moves: [(from: Int, to: Int)]) {
        for move in moves { moveRow(from: move.from, to: move.to) }
    }
}
