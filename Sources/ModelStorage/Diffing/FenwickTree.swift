/// Prefix sums over a fixed number of slots, with point updates, both in O(log n); its nodes
/// live in a ``DiffWorkspace``.
struct FenwickTree {
    /// `nodes[0]` is unused: node `i` sums the `i & -i` slots ending at slot `i - 1`.
    private let nodes: UnsafeMutableBufferPointer<Int32>

    /// A tree in `nodes` over `nodes.count - 1` slots, slot `i` weighing `weight(i)`; O(n).
    init(nodes: UnsafeMutableBufferPointer<Int32>, weight: (Int) -> Int32) {
        self.nodes = nodes
        let count = nodes.count - 1
        guard count > 0 else { return }
        for slot in 0..<count { nodes[slot + 1] = weight(slot) }
        for index in 1...count {
            let parent = index + (index & -index)
            if parent <= count { nodes[parent] += nodes[index] }
        }
    }

    /// Adds `delta` to the weight of `slot`.
    func add(_ delta: Int32, at slot: Int) {
        var index = slot + 1
        while index < nodes.count {
            nodes[index] += delta
            index += index & -index
        }
    }

    /// The sum of the weights of the slots before `slot` (`slot` itself excluded).
    func sum(before slot: Int) -> Int {
        var index = slot
        var total: Int32 = 0
        while index > 0 {
            total += nodes[index]
            index -= index & -index
        }
        return Int(total)
    }
}
