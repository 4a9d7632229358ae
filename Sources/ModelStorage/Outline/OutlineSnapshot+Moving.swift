extension OutlineSnapshot {
    private typealias Tree = OutlineTree<ItemID>

    /// Moves `items`, each with what is under it and its flags, to `placement`, in the order
    /// given. An item under another moved item moves with it; an item named twice moves once,
    /// where it is first named. Refused when the placement's item is one of `items` or under one
    /// of them (an item can't go into itself), or an item is missing.
    @discardableResult
    public mutating func move(_ items: [ItemID], to placement: OutlinePlacement<ItemID>) -> SnapshotAnomaly? {
        let absent = items.filter { node(of: $0) == nil }
        guard absent.isEmpty else {
            return refuse(.itemsNotFound(operation: .moveOutlineItems, identifiers: absent.map { String(describing: $0) }))
        }
        let anchorItem: ItemID? =
            switch placement {
            case let .before(item), let .after(item): item
            case let .into(item): item
            }
        var anchor = Tree.root
        if let anchorItem {
            guard let found = node(of: anchorItem) else {
                return refuse(.itemsNotFound(operation: .moveOutlineItems, identifiers: [String(describing: anchorItem)]))
            }
            anchor = found
        }
        let moving = Set(items.compactMap(node(of:)))
        if let inside = items.first(where: { isAncestor(node(of: $0)!, ofOrSame: anchor) }) {
            return refuse(.movedRelativeToItself(operation: .moveOutlineItems, identifier: String(describing: inside)))
        }
        // Items under another moved item travel with it; a repeated item is moved once.
        var named = Set<Int>()
        let roots = items.compactMap(node(of:)).filter { node in named.insert(node).inserted && !hasAncestor(in: moving, node) }
        let source = self
        for root in roots { removeNode(root) }
        let parent: Int
        var index: Int
        (parent, index) = destination(of: placement, anchor: anchor)
        for root in roots {
            graft([root], from: source, under: parent, at: index)
            index += 1
        }
        return nil
    }

    /// The parent and child index `placement` means, relative to `anchor`'s node.
    private func destination(of placement: OutlinePlacement<ItemID>, anchor: Int) -> (parent: Int, index: Int) {
        switch placement {
        case .before: (tree[anchor].parent, tree[anchor].indexInParent)
        case .after: (tree[anchor].parent, tree[anchor].indexInParent + 1)
        case .into: (anchor, tree.childCount(of: anchor))
        }
    }

    /// Whether `ancestor` is `node` or one of its ancestors.
    private func isAncestor(_ ancestor: Int, ofOrSame node: Int) -> Bool {
        var current = node
        while current >= 0 {
            if current == ancestor { return true }
            current = tree[current].parent
        }
        return false
    }
}
