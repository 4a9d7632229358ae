/// The positions inserted by the splices since a virtualized host's last layout, followed
/// through the splices after them, so that the layout can tell a row that came (it fades in)
/// from a row that only moved into view (it slides).
///
/// It keeps ranges, a few at most: past ``limit`` of them (a filter's keystroke brings thousands
/// of runs) it gives up and calls every position inserted, so its cost never grows with the
/// change.
struct InsertedPositions {
    /// The ranges kept, in no order; they never overlap.
    private(set) var ranges: [Range<Int>] = []
    /// True once more ranges than ``limit`` came: every position counts as inserted.
    private(set) var overflowed = false
    static let limit = 64

    var isEmpty: Bool { ranges.isEmpty && !overflowed }

    func contains(_ position: Int) -> Bool {
        overflowed || ranges.contains { $0.contains(position) }
    }

    mutating func removeAll() {
        ranges = []
        overflowed = false
    }

    /// `count` rows inserted at `position`.
    mutating func insert(_ count: Int, at position: Int) {
        makeRoom(count, at: position)
        add(position..<position + count)
    }

    /// A row moved from `source` to `destination`: a row the splices inserted stays inserted
    /// where it goes (it fades in there), another row only makes room.
    mutating func move(from source: Int, to destination: Int) {
        let wasInserted = contains(source)
        remove(source..<source + 1)
        if wasInserted { insert(1, at: destination) } else { makeRoom(1, at: destination) }
    }

    /// `count` rows that were not inserted (a moved row) put at `position`: the ranges at or
    /// after it move down, a range it falls inside splits around them.
    mutating func makeRoom(_ count: Int, at position: Int) {
        guard !overflowed, count > 0 else { return }
        let before = ranges
        ranges = []
        for range in before {
            if range.lowerBound >= position {
                add(range.lowerBound + count..<range.upperBound + count)
            } else if range.upperBound > position {
                add(range.lowerBound..<position)
                add(position + count..<range.upperBound + count)
            } else {
                add(range)
            }
        }
    }

    /// The rows of `removed` removed.
    mutating func remove(_ removed: Range<Int>) {
        guard !overflowed, !removed.isEmpty else { return }
        func moved(_ boundary: Int) -> Int {
            boundary <= removed.lowerBound ? boundary : max(boundary - removed.count, removed.lowerBound)
        }
        ranges = ranges.map { moved($0.lowerBound)..<moved($0.upperBound) }.filter { !$0.isEmpty }
    }

    /// Every range's boundaries moved as `movedBoundary` says (a batch of splices at once).
    mutating func moveBoundaries(_ movedBoundary: (Int) -> Int) {
        guard !overflowed else { return }
        ranges = ranges.map { movedBoundary($0.lowerBound)..<movedBoundary($0.upperBound) }.filter { !$0.isEmpty }
    }

    /// Adds `range`, positions after the splices so far.
    mutating func add(_ range: Range<Int>) {
        guard !overflowed, !range.isEmpty else { return }
        guard ranges.count < Self.limit else {
            ranges = []
            overflowed = true
            return
        }
        ranges.append(range)
    }
}
