/// A row an outline shows: an item's, or the status row under an item whose children are
/// loading or failed to load; each at its level in the tree.
enum OutlineRow<ItemID: Hashable & Sendable> {
    case item(ItemID, level: Int)
    case status(parent: ItemID, state: OutlineChildrenState, level: Int)

    /// The row's identity for diffing: the item's, or its parent's status row's.
    var key: SnapshotKey {
        switch self {
        case let .item(item, _): SnapshotKey(item)
        case let .status(parent, _, _): SnapshotKey(OutlineStatusKey(parent: SnapshotKey(parent)))
        }
    }

    /// Whether two rows of the same identity show the same content, at the same level: a row
    /// that changed level (its item went to another parent) is refreshed, so its indentation
    /// and what a screen reader hears follow, even where its place among the rows stayed.
    func hasSameContent(as other: OutlineRow) -> Bool {
        switch (self, other) {
        case let (.item(a, levelA), .item(b, levelB)): a == b && levelA == levelB
        case let (.status(_, a, levelA), .status(_, b, levelB)): a == b && levelA == levelB
        default: false
        }
    }
}

/// The identity of the status row under an item.
private struct OutlineStatusKey: Hashable, Sendable {
    let parent: SnapshotKey
}

// Children read lazily: items marked unloaded show an arrow; the storage reads their children
// on the first expand, showing a status row meanwhile.
extension OutlineSnapshot {
    /// Marks `items` as having children not read yet: they show an arrow, and their first
    /// expand in an ``OutlineStorage`` asks its ``OutlineStorage/childrenProvider``, which
    /// replaces the children they have.
    @discardableResult
    public mutating func markChildrenUnloaded(_ items: [ItemID]) -> SnapshotAnomaly? {
        let absent = items.filter { node(of: $0) == nil }
        guard absent.isEmpty else {
            return refuse(.itemsNotFound(operation: .markChildrenUnloaded, identifiers: absent.map { String(describing: $0) }))
        }
        for item in items { setChildrenState(.unloaded, of: node(of: item)!) }
        return nil
    }

    /// Whether `item`'s children are read; nil when absent.
    public func childrenState(of item: ItemID) -> OutlineChildrenState? {
        node(of: item).map { tree[$0].childrenState }
    }

    /// Whether `item` has children, or may have some not read yet (it shows an arrow).
    public func mayHaveChildren(_ item: ItemID) -> Bool {
        guard let node = node(of: item) else { return false }
        return tree.hasChildren(node) || tree.childrenState(of: node) == .unloaded
    }

    // MARK: - Rows, status rows included

    /// The row at `index`; nil past the last.
    func row(at index: Int) -> OutlineRow<ItemID>? {
        guard let node = tree.node(atRow: index) else { return nil }
        return row(of: node)
    }

    /// Every row shown, in order.
    var visibleRows: [OutlineRow<ItemID>] {
        tree.visibleNodes(from: OutlineTree<ItemID>.root).compactMap(row(of:))
    }

    private func row(of node: Int) -> OutlineRow<ItemID>? {
        if let item = tree.item(of: node) { return .item(item, level: tree.level(of: node)) }
        let parentNode = tree.parent(of: node)
        guard parentNode >= 0, let parent = tree.item(of: parentNode) else { return nil }
        return .status(parent: parent, state: tree.childrenState(of: parentNode), level: tree.level(of: node))
    }

    // MARK: - Reading children (for the storage)

    /// Sets `node`'s children state, with the status row the state shows: one for loading and
    /// failed, none otherwise.
    mutating func setChildrenState(_ state: OutlineChildrenState, of node: Int) {
        let status = tree.children(of: node).first.flatMap { tree[$0].isStatus ? $0 : nil }
        tree.setChildrenState(state, of: node)
        switch (state, status) {
        case (.loading, nil), (.failed, nil): tree.insertStatus(under: node)
        case let (.loaded, status?), let (.unloaded, status?): tree.remove(status)
        default: break
        }
    }

    /// Removes `node`'s children and what is under them.
    mutating func removeChildren(of node: Int) {
        for child in tree.children(of: node).reversed() { removeNode(child) }
    }

    /// Makes `children` the children of `item`, in order, marking those in `unloaded` as not
    /// read: children it had already keep what is under them and their flags. Children held
    /// elsewhere in the outline are refused and returned.
    mutating func setChildren(_ children: [ItemID], unloaded: Set<SnapshotKey>, of item: ItemID) -> [ItemID] {
        guard let parent = node(of: item) else { return [] }
        let before = self
        let kept = Set(tree.children(of: parent).compactMap { tree.item(of: $0) }.map(SnapshotKey.init))
        var seen = Set<SnapshotKey>()
        var refused: [ItemID] = []
        let accepted = children.filter { child in
            let key = SnapshotKey(child)
            let isFree = (node(of: child) == nil || kept.contains(key)) && seen.insert(key).inserted
            if !isFree { refused.append(child) }
            return isFree
        }
        removeChildren(of: parent)
        tree.setChildrenState(.loaded, of: parent)
        for (index, child) in accepted.enumerated() {
            let key = SnapshotKey(child)
            if kept.contains(key), let old = before.node(of: child) {
                graft([old], from: before, under: parent, at: index)
            } else {
                let made = tree.insert([child], under: parent, at: index)[0]
                self.index.insert(made, in: tree.items)
                if unloaded.contains(key) { tree.setChildrenState(.unloaded, of: made) }
            }
        }
        return refused
    }

    /// Gives the items this outline marks unloaded the children `other` read for them, with
    /// their state: a new tree applied over a storage keeps what its provider read.
    mutating func takeLoadedChildren(from other: OutlineSnapshot) {
        for node in tree.descendants(of: OutlineTree<ItemID>.root) {
            guard tree.childrenState(of: node) == .unloaded, !tree.hasChildren(node), let item = tree.item(of: node),
                let theirs = other.node(of: item), other.tree.childrenState(of: theirs) != .unloaded
            else { continue }
            let children = other.tree.children(of: theirs).filter { !other.tree[$0].isStatus }
            let clashes = children.contains { child in other.tree.item(of: child).map { self.node(of: $0) != nil } ?? false }
            guard !clashes else { continue }
            graft(children, from: other, under: node, at: 0)
            setChildrenState(other.tree.childrenState(of: theirs), of: node)
        }
    }
}
