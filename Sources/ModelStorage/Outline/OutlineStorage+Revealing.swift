// Bringing one item of a tree into view, as "show in folder" does: its ancestors opened, top
// down, each one's children read first when they are read lazily.

/// A tree storage that brings any of its items into view, reading lazily read children on the
/// way (``OutlineStorage``): what `ListManager.reveal(_:under:alignment:selecting:)` asks.
@MainActor
public protocol OutlineRevealing: OutlineProviding {
    /// Expands the ancestors of `item`, reading the children of `ancestors` (the item's
    /// ancestors from the top, for a tree that has not read them yet) on the way; the row
    /// `item` shows then, nil when it cannot show (not found, a read failed, the user collapsed
    /// the way meanwhile).
    func revealItem(_ item: AnyHashable, under ancestors: [AnyHashable]) async -> IndexPath?
}

extension OutlineStorage: OutlineRevealing {
    /// Expands the ancestors of `item` so that its row shows, and returns that row. For an item
    /// not read yet, `ancestors` names the way to it from the top (a file's folders): each is
    /// expanded in turn, its children read first (a loading row meanwhile) when they are read
    /// lazily, until the item arrives. Ancestors the outline holds already are opened in one
    /// update at the end.
    ///
    /// ```swift
    /// let row = await storage.reveal(file, under: [home, documents, invoices])
    /// ```
    ///
    /// - Returns: the row's index path; nil when the item does not show: it is not in the
    ///   outline once the ancestors named are read (reported to ``anomalyHandler`` as
    ///   ``SnapshotAnomaly/itemsNotFound(operation:identifiers:)``), a read on the way failed
    ///   (its error row shows), or the way was collapsed before a read ended.
    @discardableResult
    public func reveal(_ item: ItemID, under ancestors: [ItemID] = []) async -> IndexPath? {
        checkConfinement()
        for ancestor in ancestors where place(of: item) == nil {
            guard place(of: ancestor) != nil else { continue }
            if !isExpanded(ancestor) { expand([ancestor]) }
            guard await childrenRead(of: ancestor) else { return nil }
        }
        guard let (section, node) = place(of: item) else {
            anomalyHandler.report(.itemsNotFound(operation: .reveal, identifiers: [String(describing: item)]))
            return nil
        }
        let tree = outlines[section].tree
        var closed: [ItemID] = []
        var current = tree[node].parent
        while current != OutlineTree<ItemID>.root {
            if !tree[current].isExpanded, let ancestor = tree.item(of: current) { closed.append(ancestor) }
            current = tree[current].parent
        }
        if !closed.isEmpty { expand(closed.reversed()) }
        return indexPath(of: item)
    }

    public func revealItem(_ item: AnyHashable, under ancestors: [AnyHashable]) async -> IndexPath? {
        guard let item = item.base as? ItemID else {
            anomalyHandler.report(.itemsNotFound(operation: .reveal, identifiers: [String(describing: item)]))
            return nil
        }
        return await reveal(item, under: ancestors.compactMap { $0.base as? ItemID })
    }

    /// Waits until `item`'s children are read (at once when they are); whether they are then.
    private func childrenRead(of item: ItemID) async -> Bool {
        let key = SnapshotKey(item)
        while let section = section(holding: item), outlines[section].childrenState(of: item) == .loading {
            await withCheckedContinuation { childrenWaiters[key, default: []].append($0) }
        }
        guard let section = section(holding: item) else { return false }
        return outlines[section].childrenState(of: item) == .loaded && isExpanded(item)
    }

    /// Resumes who waits for `key`'s children: their read ended, however it ended.
    func resumeChildrenWaiters(of key: SnapshotKey) {
        guard let waiters = childrenWaiters.removeValue(forKey: key) else { return }
        for waiter in waiters { waiter.resume() }
    }
}
