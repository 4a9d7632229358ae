extension RandomAccessCollection {
    /// The first index whose element satisfies `belongsInSecondPartition`, which must be false
    /// up to some element and true from it on (as a test against sorted elements is); the end
    /// index when none does. A binary search, as swift-algorithms' method of the same name.
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Index {
        var low = startIndex, length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if belongsInSecondPartition(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}
