/// Where each section of a flat list of rows starts: the prefix sums of the sections' row
/// counts, with one more entry for the total. Built in O(sections) (after a change, on the
/// first look-up); a position's section is a binary search, O(1) when positions are asked in
/// order, as a host binding a range asks them.
struct SectionStarts {
    /// `starts[s]` is section `s`'s first position; the last entry is the total.
    private var starts: [Int] = [0]
    /// The section found last.
    private var lastFound = 0

    /// No sections.
    init() {}

    /// The starts of `count` sections of `rows(s)` rows each.
    init(count: Int, rows: (Int) -> Int) {
        starts.reserveCapacity(count + 1)
        var total = 0
        for section in 0..<count {
            total += rows(section)
            starts.append(total)
        }
    }

    /// Adds `rows` to the rows of `section`: the starts after it move by as much.
    /// O(sections after it).
    mutating func add(_ rows: Int, toSection section: Int) {
        for later in section + 1..<starts.count { starts[later] += rows }
    }

    /// The number of sections.
    var sectionCount: Int { starts.count - 1 }

    /// The number of rows of every section.
    var total: Int { starts[starts.count - 1] }

    /// The first position of `section`; the total for `sectionCount`.
    subscript(section: Int) -> Int { starts[section] }

    /// The section whose rows include `position` (empty sections include none); nil outside
    /// `0..<total`.
    mutating func section(containing position: Int) -> Int? {
        let count = sectionCount
        guard position >= 0, position < total else { return nil }
        let hint = lastFound
        if hint < count, starts[hint] <= position, position < starts[hint + 1] { return hint }
        // The first section ending after the position.
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high) / 2
            if starts[middle + 1] > position { high = middle } else { low = middle + 1 }
        }
        lastFound = low
        return low
    }
}
