/// Which items of an outline are expanded: saved with ``OutlineSnapshot/expansionState`` and
/// put back with ``OutlineSnapshot/restoreExpansion(_:)``, on the same outline or a later one
/// (the next launch, a refreshed folder). `Codable` when the items are.
public struct OutlineExpansionState<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// The expanded items, depth first.
    public var expandedItems: [ItemID]

    /// A state with `expandedItems` expanded and every other item collapsed.
    public init(expandedItems: [ItemID] = []) {
        self.expandedItems = expandedItems
    }
}

extension OutlineExpansionState: Codable where ItemID: Codable {}

extension OutlineSnapshot {
    /// Every expanded item, shown or hidden by a collapsed ancestor.
    public var expansionState: OutlineExpansionState<ItemID> {
        let nodes = tree.descendants(of: OutlineTree<ItemID>.root).filter { tree[$0].isExpanded }
        return OutlineExpansionState(expandedItems: items(of: nodes))
    }

    /// Expands the items `state` names and collapses every other. Items of `state` the outline
    /// does not hold are passed over: they may come later (children read lazily).
    public mutating func restoreExpansion(_ state: OutlineExpansionState<ItemID>) {
        let expanded = Set(state.expandedItems.map(SnapshotKey.init))
        for node in tree.descendants(of: OutlineTree<ItemID>.root) {
            guard let item = tree.item(of: node) else { continue }
            tree.setExpanded(expanded.contains(SnapshotKey(item)), node)
        }
    }

    /// Gives the items this outline shares with `other` the flags they have there; the others
    /// keep theirs. How a new tree keeps what the user opened.
    public mutating func takeExpansion(from other: OutlineSnapshot) {
        for node in tree.descendants(of: OutlineTree<ItemID>.root) {
            guard let item = tree.item(of: node), let theirs = other.node(of: item) else { continue }
            tree.setExpanded(other.tree[theirs].isExpanded, node)
        }
    }
}
