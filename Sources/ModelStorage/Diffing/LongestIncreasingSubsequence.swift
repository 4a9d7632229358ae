/// Marks the elements of a longest strictly increasing subsequence of `values`.
///
/// Patience sorting in O(n log n). The elements *not* marked are exactly the fewest elements that
/// must move to put the rest in order: the differ keeps the marked ones where they are.
/// An already increasing sequence (the usual case: nothing moved) costs O(n).
func longestIncreasingSubsequence(of values: [Int]) -> [Bool] {
    var kept = [Bool](repeating: false, count: values.count)
    guard !values.isEmpty else { return kept }
    if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
        return [Bool](repeating: true, count: values.count)
    }
    // tails[k]: position of the smallest tail of an increasing subsequence of length k + 1;
    // tailValues[k] its value, kept alongside so the search reads one array.
    var tails: [Int] = []
    var tailValues: [Int] = []
    tails.reserveCapacity(values.count)
    tailValues.reserveCapacity(values.count)
    var predecessor = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        // Mostly ordered input (few moves) extends the longest run: no search then.
        var low = tailValues.count
        if let last = tailValues.last, value <= last {
            low = 0
            var high = tailValues.count - 1
            while low < high {
                let middle = (low + high) / 2
                if tailValues[middle] < value { low = middle + 1 } else { high = middle }
            }
        }
        if low > 0 { predecessor[position] = tails[low - 1] }
        if low == tails.count {
            tails.append(position)
            tailValues.append(value)
        } else {
            tails[low] = position
            tailValues[low] = value
        }
    }
    var position = tails.last ?? -1
    while position >= 0 {
        kept[position] = true
        position = predecessor[position]
    }
    return kept
}
