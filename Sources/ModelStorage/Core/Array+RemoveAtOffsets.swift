extension Array {
    /// Removes the elements at `offsets` (ascending, distinct, in range) in one pass: O(count),
    /// whatever the number or spread of the offsets.
    mutating func remove(atAscendingOffsets offsets: [Int]) {
        guard let first = offsets.first else { return }
        var write = first
        var next = 0
        for read in first..<count {
            if next < offsets.count, offsets[next] == read {
                next += 1
            } else {
                swapAt(write, read)
                write += 1
            }
        }
        removeLast(count - write)
    }
}
