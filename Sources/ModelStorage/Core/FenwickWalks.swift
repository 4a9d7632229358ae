/// The walks of a Fenwick tree (a binary indexed tree) over `nodes`: node `i` sums the `i & -i`
/// slots ending at slot `i - 1`, `nodes[0]` unused. Shared by ``PrefixSums`` (a growable array,
/// searched by row) and the differ's `FenwickTree` (32-bit nodes in its workspace).
enum FenwickWalks {
    /// Turns `nodes[1...]`, the slots' weights in order, into the tree's nodes; O(n).
    static func build<Node: BinaryInteger>(_ nodes: UnsafeMutableBufferPointer<Node>) {
        let count = nodes.count - 1
        guard count > 0 else { return }
        for index in 1...count {
            let parent = index + (index & -index)
            if parent <= count { nodes[parent] += nodes[index] }
        }
    }

    /// Adds `delta` to the weight of `slot`.
    static func add<Node: BinaryInteger>(_ delta: Node, at slot: Int, in nodes: UnsafeMutableBufferPointer<Node>) {
        var index = slot + 1
        while index < nodes.count {
            nodes[index] += delta
            index += index & -index
        }
    }

    /// The sum of the weights of the slots before `slot` (`slot` itself excluded).
    static func sum<Node: BinaryInteger>(before slot: Int, in nodes: UnsafeBufferPointer<Node>) -> Node {
        var index = slot
        var total: Node = 0
        while index > 0 {
            total += nodes[index]
            index -= index & -index
        }
        return total
    }
}
