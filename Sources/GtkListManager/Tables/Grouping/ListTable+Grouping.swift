import ModelStorage

// Grouping rows by columns: the state's grouping, the reactions to it, the header menu's
// entries, and a grouped storage that follows the user's choice.
extension ListTable {
    /// The columns rows are grouped by, outermost first; empty when not grouped. Setting it
    /// reports it to ``didChangeGrouping(_:)`` and ``stateDidChange``, as the header menu does.
    /// Columns the table does not have are left out.
    public var grouping: [String] {
        get { state.grouping }
        set {
            var state = self.state
            state.grouping = newValue
            self.state = state
        }
    }

    /// Calls `reaction` with the grouping whenever it changes: the header menu ("Group by This
    /// Column", "Add to Grouping", "Ungroup"), or the app setting ``grouping`` or ``state``.
    /// Make the storage follow it here, or use ``follow(_:using:)``.
    ///
    /// - Parameter reaction: called with the new grouping, outermost column first.
    public func didChangeGrouping(_ reaction: @escaping ([String]) -> Void) {
        groupingState.reactions.append(reaction)
    }

    /// Groups `storage` as the user chooses from now on (and by the grouping in effect now),
    /// keeping through each regrouping the selected rows selected, the row at the top of the
    /// viewport there and the focused row focused (their groups opened). Groups come in ascending order, descending while the table's primary sort
    /// key is their column, descending. Every column `groupings` declares becomes groupable from its header's menu;
    /// group rows show their title and count in the outline column and each total in its
    /// column, right-aligned, unless the app registers its own cells for `ItemGroup`.
    ///
    /// - Parameters:
    ///   - storage: the grouped storage the table shows.
    ///   - groupings: how each column groups, and the totals.
    public func follow<Model>(_ storage: GroupedStorage<Model>, using groupings: ColumnGroupings<Model>) {
        groupingState.declaredColumns.formUnion(groupings.columns)
        groupingState.totalColumns.formUnion(groupings.totalColumns)
        cells.groupCell = { [weak self] column in self?.groupCellMapping(for: column) }
        didChangeGrouping { [weak self, weak storage] columns in
            guard let self, let storage else { return }
            regroup(storage, by: columns, using: groupings)
        }
        didChangeSort { [weak self, weak storage] _ in
            guard let self, let storage, storage.descendingGroupColumns != descendingGroupColumns else { return }
            regroup(storage, by: grouping, using: groupings)
        }
        if storage.grouping != grouping || storage.descendingGroupColumns != descendingGroupColumns {
            regroup(storage, by: grouping, using: groupings)
        }
    }

    /// The grouped column whose groups come in descending order: the primary sort key's, when
    /// it is descending.
    private var descendingGroupColumns: Set<String> {
        guard let first = sort.first, !first.ascending, grouping.contains(first.column) else { return [] }
        return [first.column]
    }

    /// Regroups `storage`, the groups of the selected, focused and top items opened, then
    /// selects the same items again, puts the top item back at the top of the viewport and the
    /// focus back on its item.
    private func regroup<Model>(_ storage: GroupedStorage<Model>, by columns: [String], using groupings: ColumnGroupings<Model>) {
        guard isInstalled else { return }
        let selected = manager.selectedIndexPaths.compactMap { storage.itemIdentity(at: $0) }
        let focused = manager.focusedItemIndexPath.flatMap { storage.itemIdentity(at: $0) }
        let top = manager.topItemOnScreen().flatMap { top in storage.itemIdentity(at: top.indexPath).map { ($0, top.offset) } }
        let kept = selected + [focused, top?.0].compactMap { $0 }
        let identifiers = kept.compactMap { $0.base as? Model.DiffIdentifier }
        let descending: Set<String> = sort.first.map { !$0.ascending && columns.contains($0.column) ? [$0.column] : [] } ?? []
        storage.group(by: columns, using: groupings, descending: descending, revealing: identifiers) { [weak self, weak storage] in
            guard let self, let storage, isInstalled else { return }
            let found = selected.compactMap { storage.indexPath(ofItemIdentity: $0) }
            for indexPath in found { manager.selectItem(at: indexPath) }
            if let top, let indexPath = storage.indexPath(ofItemIdentity: top.0) {
                manager.scroll(indexPath, toOffset: top.1)
            } else if let first = found.min() {
                manager.scrollTo(first)
            }
            if let focused, let indexPath = storage.indexPath(ofItemIdentity: focused) { manager.focusItem(at: indexPath) }
        }
    }

    /// The header menu's grouping entries for `column`: grouping by it when it is groupable,
    /// and "Ungroup" in every column's menu while rows are grouped.
    func groupingMenuItems(for column: TableColumn) -> [MenuItem] {
        let current = grouping
        var items: [MenuItem] = []
        if column.isGroupable || groupingState.declaredColumns.contains(column.id) {
            items.append(MenuItem("Group by This Column", isEnabled: current != [column.id]) { [unowned self] in grouping = [column.id] })
            items.append(
                MenuItem("Add to Grouping", isEnabled: !current.isEmpty && !current.contains(column.id)) { [unowned self] in
                    grouping = current + [column.id]
                })
        }
        if !items.isEmpty || !current.isEmpty {
            items.append(MenuItem("Ungroup", isEnabled: !current.isEmpty) { [unowned self] in grouping = [] })
        }
        return items.isEmpty ? [] : [.separator] + items
    }

    /// The default cell of group rows in `column`: the title and count in the outline column
    /// (the first shown without one), each total in its column, right-aligned, nothing elsewhere.
    private func groupCellMapping(for column: String) -> any AnyRowMapping {
        if let made = groupingState.cellMappings[column] { return made }
        let mapping = RowMapping<TextCell, ItemGroup>(
            role: .item,
            handler: { [weak self] cell, group, _ in
                guard let self else { return }
                let outline = outlineColumn ?? shownColumns.first?.column.id
                if column == outline {
                    cell.xalign = 0
                    cell.text = "\(group.title) (\(group.count))"
                } else if let total = group.totals[column] {
                    cell.xalign = 1
                    cell.text = total.cellText
                } else {
                    cell.text = ""
                }
            }, transfer: nil)
        mapping.reuseIdentifier = "GtkListManager.GroupCell"
        groupingState.cellMappings[column] = mapping
        return mapping
    }
}
