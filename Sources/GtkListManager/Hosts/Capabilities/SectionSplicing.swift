/// A host that groups its rows by section, as a grid with a flow of cells per section does:
/// the manager keeps its sections in step with the host's.
///
/// The manager calls the section splices in the order of its change sets, so a host's section
/// `s` is always the manager's, and ``ListHostDelegate/location(ofPosition:)`` tells which
/// section a new position joins. A host that does not adopt it sees a section's rows as any
/// other rows: inserted, removed, and moved one by one when the section moves.
@MainActor
public protocol SectionSplicing: ListHost {
    /// Inserts `count` empty sections at `index`, before any of their rows.
    func insertSections(at index: Int, count: Int)
    /// Removes the sections `indexes`, whose rows were removed before.
    func removeSections(at indexes: Range<Int>)
    /// Moves section `source` with its rows, the positions `rows`, to be section `destination`,
    /// its rows starting at position `firstPosition` (read after the removal). The default
    /// moves the rows one by one.
    func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int)
}

extension SectionSplicing {
    public func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int) {
        moveRowByRow(rows, toPosition: firstPosition)
    }
}

extension ListHost {
    /// Moves the block `rows` to start at `firstPosition` (read after its removal) with
    /// ``moveRow(from:to:)``, one row at a time: a section's move on a host that has no
    /// sections of its own.
    public func moveRowByRow(_ rows: Range<Int>, toPosition firstPosition: Int) {
        for (from, to) in rowByRowMoves(of: rows, toPosition: firstPosition) { moveRow(from: from, to: to) }
    }
}

/// The single-row moves that move the block `rows` to start at `firstPosition` (read after its
/// removal): from its first row each time when moving down, so each source stays in place.
func rowByRowMoves(of rows: Range<Int>, toPosition firstPosition: Int) -> [(from: Int, to: Int)] {
    (0..<rows.count).map { offset in
        firstPosition > rows.lowerBound
            ? (rows.lowerBound, firstPosition + rows.count - 1) : (rows.lowerBound + offset, firstPosition + offset)
    }
}
