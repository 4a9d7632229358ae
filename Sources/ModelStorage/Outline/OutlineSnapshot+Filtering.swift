// Filtering an outline: an item shows when it passes or when an item under it does, and the
// items above a passing one open to show it.
extension OutlineSnapshot {
    /// Whether `item` passes the outline's filter (true without one); nil when absent. An item
    /// that fails shows all the same while an item under it passes.
    public func passesFilter(_ item: ItemID) -> Bool? {
        node(of: item).map { tree.filter == nil || tree[$0].passesFilter }
    }

    /// Filters the items by `filter` (nil: every item shows), each one's verdict read from
    /// `passes` (by slot, from ``OutlineTree/passes(of:filter:cancellation:)``) or asked here.
    ///
    /// With `opensAncestors`, every collapsed item with a passing item under it opens, and the
    /// items a previous filter opened close again unless one still leads to a passing item:
    /// clearing the filter gives back the expansion the user left. Without it (a refreshed
    /// outline under the same filter) no item opens or closes.
    mutating func filter(by filter: (@Sendable (ItemID) -> Bool)?, passes: [Bool]? = nil, opensAncestors: Bool) {
        tree.setFilter(filter, passes: passes)
        guard opensAncestors else { return }
        for (key, item) in openedByFilter {
            guard let node = node(of: item) else {
                openedByFilter[key] = nil
                continue
            }
            if filter == nil || tree[node].passingBelow == 0 {
                tree.setExpanded(false, node)
                openedByFilter[key] = nil
            }
        }
        guard filter != nil else { return }
        // Children before parents: each opening adds its rows to a parent still closed.
        for node in tree.branches(from: OutlineTree<ItemID>.root).reversed()
        where node != OutlineTree<ItemID>.root && tree[node].passingBelow > 0 && !tree[node].isExpanded {
            tree.setExpanded(true, node)
            if let item = tree.item(of: node) { openedByFilter[SnapshotKey(item)] = item }
        }
    }

    /// `node`'s place among the siblings the filter keeps and how many they are (1-based).
    /// O(siblings): read only under a filter.
    func shownSiblingPosition(of node: Int) -> (position: Int, count: Int) {
        var position = 0, count = 0
        for sibling in tree.children(of: tree.parent(of: node)) where !tree.isHidden(sibling) {
            count += 1
            if sibling == node { position = count }
        }
        return (position, count)
    }
}
