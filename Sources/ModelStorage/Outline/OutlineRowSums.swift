/// The prefix sums of the rows an outline node's children show, with point updates and a search
/// by row in O(log children) (a Fenwick tree, ``FenwickWalks``), in `Int32`s: no tree shows
/// 2³¹ rows (see ``OutlineNode``). Children added at the end cost O(log children) each;
/// elsewhere the sums are rebuilt, O(children).
struct OutlineRowSums: Sendable {
    /// `nodes[0]` is unused: node `i` sums the `i & -i` slots ending at slot `i - 1`. Empty
    /// until the first slot, so that a node whose children all went holds nothing.
    private var nodes: [Int32] = []
    /// The sum of every slot.
    private(set) var total = 0

    /// Sums over `weights`, one slot each, in order; O(n).
    init<Weights: Collection>(_ weights: Weights) where Weights.Element == Int {
        guard !weights.isEmpty else { return }
        nodes.reserveCapacity(weights.count + 1)
        nodes.append(0)
        for weight in weights {
            nodes.append(Int32(truncatingIfNeeded: weight))
            total += weight
        }
        nodes.withUnsafeMutableBufferPointer { FenwickWalks.build($0) }
    }

    init() {}

    var count: Int { max(nodes.count - 1, 0) }

    /// Adds slots of `weights` after the last: O(log n) each.
    mutating func append<Weights: Sequence>(contentsOf weights: Weights) where Weights.Element == Int {
        if nodes.isEmpty { nodes.append(0) }
        for weight in weights {
            let index = nodes.count
            // Node `index` covers the slots from `index - lowbit` to `index - 1`: the new weight
            // and the sum of the earlier slots of its range.
            let start = index - (index & -index)
            nodes.append(Int32(truncatingIfNeeded: weight + sum(before: index - 1) - sum(before: start)))
            total += weight
        }
    }

    /// Adds `delta` to the weight of `slot`.
    mutating func add(_ delta: Int, at slot: Int) {
        total += delta
        nodes.withUnsafeMutableBufferPointer { FenwickWalks.add(Int32(truncatingIfNeeded: delta), at: slot, in: $0) }
    }

    /// The sum of the weights of the slots before `slot`.
    func sum(before slot: Int) -> Int {
        guard slot > 0 else { return 0 }
        return Int(nodes.withUnsafeBufferPointer { FenwickWalks.sum(before: slot, in: $0) })
    }

    /// The weight of `slot`.
    func weight(at slot: Int) -> Int {
        sum(before: slot + 1) - sum(before: slot)
    }

    /// The slot whose rows hold row `row` (counted from 0 across the slots), and the sum of the
    /// slots before it; nil when `row` is past the total. Weights are never negative.
    func slot(holding row: Int) -> (slot: Int, before: Int)? {
        guard row >= 0, row < total else { return nil }
        return nodes.withUnsafeBufferPointer { nodes in
            let count = nodes.count - 1
            var index = 0, before = 0
            var step = 1
            while step * 2 <= count { step *= 2 }
            // The largest index whose prefix sum is at most `row`: the slot after it holds the row.
            while step > 0 {
                let next = index + step
                if next <= count, before + Int(nodes[next]) <= row {
                    index = next
                    before += Int(nodes[next])
                }
                step /= 2
            }
            return (index, before)
        }
    }
}
