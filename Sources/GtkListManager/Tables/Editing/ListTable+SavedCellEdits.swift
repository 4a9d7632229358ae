import ModelStorage

// Edits saved somewhere slower than memory (a database server, a file, a web service): the
// commit is `async`, and the editor waits for it over its cell. Nothing the user typed is lost:
// a commit that throws (a conflict with another client's change, a constraint the server
// enforces, a lost connection) leaves the editor open with the text and the error's message.
extension ListTable {
    /// Makes the cells of `column` editable in rows showing a `Model`, as texts, committed by an
    /// `async` closure that saves them: the editor opens and commits as for
    /// ``commitTextEdit(_:column:_:)``, then waits over its cell while `commit` runs, its text unchangeable and "Saving…" under it (which
    /// screen readers hear as its description). When `commit` returns, the editing ends (and Tab
    /// goes on to the next cell); when it throws, the editor takes the typing again with the
    /// text typed and the error's description under it, and Enter again commits over the model
    /// as it is then (the message told the user why). Enter, Tab and Escape do nothing while
    /// it waits; the editor follows its item through the list's changes, and ends without the
    /// result when the item is deleted or the list reloads.
    ///
    /// ```swift
    /// table.saveTextEdit(Ticket.self, column: "title") { title, ticket, _ in
    ///     // Throws PostgresStorageError.conflict when another client changed the title since.
    ///     try await writer.update(rowWithKey: [ticket.id], set: ["title": title], expecting: ["title": ticket.title])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - modelType: the type of the models whose cells are editable.
    ///   - column: the identifier of the column.
    ///   - commit: saves a text the user entered for a model at an index path; throws to refuse it.
    public func saveTextEdit<Model>(
        _ modelType: Model.Type, column: String, _ commit: @escaping @MainActor (String, Model, IndexPath) async throws -> Void
    ) {
        addSavedEditReaction(column: column, kind: .text, modelType) { value, model, indexPath in
            guard case .text(let text) = value else { return }
            try await commit(text, model, indexPath)
        }
    }

    /// Makes the cells of `column` editable in rows showing a `Model`, as numbers, committed by
    /// an `async` closure that saves them: it opens and commits as ``commitNumberEdit(_:column:_:)``
    /// does, and waits for the save as ``saveTextEdit(_:column:_:)`` does.
    ///
    /// - Parameters:
    ///   - modelType: the type of the models whose cells are editable.
    ///   - column: the identifier of the column.
    ///   - commit: saves a number the user entered for a model at an index path; throws to refuse it.
    public func saveNumberEdit<Model>(
        _ modelType: Model.Type, column: String, _ commit: @escaping @MainActor (Double, Model, IndexPath) async throws -> Void
    ) {
        addSavedEditReaction(column: column, kind: .number, modelType) { value, model, indexPath in
            guard case .number(let number) = value else { return }
            try await commit(number, model, indexPath)
        }
    }

    /// Whether the edited cell's commit is being saved: its editor waits for a
    /// ``saveTextEdit(_:column:_:)`` or ``saveNumberEdit(_:column:_:)`` closure.
    public var isSavingCellEdit: Bool { cellEditing?.saving != nil }

    private func addSavedEditReaction<Model>(
        column: String, kind: TableCellEditing.Kind, _: Model.Type,
        _ commit: @escaping @MainActor (TableCellEditing.Value, Model, IndexPath) async throws -> Void
    ) {
        guard isInstalled else { return }
        requireCellEditing().append(
            TableCellEditing.Reaction(
                column: column, kind: kind, accepts: { $0 is Model },
                commit: { value, _, opened, indexPath in
                    guard let model = opened as? Model else { return .notTaken }
                    return .saving(Task { @MainActor in try await commit(value, model, indexPath) })
                }))
    }

    /// The saving of `editing`'s commit ended: the editing ends (and goes on as asked), or the
    /// editor shows why it could not, taking the typing again.
    func savingEnded(_ result: Result<Void, any Error>, of saving: TableCellEditing.Saving, in editing: TableCellEditing) {
        guard let session = editing.session, session.editor === saving.editor, editing.saving != nil else { return }
        editing.saving = nil
        session.editor.isSaving = false
        switch result {
        case .success:
            endCellEditing(in: editing, handingOver: saving.handingOver)
            saving.then?()
        case .failure(let error):
            // Enter again saves over the row as it is now: the message said why not before.
            if let current = manager.unwrappedModel(at: .item(session.indexPath)) { editing.session?.openedModel = current }
            session.editor.errorMessage = String(describing: error)
            if editing.editingRow != nil { session.editor.focus(selectingAll: false) }
        }
    }
}
