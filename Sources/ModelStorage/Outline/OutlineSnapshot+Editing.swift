// Editing an outline. Each operation applies completely or changes nothing and returns (and
// records) the anomaly that explains why.
extension OutlineSnapshot {
    private typealias Tree = OutlineTree<ItemID>

    /// Adds `items` after the children of `parent`, or at the end of the top level when nil.
    @discardableResult
    public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) -> SnapshotAnomaly? {
        let into: Int
        if let parent {
            guard let found = node(of: parent) else { return refuse(missing([parent], .appendToParent)) }
            into = found
        } else {
            into = Tree.root
        }
        return add(items, under: into, at: tree.childCount(of: into), operation: .appendToParent)
    }

    /// Inserts `items` just before `anchor`, as its siblings.
    @discardableResult
    public mutating func insert(_ items: [ItemID], before anchor: ItemID) -> SnapshotAnomaly? {
        guard let node = node(of: anchor) else { return refuse(missing([anchor], .insertBeforeItem)) }
        return add(items, under: tree[node].parent, at: tree[node].indexInParent, operation: .insertBeforeItem)
    }

    /// Inserts `items` just after `anchor`, as its siblings.
    @discardableResult
    public mutating func insert(_ items: [ItemID], after anchor: ItemID) -> SnapshotAnomaly? {
        guard let node = node(of: anchor) else { return refuse(missing([anchor], .insertAfterItem)) }
        return add(items, under: tree[node].parent, at: tree[node].indexInParent + 1, operation: .insertAfterItem)
    }

    /// Removes `items` and their descendants (repeats, and descendants of other removed items,
    /// are harmless).
    @discardableResult
    public mutating func delete(_ items: [ItemID]) -> SnapshotAnomaly? {
        let absent = items.filter { node(of: $0) == nil }
        guard absent.isEmpty else { return refuse(missing(absent, .deleteOutlineItems)) }
        for item in items {
            // A descendant of an item removed before is gone already.
            guard let node = node(of: item) else { continue }
            removeNode(node)
        }
        return nil
    }

    /// Removes every item.
    public mutating func deleteAll() {
        let kept = anomalies
        self = OutlineSnapshot()
        anomalies = kept
    }

    /// Expands `items`: their children show, each as its own flag says. An item a filter opened
    /// becomes the user's: it stays open when the filter goes.
    @discardableResult
    public mutating func expand(_ items: [ItemID]) -> SnapshotAnomaly? {
        setExpanded(true, items, operation: .expand)
    }

    /// Collapses `items`: their descendants hide, keeping their flags.
    @discardableResult
    public mutating func collapse(_ items: [ItemID]) -> SnapshotAnomaly? {
        setExpanded(false, items, operation: .collapse)
    }

    /// Expands `item` and every item under it (the whole outline when nil) that has children.
    @discardableResult
    public mutating func expandDescendants(of item: ItemID? = nil) -> SnapshotAnomaly? {
        let top: Int
        if let item {
            guard let found = node(of: item) else { return refuse(missing([item], .expand)) }
            top = found
        } else {
            top = Tree.root
        }
        expandDescendants(ofNode: top)
        return nil
    }

    /// Expands `top` and every node under it: what a filter opened there is the user's now.
    mutating func expandDescendants(ofNode top: Int) {
        // Children before parents: each opening adds its rows to a parent still closed, one
        // step up, instead of climbing to the top every time.
        for node in tree.branches(from: top).reversed() { tree.setExpanded(true, node) }
        if top == Tree.root {
            openedByFilter = [:]
        } else if !openedByFilter.isEmpty {
            openedByFilter = openedByFilter.filter { _, item in node(of: item).map { $0 != top && !hasAncestor(in: [top], $0) } ?? false }
        }
    }

    /// Collapses every node, leaves opened before they had children too, so that children
    /// added later wait for their parent to open; returns those that were expanded. Nothing is
    /// the filter's to close afterwards.
    mutating func collapseEverything() -> [Int] {
        openedByFilter = [:]
        // Parents before children: each closing stops at its closed parent.
        let open = tree.expandedNodes()
        for node in open { tree.setExpanded(false, node) }
        return open
    }

    /// Replaces the children of `parent` with the top level of `snapshot` (and what is under it,
    /// with its flags). Refused when `snapshot` holds an item this outline has outside
    /// `parent`'s children.
    @discardableResult
    public mutating func replace(childrenOf parent: ItemID, using snapshot: OutlineSnapshot) -> SnapshotAnomaly? {
        guard let into = node(of: parent) else { return refuse(missing([parent], .replaceChildren)) }
        let replaced = Set(tree.descendants(of: into))
        let clashes = snapshot.items.filter { item in node(of: item).map { !replaced.contains($0) } ?? false }
        guard clashes.isEmpty else {
            return refuse(.itemIdentifiersNotUnique(operation: .replaceChildren, identifiers: clashes.map { String(describing: $0) }))
        }
        for child in tree.children(of: into).reversed() { removeNode(child) }
        graft(Array(snapshot.tree.children(of: Tree.root)), from: snapshot, under: into, at: 0)
        return nil
    }

    // MARK: - Helpers

    /// Inserts `items` and indexes them in one pass each; an item the outline holds, or named
    /// twice, takes the insertion back (rare: the items are not looked up beforehand).
    private mutating func add(_ items: [ItemID], under parent: Int, at index: Int, operation: SnapshotOperation) -> SnapshotAnomaly? {
        let made = tree.insert(items, under: parent, at: index)
        guard self.index.insert(made, holding: items, in: tree.items) != nil else { return nil }
        tree.removeInserted(made, under: parent, at: index)
        var seen = Set<SnapshotKey>()
        let repeated = items.filter { item in
            let key = SnapshotKey(item)
            return node(of: item) != nil || !seen.insert(key).inserted
        }
        return refuse(.itemIdentifiersNotUnique(operation: operation, identifiers: repeated.map { String(describing: $0) }))
    }

    private mutating func setExpanded(_ expanded: Bool, _ items: [ItemID], operation: SnapshotOperation) -> SnapshotAnomaly? {
        let nodes = items.map(node(of:))
        let absent = zip(items, nodes).filter { $0.1 == nil }.map(\.0)
        guard absent.isEmpty else { return refuse(missing(absent, operation)) }
        for node in nodes.compactMap({ $0 }) { tree.setExpanded(expanded, node) }
        if !openedByFilter.isEmpty {
            for item in items { openedByFilter[SnapshotKey(item)] = nil }
        }
        return nil
    }

    private func missing(_ items: [ItemID], _ operation: SnapshotOperation) -> SnapshotAnomaly {
        .itemsNotFound(operation: operation, identifiers: items.map { String(describing: $0) })
    }
}
