/// Marks the elements of a longest strictly increasing subsequence, with its buffers in a
/// ``DiffWorkspace``.
///
/// The elements *not* marked are exactly the fewest elements that must move to put the rest in
/// order: the differ keeps the marked ones where they are.
struct LongestIncreasingSubsequence {
    /// `tails[k]`: the position of the smallest tail of an increasing subsequence of length
    /// k + 1; `tailValues[k]` its value, kept alongside so the search reads one array.
    let tails: UnsafeMutableBufferPointer<Int32>
    let tailValues: UnsafeMutableBufferPointer<Int32>
    /// Per position, the position before it in the subsequence it extends.
    let predecessors: UnsafeMutableBufferPointer<Int32>

    /// Marks `kept` in `marks[position]` for the positions of a longest strictly increasing
    /// subsequence of those `values` that lie in `candidates`; the others are left out. (The
    /// differ's values are old indices, −1 for none, and a section's candidates the old
    /// section's range.)
    ///
    /// Patience sorting in O(m log m) over the m candidates; already increasing candidates (the
    /// usual case: nothing moved) cost O(m) and no buffer.
    func mark(
        _ kept: DiffMarks, in marks: UnsafeMutableBufferPointer<DiffMarks>, values: UnsafeBufferPointer<Int32>, candidates: Range<Int>
    ) {
        let (low, high) = (Int32(truncatingIfNeeded: candidates.lowerBound), Int32(truncatingIfNeeded: candidates.upperBound))
        var isIncreasing = true
        var last: Int32 = -1
        for value in values where value >= low && value < high {
            if value <= last {
                isIncreasing = false
                break
            }
            last = value
        }
        if isIncreasing {
            for (position, value) in values.enumerated() where value >= low && value < high { marks[position].insert(kept) }
            return
        }
        var length = 0
        for (position, value) in values.enumerated() where value >= low && value < high {
            // Mostly ordered input (few moves) extends the longest run: no search then.
            var index = length
            if length > 0, value <= tailValues[length - 1] {
                index = 0
                var upper = length - 1
                while index < upper {
                    let middle = (index + upper) &>> 1
                    if tailValues[middle] < value { index = middle + 1 } else { upper = middle }
                }
            }
            predecessors[position] = index > 0 ? tails[index - 1] : -1
            tails[index] = Int32(truncatingIfNeeded: position)
            tailValues[index] = value
            if index == length { length += 1 }
        }
        var position = length > 0 ? Int(tails[length - 1]) : -1
        while position >= 0 {
            marks[position].insert(kept)
            position = Int(predecessors[position])
        }
    }
}
