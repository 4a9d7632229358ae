// Group rows open and close as a tree's rows do: the list's disclosure arrows, keys and screen
// reader support work on a grouped storage unchanged.
extension GroupedStorage: OutlineProviding {
    public func outlinePlace(at indexPath: IndexPath) -> OutlinePlace? {
        guard let node = node(at: indexPath) else { return nil }
        let tree = layout.tree
        let parent = tree[node].parent
        return OutlinePlace(
            level: tree[node].level, hasChildren: !tree[node].children.isEmpty, isExpanded: tree[node].isExpanded,
            position: tree[node].indexInParent + 1, siblingCount: tree[parent].children.count)
    }

    public func parentIndexPath(of indexPath: IndexPath) -> IndexPath? {
        guard let node = node(at: indexPath) else { return nil }
        let parent = layout.tree[node].parent
        guard parent != OutlineTree<GroupLayout<Model>.Row>.root else { return nil }
        return layout.tree.row(of: parent).map(row)
    }

    public func setExpanded(_ expanded: Bool, at indexPath: IndexPath) {
        guard let node = node(at: indexPath), let path = layout.groups[node]?.path else { return }
        remember(expanded, path: path)
        guard layout.tree[node].isExpanded != expanded else { return }
        let shown = indexPath.item
        var changes = ChangeSet()
        if expanded {
            layout.setExpanded(true, node)
            changes.appendInsertion(of: frozenRun(of: Array(layout.tree.visibleNodes(from: node).dropFirst())), at: row(shown + 1))
        } else {
            let hidden = layout.tree[node].rows - 1
            layout.setExpanded(false, node)
            changes.appendDeletion(of: shown + 1..<shown + 1 + hidden, inSection: 0)
        }
        if !changes.isEmpty { broadcaster.deliver(.changes(changes), from: self) }
    }

    public func expandDescendants(at indexPath: IndexPath) {
        guard let node = node(at: indexPath), layout.groups[node] != nil else { return }
        let shown = indexPath.item
        let hidden = layout.tree[node].isExpanded ? layout.tree[node].rows - 1 : 0
        for group in [node] + layout.tree.descendants(of: node) {
            guard let path = layout.groups[group]?.path else { continue }
            remember(true, path: path)
            layout.setExpanded(true, group)
        }
        var changes = ChangeSet()
        if hidden > 0 { changes.appendDeletion(of: shown + 1..<shown + 1 + hidden, inSection: 0) }
        changes.appendInsertion(of: frozenRun(of: Array(layout.tree.visibleNodes(from: node).dropFirst())), at: row(shown + 1))
        if !changes.isEmpty { broadcaster.deliver(.changes(changes), from: self) }
    }

    public func visibleDescendantCount(at indexPath: IndexPath) -> Int {
        guard let node = node(at: indexPath) else { return 0 }
        return max(layout.tree[node].rows - 1, 0)
    }

    public func itemIdentity(at indexPath: IndexPath) -> AnyHashable? {
        guard let node = node(at: indexPath) else { return nil }
        switch layout.tree.item(of: node) {
        case let .item(handle)?: return order.models[handle].map { AnyHashable($0.diffIdentifier) }
        case .group?: return layout.groups[node].map { AnyHashable($0.path) }
        case nil: return nil
        }
    }

    public func indexPath(ofItemIdentity identity: AnyHashable) -> IndexPath? {
        if let path = identity.base as? GroupPath { return indexPath(ofGroup: path) }
        if let identifier = identity.base as? Model.DiffIdentifier { return indexPath(ofIdentifier: identifier) }
        return nil
    }

    /// Refused: a group's items are in the base's order.
    public func moveRows(at indexPaths: [IndexPath], to placement: OutlineRowPlacement) -> Bool { false }

    /// The models of `nodes`, read from a copy of the layout (the storage changes next).
    func frozenRun(of nodes: [Int]) -> ModelRun {
        let frozen = layout
        let models = order.models
        return ModelRun(count: nodes.count) { offset in
            if case let .item(handle)? = frozen.tree.item(of: nodes[offset]) { return models[handle] as Any }
            return frozen.itemGroup(of: nodes[offset]) as Any
        }
    }
}
