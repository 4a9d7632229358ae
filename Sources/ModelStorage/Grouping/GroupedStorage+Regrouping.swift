// Grouping anew: the layout is built off the main thread from the storage's copy of the base,
// then swapped in on the main actor as one deletion of every row and one insertion of the new
// ones.
import Dispatch

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
    ///   - revealing: items whose groups open, at every level (the selected items, say); they
    ///     are remembered open, as groups the user opened.
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
        GroupLayout.built(
            columns: columns, groupings: groupings, descending: descending, models: models, handles: handles,
            isExpanded: isExpanded, cancellation: cancellation)
    }

    /// Swaps `built` in: observers see every row deleted, then the new rows inserted.
    func apply(_ built: GroupLayout<Model>) {
        let oldCount = layout.tree.visibleCount
        let old = layout
        layout = built
        Self.release(consume old)
        var changes = ChangeSet()
        if oldCount > 0 { changes.appendDeletion(of: 0..<oldCount, inSection: 0) }
        let newCount = built.tree.visibleCount
        if newCount > 0 {
            // The run reads from a copy of the layout (Hot paths: 8): the storage's own changes next.
            let frozen = built
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

    /// Lets go of a layout replaced by a regrouping on a background queue: freeing a million
    /// rows' nodes takes tens of milliseconds, the main thread's only cost that grew with the
    /// rows (Hot paths: 18).
    nonisolated static func release(_ old: consuming GroupLayout<Model>) {
        let box = ReleasedLayout(consume old)
        DispatchQueue.global(qos: .utility).async { box.drop() }
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

/// A replaced layout on its way to a background queue, where it is let go of.
private final class ReleasedLayout<Model: Sendable>: @unchecked Sendable {
    // Read and written once, by the queue the box is handed to.
    private var layout: GroupLayout<Model>?

    init(_ layout: consuming GroupLayout<Model>) {
        self.layout = layout
    }

    func drop() {
        layout = nil
    }
}
