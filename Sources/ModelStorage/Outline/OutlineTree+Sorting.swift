// Sorting a tree: every node's children put in an order, the rows under each child moving
// with it.
extension OutlineTree {
    /// Orders the children of every node as `precedes` says (by node; nil for a tie), children
    /// that tie keeping their order. O(nodes × log children); the expansion is untouched.
    mutating func sortChildren(by precedes: (Int, Int) -> Bool?) {
        for parent in nodesWithSeveralChildren {
            sortChildren(of: parent, by: precedes)
        }
    }

    /// The nodes that hold an item, by slot.
    var itemSlots: [Int] { nodes.indices.filter { nodes[$0].hasItem } }

    /// How many slots the tree has (free ones included): what arrays by node are sized by.
    var slotCount: Int { nodes.count }

    /// How the rows moved from `old`, the same tree before a sort: for each row now, its row
    /// before; nil when no row moved.
    func rowSources(since old: OutlineTree) -> [Int]? {
        let before = old.visibleNodes(from: Self.root)
        let after = visibleNodes(from: Self.root)
        guard before != after else { return nil }
        var rowBefore = [Int](repeating: -1, count: nodes.count)
        for (row, node) in before.enumerated() { rowBefore[node] = row }
        return after.map { rowBefore[$0] }
    }
}

/// A section's tree sorted off the main thread, and how its rows moved (nil: none did).
struct SortedOutline<Item: Sendable>: Sendable {
    let tree: OutlineTree<Item>
    let reordering: ItemReordering?
}

/// How to sort the items of a tree: the sort keys and the comparisons of their columns.
struct OutlineSorting<Item: Sendable>: Sendable {
    let keys: [SortKey]
    let comparisons: ColumnComparisons<Item>

    /// The order of the nodes of `tree` (nil: a tie; status rows and the root tie), each column
    /// ranked once over the tree's items.
    func order(of tree: OutlineTree<Item>) -> (Int, Int) -> Bool? {
        let slots = tree.itemSlots
        var place = [Int](repeating: -1, count: tree.slotCount)
        for (index, slot) in slots.enumerated() { place[slot] = index }
        let items = slots.map { tree.item(of: $0)! }
        var ranks = RankCache()
        let steps = comparisons.rankSteps(of: items, by: keys, ranks: &ranks)
        return { lhs, rhs in
            guard place[lhs] >= 0, place[rhs] >= 0 else { return nil }
            return comparisons.precedes(place[lhs], place[rhs], of: items, by: steps)
        }
    }

    /// `tree` with every node's children sorted, and how its rows moved.
    func sorted(_ tree: OutlineTree<Item>) -> (tree: OutlineTree<Item>, rowSources: [Int]?) {
        var sorted = tree
        sorted.sortChildren(by: order(of: tree))
        return (sorted, sorted.rowSources(since: tree))
    }
}
