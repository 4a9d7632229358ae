import CAccessibility
import CGtk
import CVirtualList
import ModelStorage

// The editor of a cell: made from what the cell shows, placed over it in the row that shows its
// item (never changing the row's height), committed through the app's reaction, ended.
extension ListTable {
    /// Whether the cell of the shown column at `index` may be edited in the row showing `model`
    /// at `indexPath`: a reaction of its column takes the model, the column shows a cell for it,
    /// and `canEditCell` allows it.
    func canEditCell(showing model: Any, at indexPath: IndexPath, column index: Int, in editing: TableCellEditing) -> Bool {
        guard layout.placed.indices.contains(index) else { return false }
        let column = layout.placed[index].column.id
        guard editing.columns.contains(column), editing.reactions.contains(where: { $0.column == column && $0.accepts(model) }),
            cells.mapping(for: model, column: column, at: indexPath) != nil
        else { return false }
        return editing.permits(model, at: indexPath, column: column)
    }

    /// Opens the editor of `column`'s cell in the row of `indexPath`, once the cell edited before
    /// is committed; false when it cannot be edited or that commit failed. `offeringChoices`: the
    /// user opened it on the cell (not by Tab), and a choice editor's list pops up.
    /// `avoiding`: an editor that must not be reused for this cell (the one handing the focus on).
    func beginCellEditing(
        at indexPath: IndexPath, column: String, offeringChoices: Bool = true, avoiding: (any CellEditor)? = nil,
        in editing: TableCellEditing
    ) -> Bool {
        guard let index = layout.index(of: column), let model = manager.unwrappedModel(at: .item(indexPath)),
            canEditCell(showing: model, at: indexPath, column: index, in: editing),
            let reaction = editing.reactions.first(where: { $0.column == column && $0.accepts(model) })
        else { return false }
        if let session = editing.session {
            if session.indexPath == indexPath, session.column == column {
                if editing.editingRow != nil, !session.editor.hasFocus { session.editor.focus(selectingAll: true) }
                return true
            }
            guard commitCellEdit(in: editing) else { return false }
        }
        let editor = makeEditor(reaction.kind, showing: model, at: indexPath, column: index, avoiding: avoiding, in: editing)
        editing.session = TableCellEditing.Session(
            indexPath: indexPath, column: column, kind: reaction.kind, editor: editor, openedModel: model)
        editing.focusPending = true
        cursorColumn = column
        _ = manager.scrollTo(indexPath, alignment: .nearest)
        scrollToColumn(at: index)
        if let row = manager.boundRow(at: indexPath) { attachEditor(to: row, focusing: true, in: editing) }
        showCursorCell()
        if offeringChoices { editor.offerChoices() }
        return true
    }

    /// An editor of `kind` for the cell of the shown column at `index` showing `model`, starting
    /// from what the cell shows: its bound cell's, or a cell's filled for the question. A spare
    /// editor of the same kind (not `avoiding`) moves on to the cell; a new one is made when
    /// there is none.
    private func makeEditor(
        _ kind: TableCellEditing.Kind, showing model: Any, at indexPath: IndexPath, column index: Int,
        avoiding: (any CellEditor)?, in editing: TableCellEditing
    ) -> any CellEditor {
        withCell(at: indexPath, column: index, showing: model) { view -> any CellEditor in
            switch (kind, view) {
            case (.number, let number as NumberCell):
                return numberEditor(value: number.value, range: number.range, step: number.step, digits: number.digits, avoiding, editing)
            case (.number, _):
                return numberEditor(
                    value: Double(Self.shownText(of: view)) ?? 0, range: -1e15...1e15, step: 1, digits: 0, avoiding, editing)
            case (.text, let choice as ChoiceCell):
                if let spare = editing.takeSpare(
                    ChoiceEditor.self, avoiding: avoiding, where: { $0.allowsCustomText == choice.allowsCustomText })
                {
                    spare.reuse(text: choice.text, choices: choice.choices)
                    return spare
                }
                let editor = ChoiceEditor(
                    text: choice.text, choices: choice.choices, allowsCustomText: choice.allowsCustomText, actions: editorActions(editing))
                ListTheme.set(ListTheme.StyleClass.tableCellEditor, true, on: editor.widget)
                return editor
            case (.text, _):
                if let spare = editing.takeSpare(EntryEditor.self, avoiding: avoiding) {
                    spare.reuse(cellText: Self.shownText(of: view))
                    return spare
                }
                let editor = EntryEditor(cellText: Self.shownText(of: view), actions: editorActions(editing))
                ListTheme.set(ListTheme.StyleClass.tableCellEditor, true, on: editor.widget)
                return editor
            }
        }
    }

    private func numberEditor(
        value: Double, range: ClosedRange<Double>, step: Double, digits: Int, _ avoiding: (any CellEditor)?, _ editing: TableCellEditing
    ) -> NumberEditor {
        if let spare = editing.takeSpare(NumberEditor.self, avoiding: avoiding) {
            spare.reuse(value: value, range: range, step: step, digits: digits)
            return spare
        }
        let editor = NumberEditor(value: value, range: range, step: step, digits: digits, actions: editorActions(editing))
        ListTheme.set(ListTheme.StyleClass.tableCellEditor, true, on: editor.widget)
        return editor
    }

    /// What an editor of `editing` does with the user's keys and focus: whichever cell it edits
    /// then (an editor moves from cell to cell with its handlers).
    private func editorActions(_ editing: TableCellEditing) -> EditorActions {
        EditorActions(
            commit: { [weak self, weak editing] in
                if let self, let editing { _ = commitCellEdit(in: editing) }
            },
            cancel: { [weak self, weak editing] in
                // Escape does not drop a commit being saved: its outcome is still to be shown.
                if let self, let editing, editing.saving == nil { endCellEditing(in: editing) }
            },
            move: { [weak self, weak editing] forward in
                if let self, let editing { moveEditing(forward: forward, in: editing) }
            },
            focusLost: { [weak self, weak editing] in
                if let self, let editing { editorLostFocus(in: editing) }
            })
    }

    /// Calls `body` with the cell view of the shown column at `index` in the row at `indexPath`:
    /// its bound cell, or a cell filled with `model` (pooled again after).
    private func withCell<T>(at indexPath: IndexPath, column index: Int, showing model: Any, _ body: ((any ListRow)?) -> T) -> T {
        if let view = manager.boundRow(at: indexPath)?.view as? TableRowView, view.layoutGeneration == shownColumnsGeneration,
            view.cells.indices.contains(index), let cell = view.cells[index]
        {
            return body(cell.view)
        }
        guard let mapping = cells.mapping(for: model, column: layout.placed[index].column.id, at: indexPath),
            let cell = cells.makeCell(mapping, showing: model, at: indexPath)
        else { return body(nil) }
        defer { cells.pool.enqueue(cell) }
        return body(cell.view)
    }

    /// The text a cell shows: a text, number or choice cell's, else what its accessible says.
    private static func shownText(of view: (any ListRow)?) -> String {
        switch view {
        case let text as TextCell: return text.text
        case let number as NumberCell: return number.text
        case let choice as ChoiceCell: return choice.text
        case let view?: return atk_object_get_name(gtk_widget_get_accessible(view.widget)).map { String(cString: $0) } ?? ""
        case nil: return ""
        }
    }

    // MARK: - The editor in a row

    /// Puts the editor over its cell in `row`, the row of its item, with the keyboard focus when
    /// `focusing` (or when the list has it: the editor scrolled back).
    func attachEditor(to row: BoundRow, focusing: Bool, in editing: TableCellEditing) {
        guard let session = editing.session, let view = row.view as? TableRowView, layout.index(of: session.column) != nil else { return }
        if editing.editingRow !== row { detachEditor(in: editing) }
        editing.editingRow = row
        placeEditor(in: view, in: editing)
        if focusing || gtk_widget_has_focus(row.hostWidget ?? row.widget) != 0 {
            editing.focusPending = false
            session.editor.focus(selectingAll: focusing)
        }
    }

    /// Places the editor where its column is in `view` (pinned with a frozen column's cell).
    private func placeEditor(in view: TableRowView, in editing: TableCellEditing) {
        guard let session = editing.session, let index = layout.index(of: session.column) else { return }
        let placed = layout.placed[index]
        glm_table_row_place_overlay(
            UnsafeMutablePointer<GlmTableRow>(view.tableRow), session.editor.widget, Int32(clamping: placed.start),
            Int32(clamping: placed.width), index < frozenStrip.count ? 1 : 0)
    }

    /// Takes the editor out of its row (the editing goes on).
    func detachEditor(in editing: TableCellEditing) {
        guard editing.editingRow != nil else { return }
        editing.editingRow = nil
        editing.session?.editor.detach()
    }

    /// The columns were laid out anew: the editor follows its column, or ends when it is hidden.
    func editorLayoutDidChange() {
        guard let editing = cellEditing, let session = editing.session else { return }
        guard layout.index(of: session.column) != nil else { return endCellEditing(in: editing) }
        if let view = editing.editingRow?.view as? TableRowView { placeEditor(in: view, in: editing) }
    }

    // MARK: - Committing and ending

    /// Commits the editor's value through the column's reaction: true when it returned (the
    /// editing ends), false when it threw (the editor shows its message), is being saved (the
    /// editor waits; `then` runs once it is saved and the editing ended) or nothing is edited.
    /// `handingOver`: the editor stays in its row with the focus until the next takes it
    /// (`finishHandover`).
    @discardableResult
    func commitCellEdit(in editing: TableCellEditing, handingOver: Bool = false, then: (@MainActor () -> Void)? = nil) -> Bool {
        guard let session = editing.session, editing.saving == nil,
            let model = manager.unwrappedModel(at: .item(session.indexPath))
        else { return false }
        let value: TableCellEditing.Value =
            switch session.kind {
            case .number: .number((session.editor as? NumberEditor)?.value ?? Double(session.editor.text) ?? 0)
            case .text: .text(session.editor.text)
            }
        do {
            for reaction in editing.reactions where reaction.column == session.column {
                let outcome = try manager.asUserAction(named: "Edit") {
                    try reaction.commit(value, model, session.openedModel, session.indexPath)
                }
                switch outcome {
                case .notTaken: continue
                case .committed: break
                case .saving(let task):
                    wait(for: task, handingOver: handingOver, then: then, in: editing)
                    return false
                }
                break
            }
        } catch {
            // Its description: what a database error or a custom error says.
            session.editor.errorMessage = String(describing: error)
            if editing.editingRow != nil { session.editor.focus(selectingAll: false) }
            return false
        }
        endCellEditing(in: editing, handingOver: handingOver)
        return true
    }

    /// The editor waits over its cell for an `async` commit (``savingEnded(_:of:in:)``).
    private func wait(
        for task: Task<Void, any Error>, handingOver: Bool, then: (@MainActor () -> Void)?, in editing: TableCellEditing
    ) {
        guard let session = editing.session else { return task.cancel() }
        let saving = TableCellEditing.Saving(editor: session.editor, handingOver: handingOver, then: then)
        session.editor.errorMessage = nil
        session.editor.isSaving = true
        editing.saving = saving
        Task { @MainActor [weak self, weak editing] in
            let result = await task.result
            if let self, let editing { savingEnded(result, of: saving, in: editing) }
        }
    }

    /// Ends the editing without committing; the focus goes back to the row when the editor had
    /// it. The editor is kept to edit another cell. `handingOver`: the editor stays in its row,
    /// with the focus, until the next editor takes it (`finishHandover`).
    func endCellEditing(in editing: TableCellEditing, handingOver: Bool = false) {
        guard let session = editing.session else { return }
        let hadFocus = session.editor.hasFocus
        if handingOver {
            editing.editingRow = nil
            editing.leaving = (session.editor, session.indexPath)
        } else {
            detachEditor(in: editing)
        }
        editing.session = nil
        editing.focusPending = false
        if handingOver { return }
        if hadFocus { manager.focusItemRow(at: session.indexPath) }
        editing.keepSpare(session.editor)
    }

    /// The editor that handed the editing on (Tab) leaves its row once the next has the focus;
    /// the focus goes to its item's row when no next editor took it.
    func finishHandover(in editing: TableCellEditing) {
        guard let (editor, indexPath) = editing.leaving else { return }
        editing.leaving = nil
        if editor.hasFocus { manager.focusItemRow(at: indexPath) }
        editor.detach()
        editing.keepSpare(editor)
    }

    /// The editor lost the keyboard focus to another widget of its window (not to a popup, or
    /// another window): it commits, as GtkTreeView's editors do. The focus going to its own row
    /// (the host focusing the row clicked as the click ends) gives it back to the editor: a
    /// press elsewhere in the list has committed already.
    private func editorLostFocus(in editing: TableCellEditing) {
        guard let session = editing.session, let row = editing.editingRow, !session.editor.hasFocus,
            let toplevel = gtk_widget_get_toplevel(session.editor.widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel)), focus != session.editor.widget,
            gtk_widget_is_ancestor(focus, session.editor.widget) == 0
        else { return }
        let rowWidget = row.hostWidget ?? row.widget
        if focus == rowWidget || gtk_widget_is_ancestor(focus, rowWidget) != 0 {
            return session.editor.focus(selectingAll: false)
        }
        commitCellEdit(in: editing)
    }
}
