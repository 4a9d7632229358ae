/// Prefix sums over a fixed number of slots, with point updates, both in O(log n).
///
/// The differ keeps one per container to know where an element currently is while it replays
/// moves and inserts, without shifting arrays (which would make a diff quadratic). The walks read
/// the tree through a buffer pointer: they run once or twice per moved element, and a bounds
/// check per step would cost as much as the step.
struct FenwickTree {
    private var tree: [Int]

    /// A tree over `present.count` slots, each weighing 1 when present and 0 otherwise; O(n).
    init(present: some Collection<Bool>) {
        let count = present.count
        tree = [Int](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            buffer[0] = 0
            var index = 1
            for isPresent in present {
                buffer[index] = isPresent ? 1 : 0
                index += 1
            }
            index = 1
            while index <= count {
                let parent = index + (index & -index)
                if parent <= count { buffer[parent] += buffer[index] }
                index += 1
            }
            initialized = count + 1
        }
    }

    /// Adds `delta` to the weight of `slot`.
    mutating func add(_ delta: Int, at slot: Int) {
        tree.withUnsafeMutableBufferPointer { tree in
            var index = slot + 1
            while index < tree.count {
                tree[index] += delta
                index += index & -index
            }
        }
    }

    /// The sum of the weights of the slots before `slot` (`slot` itself excluded).
    func sum(before slot: Int) -> Int {
        tree.withUnsafeBufferPointer { tree in
            var index = slot
            var total = 0
            while index > 0 {
                total += tree[index]
                index -= index & -index
            }
            return total
        }
    }
}
