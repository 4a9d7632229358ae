/// Marks the elements of a longest strictly increasing subsequence of `values`.
///
/// The elements *not* marked are exactly the fewest elements that must move to put the rest in
/// order: the differ keeps the marked ones where they are.
func longestIncreasingSubsequence(of values: [Int]) -> [Bool] {
    values.withUnsafeBufferPointer { values in
        longestIncreasingSubsequence(count: values.count) { values[$0] }
    }
}

/// Marks, among positions `0..<count`, a longest subsequence of those with a value whose values
/// strictly increase; positions without a value (`value` returns nil) are left out and unmarked.
///
/// Patience sorting in O(n log n); an already increasing sequence (the usual case: nothing
/// moved) costs O(n). Reading values through `value` lets the differ run it straight over its
/// pairings, without copying the candidates out first; the loops use buffer pointers, since they
/// touch every element and bounds checks would double their cost.
func longestIncreasingSubsequence(count: Int, value: (Int) -> Int?) -> [Bool] {
    var kept = [Bool](repeating: false, count: count)
    guard count > 0 else { return kept }
    var isIncreasing = true
    var last = Int.min
    for position in 0..<count {
        guard let current = value(position) else { continue }
        if current <= last {
            isIncreasing = false
            break
        }
        last = current
    }
    kept.withUnsafeMutableBufferPointer { kept in
        if isIncreasing {
            for position in 0..<count where value(position) != nil { kept[position] = true }
            return
        }
        // tails[k]: position of the smallest tail of an increasing subsequence of length k + 1;
        // tailValues[k] its value, kept alongside so the search reads one array.
        let tails = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        let tailValues = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        let predecessor = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        defer {
            tails.deallocate()
            tailValues.deallocate()
            predecessor.deallocate()
        }
        var length = 0
        for position in 0..<count {
            guard let current = value(position) else { continue }
            // Mostly ordered input (few moves) extends the longest run: no search then.
            var low = length
            if length > 0, current <= tailValues[length - 1] {
                low = 0
                var high = length - 1
                while low < high {
                    let middle = (low + high) &>> 1
                    if tailValues[middle] < current { low = middle + 1 } else { high = middle }
                }
            }
            predecessor[position] = low > 0 ? tails[low - 1] : -1
            tails[low] = position
            tailValues[low] = current
            if low == length { length += 1 }
        }
        var position = length > 0 ? tails[length - 1] : -1
        while position >= 0 {
            kept[position] = true
            position = predecessor[position]
        }
    }
    return kept
}
