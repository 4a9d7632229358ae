// Grouping anew: the layout is built off the main thread from the storage's copy of the base,
// then swapped in on the main actor as one deletion of every row and one insertion of the new
// ones.
extension GroupedStorage {
    /// A grouping asked for.
    struct RegroupRequest {
        let columns: [String]
        let groupings: ColumnGroupings<Model>
        var descending: Set<String> = []
        var revealing: Set<GroupPath> = []
    }

    /// Groups the items by `columns`, outermost first, from now on: the groups are made off the
    /// main thread (`.background`) or before the call returns (`.immediate`), then observers
    /// see every row deleted and the new rows inserted. A grouping asked while another is made
    /// supersedes it; every completion runs, in call order. An empty list shows the base's
    /// items as they are. Groups come in ascending order of their value, or descending for the
    /// columns of `descending` (a table sorted by that column, descending). Columns `groupings`
    /// does not declare are left out and reported
    /// (``StorageAnomaly/unknownGroupColumn(column:knownColumns:)``).
    ///
    /// - Parameters:
    ///   - columns: the columns to group by, outermost first.
    ///   - groupings: how each column groups, and the totals group rows show.
    ///   - descending: the columns whose groups come in descending order.
    ///   - revealing: items whose groups open, at every level (the selected items, say).
    ///   - execution: where the groups are made.
    ///   - completion: called once observers have seen the new grouping.
    public func group(
        by columns: [String], using groupings: ColumnGroupings<Model>, descending: Set<String> = [],
        revealing: [Model.DiffIdentifier] = [],
        execution: StorageExecution = .background, completion: Completion? = nil
    ) {
        for column in groupings.unknownColumns(in: columns) {
            anomalyHandler.report(.unknownGroupColumn(column: column, knownColumns: groupings.columns))
        }
        var known: [String] = []
        for column in columns where groupings.groupers[column] != nil && !known.contains(column) { known.append(column) }
        var request = RegroupRequest(columns: known, groupings: groupings, descending: descending)
        let builder = GroupLayout(columns: known, groupings: groupings)
        for identifier in revealing {
            guard let handle = handleOfIdentifier[identifier], let model = order.models[handle] else { continue }
            var path = GroupPath([])
            for value in builder.values(of: model) {
                path = path.appending(value)
                request.revealing.insert(path)
            }
        }
        regroupScans.ask(request, execution: execution, completion: completion)
    }

    /// Whether a group of `request`'s grouping opens: as the user left it, else as revealing
    /// and ``expandsNewGroups`` say.
    func expansionTest(for request: RegroupRequest) -> @Sendable (GroupPath) -> Bool {
        let kept = expansion[request.columns] ?? Expansion()
        let revealing = request.revealing, opensNew = expandsNewGroups
        return { path in
            if revealing.contains(path) || kept.opened.contains(path) { return true }
            if kept.closed.contains(path) { return false }
            return opensNew
        }
    }

    /// The layout of `handles` (in the base's order) grouped by `columns`; nil once
    /// `cancellation` is raised. O(n × depth) plus sorting each group's sub-groups.
    nonisolated static func build(
        columns: [String], groupings: ColumnGroupings<Model>, descending: Set<String> = [], models: [Model?], handles: [Int],
        isExpanded: (GroupPath) -> Bool, cancellation: ScanCancellation?
    ) -> GroupLayout<Model>? {
        var layout = GroupLayout(columns: columns, groupings: groupings, descending: descending)
        var created: [Int] = []
        for (place, handle) in handles.enumerated() {
            if place % 4096 == 0, cancellation?.isRaised == true { return nil }
            guard let model = models[handle] else { continue }
            let leaf = layout.leaf(for: layout.values(of: model), sorted: false, isExpanded: isExpanded, created: &created)
            created.removeAll(keepingCapacity: true)
            layout.insertItem(handle, into: leaf, label: 0, labelOf: { _ in 0 }, atEnd: true)
            layout.count(model, from: leaf, adding: true)
        }
        layout.sortGroups()
        return layout
    }

    /// Swaps `built` in: observers see every row deleted, then the new rows inserted.
    func apply(_ built: GroupLayout<Model>) {
        let oldCount = layout.tree.visibleCount
        layout = built
        var changes = ChangeSet()
        if oldCount > 0 { changes.appendDeletion(of: 0..<oldCount, inSection: 0) }
        let newCount = built.tree.visibleCount
        if newCount > 0 {
            // The run reads from a copy of the layout (Hot paths: 8): the storage's own changes next.
            var frozen = built
            let models = order.models
            changes.appendInsertion(
                of: ModelRun(count: newCount) { row in
                    let node = frozen.tree.node(atRow: row)!
                    if case let .item(handle)? = frozen.tree.item(of: node) { return models[handle] as Any }
                    return frozen.itemGroup(of: node) as Any
                }, at: IndexPath(item: 0, section: 0))
        }
        if !changes.isEmpty { broadcaster.deliver(.changes(changes), from: self) }
    }

    /// Remembers that the user opened or closed the group of `path`, for this grouping.
    func remember(_ expanded: Bool, path: GroupPath) {
        var kept = expansion[layout.columns] ?? Expansion()
        if expanded {
            kept.opened.insert(path)
            kept.closed.remove(path)
        } else {
            kept.closed.insert(path)
            kept.opened.remove(path)
        }
        expansion[layout.columns] = kept
    }
}
