/// Prefix sums over a fixed number of slots, with point updates, both in O(log n)
/// (``FenwickWalks``); its nodes live in a ``DiffWorkspace``.
struct FenwickTree {
    /// `nodes[0]` is unused: node `i` sums the `i & -i` slots ending at slot `i - 1`.
    private let nodes: UnsafeMutableBufferPointer<Int32>

    /// A tree in `nodes` over `nodes.count - 1` slots, slot `i` weighing `weight(i)`; O(n).
    init(nodes: UnsafeMutableBufferPointer<Int32>, weight: (Int) -> Int32) {
        self.nodes = nodes
        for slot in 0..<max(nodes.count - 1, 0) { nodes[slot + 1] = weight(slot) }
        FenwickWalks.build(nodes)
    }

    /// Adds `delta` to the weight of `slot`.
    func add(_ delta: Int32, at slot: Int) {
        FenwickWalks.add(delta, at: slot, in: nodes)
    }

    /// The sum of the weights of the slots before `slot` (`slot` itself excluded).
    func sum(before slot: Int) -> Int {
        Int(FenwickWalks.sum(before: slot, in: UnsafeBufferPointer(nodes)))
    }
}
