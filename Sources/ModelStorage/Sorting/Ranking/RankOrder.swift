/// Items ordered by their ranks for each key of a sort, without comparing items: one stable
/// counting sort per key, the last key first, so the first key decides and equal items keep
/// their index order. O(items + ranks) per key, where comparing costs O(items × log items)
/// calls.
enum RankOrder {
    /// One key of a sort: each item's rank in its column (equal values share one, from 0 up)
    /// and the way the key points.
    struct Step: Sendable {
        let ranks: [Int32]
        let ascending: Bool
    }

    /// The indices `0..<count` in the order of `steps`, first step first; indices equal for
    /// every step in increasing order.
    static func sorted(count: Int, by steps: [Step]) -> [Int] {
        var order = Array(0..<count)
        var sorted = [Int](repeating: 0, count: count)
        for step in steps.reversed() {
            step.ranks.withUnsafeBufferPointer { ranks in
                let highest = Int(ranks.max() ?? 0)
                // Descending: the highest rank takes the first bucket.
                let bucket = { (index: Int) -> Int in step.ascending ? Int(ranks[index]) : highest - Int(ranks[index]) }
                var starts = [Int](repeating: 0, count: highest + 2)
                for index in 0..<count { starts[bucket(index) + 1] += 1 }
                for rank in 0...highest { starts[rank + 1] += starts[rank] }
                for index in order {
                    let place = bucket(index)
                    sorted[starts[place]] = index
                    starts[place] += 1
                }
            }
            swap(&order, &sorted)
        }
        return order
    }

    /// Sorts each run of `order` whose items are equal for every step by `areInIncreasingOrder`
    /// (the sort's tie-breakers); what `sorted(count:by:)` left in index order.
    static func sortTies(in order: inout [Int], by steps: [Step], _ areInIncreasingOrder: (Int, Int) -> Bool) {
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, steps.allSatisfy({ $0.ranks[order[end]] == $0.ranks[order[start]] }) { end += 1 }
            if end - start > 1 { order[start..<end].sort(by: areInIncreasingOrder) }
            start = end
        }
    }
}
