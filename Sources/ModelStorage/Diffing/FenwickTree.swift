/// Prefix sums over a fixed number of slots, with point updates, both in O(log n).
///
/// The differ keeps one per container to know where an element currently is while it replays
/// moves and inserts, without shifting arrays (which would make a diff quadratic).
struct FenwickTree {
    private var tree: [Int]

    /// A tree over `weights.count` slots, built in O(n).
    init(weights: [Int]) {
        tree = [0] + weights
        let count = weights.count
        var index = 1
        while index <= count {
            let parent = index + (index & -index)
            if parent <= count { tree[parent] += tree[index] }
            index += 1
        }
    }

    /// Adds `delta` to the weight of `slot`.
    mutating func add(_ delta: Int, at slot: Int) {
        var index = slot + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The sum of the weights of the slots before `slot` (`slot` itself excluded).
    func sum(before slot: Int) -> Int {
        var index = slot
        var total = 0
        while index > 0 {
            total += tree[index]
            index -= index & -index
        }
        return total
    }
}
