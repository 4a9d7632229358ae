// The base's changes, mapped as they come: each entry moves the one item it concerns in or out
// of its group, read against the state the entries before it left; the group rows whose count
// or totals changed are updated once, at the end of the change set.
extension GroupedStorage {
    func baseDidPerform(_ changes: ChangeSet, in storage: any Storage) {
        guard storage === base else { return }
        var mapped = ChangeSet()
        changedGroups = []
        for segment in changes.segments { map(segment, into: &mapped) }
        // A regroup that started before this change reads models that are gone.
        regroupScans.stateDidChange()
        updateChangedGroups(into: &mapped)
        if !mapped.isEmpty { broadcaster.deliver(.changes(mapped), from: self) }
    }

    func baseNeedsReload(_ storage: any Storage) {
        guard storage === base else { return }
        regroupScans.stateDidChange()
        readBase()
        broadcaster.deliver(.reload, from: self)
    }

    private func map(_ segment: ChangeSet.Segment, into mapped: inout ChangeSet) {
        switch segment {
        case let .entry(change): map(change, into: &mapped)
        case let .insertion(models, start):
            for (offset, model) in models.enumerated() {
                insert(model, at: IndexPath(item: start.item + offset, section: start.section), into: &mapped)
            }
        case let .deletion(items, section):
            for _ in items { delete(at: IndexPath(item: items.lowerBound, section: section), into: &mapped) }
        case let .reordering(reordering):
            reorderRows(into: &mapped) { order.reorder(section: reordering.section, sources: reordering.sources) }
        case let .splices(splices): for run in splices.segments { map(run, into: &mapped) }
        }
    }

    private func map(_ change: StorageChange, into mapped: inout ChangeSet) {
        switch change {
        case let .insertSection(section, _):
            order.insertSection(at: section)
        case let .deleteSection(section):
            for item in (0..<order.handles[section].count).reversed() {
                delete(at: IndexPath(item: item, section: section), into: &mapped)
            }
            order.removeSection(at: section)
        case let .moveSection(from, to):
            reorderRows(into: &mapped) { order.moveSection(from: from, to: to) }
        case .updateSection:
            break
        case let .insertItem(indexPath, model):
            insert(model, at: indexPath, into: &mapped)
        case let .deleteItem(indexPath):
            delete(at: indexPath, into: &mapped)
        case let .moveItem(from, to):
            move(from: from, to: to, into: &mapped)
        case let .updateItem(indexPath, model):
            update(at: indexPath, with: model, into: &mapped)
        }
    }

    // MARK: - Items

    private func insert(_ model: Any, at indexPath: IndexPath, into mapped: inout ChangeSet) {
        let typedModel = typed(model)
        let handle = order.insert(typedModel, at: indexPath)
        guard let typedModel else { return }
        handleOfIdentifier[typedModel.diffIdentifier] = handle
        place(handle, typedModel, into: &mapped)
    }

    private func delete(at indexPath: IndexPath, into mapped: inout ChangeSet) {
        let (handle, model) = order.remove(at: indexPath)
        guard let model else { return }
        if handleOfIdentifier[model.diffIdentifier] == handle { handleOfIdentifier[model.diffIdentifier] = nil }
        unplace(handle, model, into: &mapped)
    }

    private func move(from: IndexPath, to: IndexPath, into mapped: inout ChangeSet) {
        let handle = order.move(from: from, to: to)
        guard let node = layout.node(ofHandle: handle) else { return }
        let leaf = layout.tree[node].parent
        let fromRow = layout.tree.row(of: node)
        layout.removeItem(handle)
        let moved = insertNode(of: handle, into: leaf)
        if let fromRow, let toRow = layout.tree.row(of: moved), fromRow != toRow {
            mapped.append(.moveItem(from: row(fromRow), to: row(toRow)))
        }
    }

    private func update(at indexPath: IndexPath, with model: Any, into mapped: inout ChangeSet) {
        let handle = order.handle(at: indexPath)
        let old = order.models[handle], new = typed(model)
        order.setModel(new, of: handle)
        if let old, handleOfIdentifier[old.diffIdentifier] == handle { handleOfIdentifier[old.diffIdentifier] = nil }
        if let new { handleOfIdentifier[new.diffIdentifier] = handle }
        switch (old, new) {
        case (nil, nil): return
        case let (nil, new?): place(handle, new, into: &mapped)
        case let (old?, nil): unplace(handle, old, into: &mapped)
        case let (old?, new?):
            let values = layout.values(of: new)
            guard let node = layout.node(ofHandle: handle) else { return }
            let oldLeaf = layout.tree[node].parent
            if values == layout.values(of: old) {
                layout.count(old, from: oldLeaf, adding: false)
                layout.count(new, from: oldLeaf, adding: true)
                if let shown = layout.tree.row(of: node) { mapped.append(.updateItem(at: row(shown), model: new)) }
                changedGroups.formUnion(layout.groupChain(from: oldLeaf))
                return
            }
            // Another group: made first (the item still in its old one), then the item moves.
            let newLeaf = leaf(for: values, into: &mapped)
            let fromRow = layout.tree.row(of: node)
            layout.count(old, from: oldLeaf, adding: false)
            layout.removeItem(handle)
            let moved = insertNode(of: handle, into: newLeaf)
            layout.count(new, from: newLeaf, adding: true)
            switch (fromRow, layout.tree.row(of: moved)) {
            case let (from?, to?):
                mapped.append(.moveItem(from: row(from), to: row(to)))
                mapped.append(.updateItem(at: row(to), model: new))
            case let (from?, nil): mapped.append(.deleteItem(at: row(from)))
            case let (nil, to?): mapped.append(.insertItem(at: row(to), model: new))
            case (nil, nil): break
            }
            removeEmptyGroups(from: oldLeaf, into: &mapped)
            changedGroups.formUnion(layout.groupChain(from: newLeaf))
        }
    }

    /// Shows `handle`'s item in its group, made when new.
    private func place(_ handle: Int, _ model: Model, into mapped: inout ChangeSet) {
        let leaf = leaf(for: layout.values(of: model), into: &mapped)
        let node = insertNode(of: handle, into: leaf)
        if let shown = layout.tree.row(of: node) { mapped.append(.insertItem(at: row(shown), model: model)) }
        layout.count(model, from: leaf, adding: true)
        changedGroups.formUnion(layout.groupChain(from: leaf))
    }

    /// Takes `handle`'s item out of its group, deleting the groups it empties.
    private func unplace(_ handle: Int, _ model: Model, into mapped: inout ChangeSet) {
        guard let node = layout.node(ofHandle: handle) else { return }
        let leaf = layout.tree[node].parent
        if let shown = layout.tree.row(of: node) { mapped.append(.deleteItem(at: row(shown))) }
        layout.count(model, from: leaf, adding: false)
        layout.removeItem(handle)
        removeEmptyGroups(from: leaf, into: &mapped)
    }

    /// The leaf group of `values`, its missing groups made and their rows inserted.
    private func leaf(for values: [GroupValue], into mapped: inout ChangeSet) -> Int {
        var created: [Int] = []
        let isExpanded = expansionTest(for: RegroupRequest(columns: layout.columns, groupings: layout.groupings))
        let leaf = layout.leaf(for: values, sorted: true, isExpanded: isExpanded, created: &created)
        for node in created {
            if let shown = layout.tree.row(of: node), let group = layout.itemGroup(of: node) {
                mapped.append(.insertItem(at: row(shown), model: group))
            }
        }
        return leaf
    }

    private func insertNode(of handle: Int, into leaf: Int) -> Int {
        let labels = order.labels
        return layout.insertItem(handle, into: leaf, label: labels[handle], labelOf: { labels[$0] }, atEnd: false)
    }

    /// Deletes `leaf` and its ancestors while they hold nothing; the group rows left above
    /// are updated at the end.
    private func removeEmptyGroups(from leaf: Int, into mapped: inout ChangeSet) {
        var current = leaf
        while current != OutlineTree<GroupLayout<Model>.Row>.root, layout.groups[current] != nil, layout.tree[current].children.isEmpty {
            let parent = layout.tree[current].parent
            if let shown = layout.tree.row(of: current) { mapped.append(.deleteItem(at: row(shown))) }
            layout.removeGroup(current)
            changedGroups.remove(current)
            current = parent
        }
        changedGroups.formUnion(layout.groupChain(from: current))
    }

    /// Runs `reorder` (which changes the base's order, not its items), then puts each group's
    /// items in the new order: one reordering of the rows shown.
    private func reorderRows(into mapped: inout ChangeSet, _ reorder: () -> Void) {
        let root = OutlineTree<GroupLayout<Model>.Row>.root
        let before = layout.tree.visibleNodes(from: root)
        reorder()
        let labels = order.labels
        layout.sortItems(labelOf: { labels[$0] })
        let after = layout.tree.visibleNodes(from: root)
        var rowOfNode: [Int: Int] = [:]
        rowOfNode.reserveCapacity(before.count)
        for (row, node) in before.enumerated() { rowOfNode[node] = row }
        if let reordering = ItemReordering(section: 0, sources: after.map { rowOfNode[$0]! }) {
            mapped.appendReordering(reordering)
        }
    }

    /// The group rows whose count or totals changed, updated in row order.
    private func updateChangedGroups(into mapped: inout ChangeSet) {
        var rows: [(Int, Int)] = []
        for node in changedGroups where layout.groups[node] != nil {
            if let shown = layout.tree.row(of: node) { rows.append((shown, node)) }
        }
        for (shown, node) in rows.sorted(by: { $0.0 < $1.0 }) {
            if let group = layout.itemGroup(of: node) { mapped.append(.updateItem(at: row(shown), model: group)) }
        }
        changedGroups = []
    }

    func row(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }
}
