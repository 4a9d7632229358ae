// What the user had open, put back into a tree whose children are read lazily: the items a
// saved state names open as they arrive, each open item's children read as it opens, so a
// folder tree reopens as it was, level after level, whatever the reads take.
extension OutlineStorage {
    /// Every expanded item of every section, shown or under a collapsed ancestor, then the items
    /// a restored state opens once they arrive (still unread): what to save, even while a
    /// restore is under way.
    public var expansionState: OutlineExpansionState<ItemID> {
        var state = OutlineExpansionState<ItemID>()
        for outline in outlines { state.expandedItems += outline.expansionState.expandedItems }
        state.expandedItems += pendingExpansion.values
        return state
    }

    /// Expands the items `state` names and collapses every other, as
    /// ``OutlineSnapshot/restoreExpansion(_:)`` does, and goes on as the children are read:
    /// an item the outline does not hold yet (under a parent whose children are not read) opens
    /// when it arrives, from a read of its parent's children or an applied outline, and its own
    /// children are read then. Items that never arrive stay waiting until the next restore
    /// (or ``expansionState`` saves them again). Rows change as one update per read.
    ///
    /// ```swift
    /// storage.restoreExpansion(saved)   // /home/ada/src opens once /home/ada's children are read
    /// ```
    public func restoreExpansion(_ state: OutlineExpansionState<ItemID>) {
        checkConfinement()
        pendingExpansion = [:]
        var named = Set<SnapshotKey>()
        var present: [ItemID] = []
        for item in state.expandedItems {
            let key = SnapshotKey(item)
            guard named.insert(key).inserted else { continue }
            if outlines.contains(where: { $0.contains(item) }) { present.append(item) } else { pendingExpansion[key] = item }
        }
        var closing: [ItemID] = []
        for outline in outlines {
            for node in outline.tree.expandedNodes() {
                guard let item = outline.tree.item(of: node), !named.contains(SnapshotKey(item)) else { continue }
                closing.append(item)
            }
        }
        if !closing.isEmpty { collapse(closing) }
        // Parents first: a child's read waits for its parent's rows.
        if !present.isEmpty { expand(present) }
    }

    // MARK: - As items arrive

    /// Opens the items of ``pendingExpansion`` that `section` now holds, reading their
    /// children while they are still closed. Call it inside a transaction, before the rows are
    /// recorded: the rows it adds are recorded with the change that brought the items.
    func openArrivedItems(inSection section: Int) {
        guard !pendingExpansion.isEmpty else { return }
        for (key, item) in pendingExpansion where outlines[section].contains(item) {
            // A read below may have opened it already (an item named under its own arrival).
            guard pendingExpansion.removeValue(forKey: key) != nil else { continue }
            if childrenProvider != nil, outlines[section].childrenState(of: item) == .unloaded {
                readChildrenIfNeeded(of: item, inSection: section)
            }
            // Looked up after the read: reading may replace nodes.
            if let node = outlines[section].node(of: item) { outlines[section].tree.setExpanded(true, node) }
        }
    }

    /// Starts reading the children of the items of `section` that are open but not read (an
    /// outline applied with them expanded): they show a loading row, then their children,
    /// never an open item with nothing under it. Call it before the rows are recorded.
    func readChildrenOfOpenUnreadItems(inSection section: Int) {
        guard childrenProvider != nil else { return }
        let tree = outlines[section].tree
        for node in tree.expandedNodes() where tree.childrenState(of: node) == .unloaded && tree.isVisible(node) {
            guard let item = tree.item(of: node) else { continue }
            readChildrenIfNeeded(of: item, inSection: section)
        }
    }
}
