/// Marks the elements of a longest strictly increasing subsequence of `values`.
///
/// Patience sorting in O(n log n). The elements *not* marked are exactly the fewest elements that
/// must move to put the rest in order: the differ keeps the marked ones where they are.
/// An already increasing sequence (the usual case: nothing moved) costs O(n). The loops read
/// through buffer pointers: they touch every element, and bounds checks would double their cost.
func longestIncreasingSubsequence(of values: [Int]) -> [Bool] {
    let count = values.count
    guard count > 0 else { return [] }
    return values.withUnsafeBufferPointer { values in
        var isIncreasing = true
        for index in 1..<count where values[index - 1] >= values[index] {
            isIncreasing = false
            break
        }
        if isIncreasing { return [Bool](repeating: true, count: count) }

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
            let value = values[position]
            // Mostly ordered input (few moves) extends the longest run: no search then.
            var low = length
            if length > 0, value <= tailValues[length - 1] {
                low = 0
                var high = length - 1
                while low < high {
                    let middle = (low + high) &>> 1
                    if tailValues[middle] < value { low = middle + 1 } else { high = middle }
                }
            }
            predecessor[position] = low > 0 ? tails[low - 1] : -1
            tails[low] = position
            tailValues[low] = value
            if low == length { length += 1 }
        }
        var kept = [Bool](repeating: false, count: count)
        var position = tails[length - 1]
        while position >= 0 {
            kept[position] = true
            position = predecessor[position]
        }
        return kept
    }
}
