import ModelStorage

// Cells the user edits in place: the app says which columns commit text or numbers, and the
// table opens an editor over a cell (F2, Enter, a click on the cursor cell, a double click), as
// GtkTreeView does. The table never changes a value itself: it hands the editor's value to the
// app, which changes its storage, and the cell shows the new value as any change does.
extension ListTable {
    /// Makes the cells of `column` editable in rows showing a `Model`, as texts: an entry over a
    /// ``TextCell`` (or any cell), a combo box of its choices over a ``ChoiceCell``. Enter (or a
    /// choice made, Tab, Shift+Tab, the focus leaving) calls `commit` with the text, the model and
    /// its index path: update the storage there, and the cell shows the new value. Throw to
    /// refuse the text: the editor stays open, showing the error's description under it (which
    /// screen readers hear as its description). Escape ends the editing without committing.
    ///
    /// The user opens the editor with F2 or Enter on the focused row (on the cell cursor's column,
    /// moved by Ctrl+Left and Ctrl+Right or a click; F2 without a cursor opens the first editable
    /// column's), a click on the cell cursor's cell of the focused row, or a double click on an
    /// editable cell (which then does not activate the row). Tab and Shift+Tab commit and move to
    /// the next or previous editable cell, in the order the columns are shown, on to the next or
    /// previous row. The editor follows its item through the list's changes (insertions, a sort)
    /// and scrolling; it ends when the item is deleted, the list reloads or the column is hidden.
    ///
    /// Only the first reaction registered for the column whose model type matches runs.
    ///
    /// ```swift
    /// table.commitTextEdit(Job.self, column: "name") { text, job, indexPath in
    ///     guard !text.isEmpty else { throw JobError.emptyName }
    ///     try jobs.replaceItem(at: indexPath, with: job.renamed(text))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - modelType: the type of the models whose cells are editable.
    ///   - column: the identifier of the column.
    ///   - commit: commits a text the user entered for a model at an index path; throws to refuse it.
    public func commitTextEdit<Model>(
        _ modelType: Model.Type, column: String, _ commit: @escaping (String, Model, IndexPath) throws -> Void
    ) {
        addEditReaction(column: column, kind: .text, modelType) { value, model, indexPath in
            guard case .text(let text) = value else { return }
            try commit(text, model, indexPath)
        }
    }

    /// Makes the cells of `column` editable in rows showing a `Model`, as numbers: a spin button
    /// over a ``NumberCell``, within its ``NumberCell/range``, by its ``NumberCell/step``, with its
    /// ``NumberCell/digits`` (over another cell, from its text, unbounded). `commit` gets the
    /// number; the rest is as for ``commitTextEdit(_:column:_:)``.
    ///
    /// ```swift
    /// table.commitNumberEdit(Job.self, column: "hours") { hours, job, indexPath in
    ///     try jobs.replaceItem(at: indexPath, with: job.with(hours: hours))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - modelType: the type of the models whose cells are editable.
    ///   - column: the identifier of the column.
    ///   - commit: commits a number the user entered for a model at an index path; throws to refuse it.
    public func commitNumberEdit<Model>(
        _ modelType: Model.Type, column: String, _ commit: @escaping (Double, Model, IndexPath) throws -> Void
    ) {
        addEditReaction(column: column, kind: .number, modelType) { value, model, indexPath in
            guard case .number(let number) = value else { return }
            try commit(number, model, indexPath)
        }
    }

    /// Says whether the cell of `column` may be edited now in a row showing a `Model` (default:
    /// true wherever a commit reaction answers): the user's keys and clicks open no editor
    /// where it returns false, Tab passes over the cell, and ``beginEditing(at:column:)`` fails.
    ///
    /// ```swift
    /// table.canEditCell(Job.self, column: "hours") { job, _ in !job.isDone }
    /// ```
    ///
    /// - Parameters:
    ///   - modelType: the type of the models it answers for.
    ///   - column: the identifier of the column.
    ///   - closure: whether the cell of a model at an index path may be edited.
    public func canEditCell<Model>(_ modelType: Model.Type, column: String, _ closure: @escaping (Model, IndexPath) -> Bool) {
        guard isInstalled else { return }
        requireCellEditing().allow(column: column) { model, indexPath in (model as? Model).map { closure($0, indexPath) } }
    }

    /// Opens the editor of the cell of `column` in the row of the item at `indexPath`, as F2
    /// does: the list scrolls to it (sideways too), and the editor takes the keyboard focus with
    /// its text selected. A cell edited before is committed first. False when the cell cannot be
    /// edited (no such item or shown column, no commit reaction answers, ``canEditCell(_:column:_:)``
    /// refuses) or the commit before failed.
    ///
    /// - Parameters:
    ///   - indexPath: the item's index path.
    ///   - column: the identifier of the column.
    @discardableResult
    public func beginEditing(at indexPath: IndexPath, column: String) -> Bool {
        guard isInstalled, let editing = cellEditing else { return false }
        return beginCellEditing(at: indexPath, column: column, in: editing)
    }

    /// Ends the editing of a cell: `committing` commits the editor's value as Enter does (false,
    /// the editor open with the message, when the commit throws); otherwise it ends as Escape
    /// does. True when no cell is edited.
    ///
    /// - Parameter committing: whether the editor's value is committed.
    @discardableResult
    public func endEditing(committing: Bool) -> Bool {
        guard isInstalled, let editing = cellEditing, editing.session != nil else { return true }
        if committing { return commitCellEdit(in: editing) }
        endCellEditing(in: editing)
        return true
    }

    /// The cell being edited: its item's index path (followed through the list's changes) and
    /// its column's identifier; nil when none is.
    public var editedCell: (indexPath: IndexPath, column: String)? {
        cellEditing?.session.map { ($0.indexPath, $0.column) }
    }

    private func addEditReaction<Model>(
        column: String, kind: TableCellEditing.Kind, _: Model.Type,
        _ commit: @escaping (TableCellEditing.Value, Model, IndexPath) throws -> Void
    ) {
        guard isInstalled else { return }
        requireCellEditing().append(
            TableCellEditing.Reaction(
                column: column, kind: kind, accepts: { $0 is Model },
                commit: { value, model, _, indexPath in
                    guard let model = model as? Model else { return .notTaken }
                    try commit(value, model, indexPath)
                    return .committed
                }))
    }

    /// The table's cell editing, installed with the first reaction.
    func requireCellEditing() -> TableCellEditing {
        if let cellEditing { return cellEditing }
        let editing = TableCellEditing(table: self)
        cellEditing = editing
        manager.features.install(editing)
        // A double click (and Enter, on a host that binds it to its rows) comes as an activation.
        manager.requestActivationReports()
        return editing
    }
}
