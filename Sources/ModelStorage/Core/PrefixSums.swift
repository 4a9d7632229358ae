/// Prefix sums over slots (the rows each child of an outline node shows, the items of each chunk
/// of a filter's index), with point updates and a search by row, all in O(log slots) (a Fenwick
/// tree, ``FenwickWalks``). Slots added at the end cost O(log slots) each; elsewhere the sums are
/// rebuilt, O(slots).
struct PrefixSums: Sendable {
    /// `nodes[0]` is unused: node `i` sums the `i & -i` slots ending at slot `i - 1`.
    private var nodes: [Int] = [0]
    /// The sum of every slot.
    private(set) var total = 0

    /// Sums over `weights`, one slot each, in order; O(n).
    init<Weights: Collection>(_ weights: Weights) where Weights.Element == Int {
        nodes = [0]
        nodes.reserveCapacity(weights.count + 1)
        nodes.append(contentsOf: weights)
        total = weights.reduce(0, +)
        nodes.withUnsafeMutableBufferPointer { FenwickWalks.build($0) }
    }

    init() {}

    var count: Int { nodes.count - 1 }

    /// Adds slots of `weights` after the last: O(log n) each, so appending children one at a
    /// time stays linear.
    mutating func append<Weights: Sequence>(contentsOf weights: Weights) where Weights.Element == Int {
        for weight in weights {
            let index = nodes.count
            // Node `index` covers the slots from `index - lowbit` to `index - 1`: the new weight
            // and the sum of the earlier slots of its range.
            let start = index - (index & -index)
            nodes.append(weight + sum(before: index - 1) - sum(before: start))
            total += weight
        }
    }

    /// Adds `delta` to the weight of `slot`.
    mutating func add(_ delta: Int, at slot: Int) {
        total += delta
        nodes.withUnsafeMutableBufferPointer { FenwickWalks.add(delta, at: slot, in: $0) }
    }

    /// The sum of the weights of the slots before `slot`.
    func sum(before slot: Int) -> Int {
        nodes.withUnsafeBufferPointer { FenwickWalks.sum(before: slot, in: $0) }
    }

    /// The slot whose rows hold row `row` (counted from 0 across the slots), and the sum of the
    /// slots before it; nil when `row` is past the total. Weights are never negative.
    func slot(holding row: Int) -> (slot: Int, before: Int)? {
        guard row >= 0, row < total else { return nil }
        var index = 0, before = 0
        var step = 1
        while step * 2 <= count { step *= 2 }
        // The largest index whose prefix sum is at most `row`: the slot after it holds the row.
        while step > 0 {
            let next = index + step
            if next <= count, before + nodes[next] <= row {
                index = next
                before += nodes[next]
            }
            step /= 2
        }
        return (index, before)
    }
}
