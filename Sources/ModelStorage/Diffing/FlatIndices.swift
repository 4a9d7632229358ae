/// Sections of items laid end to end: flat indices and back. Its starts live in a
/// ``DiffWorkspace``.
@usableFromInline
struct FlatIndices {
    /// Where each section starts, plus the total count at the end.
    @usableFromInline let starts: UnsafeMutableBufferPointer<Int32>

    /// Writes into `starts` the layout of sections of `counts` items each.
    @inlinable
    init(starts: UnsafeMutableBufferPointer<Int32>, counts: some Sequence<Int>) {
        self.starts = starts
        var total = 0
        starts[0] = 0
        for (section, count) in counts.enumerated() {
            total += count
            starts[section + 1] = Int32(truncatingIfNeeded: total)
        }
    }

    @inlinable var count: Int { Int(starts[starts.count - 1]) }
    @inlinable var sectionCount: Int { starts.count - 1 }
    @inlinable func start(of section: Int) -> Int { Int(starts[section]) }
    @inlinable func range(of section: Int) -> Range<Int> { Int(starts[section])..<Int(starts[section + 1]) }

    /// The section holding flat index `flat`; `guess` (or −1) is checked first, since an item
    /// usually stays in its section. Otherwise a binary search: the last start at or before
    /// `flat`, O(log sections).
    @inlinable
    func section(ofFlat flat: Int, guess: Int) -> Int {
        if guess >= 0, range(of: guess).contains(flat) { return guess }
        var low = 0
        var high = sectionCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(starts[middle]) <= flat { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
