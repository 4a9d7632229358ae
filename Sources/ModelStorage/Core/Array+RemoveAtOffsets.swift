extension Array {
    /// Removes the elements at `offsets` (ascending, distinct, in range) in one pass: O(count),
    /// whatever the number or spread of the offsets.
    mutating func remove(atAscendingOffsets offsets: [Int]) {
        guard let first = offsets.first else { return }
        // One access to the buffer for the whole pass: `Array.swapAt` would check uniqueness
        // and bounds for each of a million elements.
        let kept = withUnsafeMutableBufferPointer { elements in
            var write = first
            var next = 0
            for read in first..<elements.count {
                if next < offsets.count, offsets[next] == read {
                    next += 1
                } else {
                    elements.swapAt(write, read)
                    write += 1
                }
            }
            return write
        }
        removeLast(count - kept)
    }
}
