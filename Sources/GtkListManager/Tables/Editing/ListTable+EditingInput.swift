import CGtk
import ModelStorage

// What opens a cell's editor (F2 and Enter on the cursor cell, a click on the focused row's
// cursor cell, a double click on an editable cell) and what moves it (Tab, Shift+Tab).
extension ListTable {
    /// F2 or Enter (no modifier) on the focused row opens the editor of the cell cursor's cell;
    /// F2 without a cursor, the first editable shown column's. Enter elsewhere activates.
    func beginEditing(by key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?, in editing: TableCellEditing) -> Bool {
        // Ctrl+F from an open editor: the edit is committed first, as when the focus leaves it,
        // and the key goes on to find; a refused commit keeps the editor, its message and the key.
        if editing.session != nil, Self.isFind(key) { return !commitCellEdit(in: editing) }
        let isF2 = key.keyval == UInt32(GDK_KEY_F2)
        guard isF2 || Self.isEnter(key.keyval), key.modifiers.isEmpty, let focused, focused.location.role == .item else { return false }
        let indexPath = focused.location.indexPath
        if let cursor = cursorColumn, layout.index(of: cursor) != nil {
            return beginCellEditing(at: indexPath, column: cursor, in: editing)
        }
        guard isF2, let model = manager.unwrappedModel(at: focused.location) else { return false }
        for index in layout.placed.indices where canEditCell(showing: model, at: indexPath, column: index, in: editing) {
            return beginCellEditing(at: indexPath, column: layout.placed[index].column.id, in: editing)
        }
        return false
    }

    private static func isFind(_ key: KeyPress) -> Bool {
        key.modifiers == [.control] && (key.keyval == UInt32(GDK_KEY_f) || key.keyval == UInt32(GDK_KEY_F))
    }

    private static func isEnter(_ keyval: UInt32) -> Bool {
        [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].contains(Int32(keyval))
    }

    /// A double click on an editable cell opens its editor instead of activating the row (a
    /// single click that activates keeps activating); so does Enter on a host that binds it to
    /// its rows' activation, on the cell cursor's editable cell.
    func beginEditing(onActivationOf row: BoundRow, at location: RowLocation, in editing: TableCellEditing) -> Bool {
        guard location.role == .item, let event = gtk_get_current_event() else { return false }
        defer { gdk_event_free(event) }
        switch gdk_event_get_event_type(event) {
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE:
            guard !manager.hostActivatesOnSingleClick, let fromStart = pointerOffset(of: event, in: row.widget),
                let index = layout.column(at: fromStart),
                canEditCell(showing: row.model, at: location.indexPath, column: index, in: editing),
                beginCellEditing(at: location.indexPath, column: layout.placed[index].column.id, in: editing)
            else { return false }
            refocusEditorAfterClick(in: editing)
            return true
        case GDK_KEY_PRESS:
            let key = KeyPress(UnsafeMutableRawPointer(event).assumingMemoryBound(to: GdkEventKey.self))
            guard Self.isEnter(key.keyval), key.modifiers.isEmpty, let cursor = cursorColumn, layout.index(of: cursor) != nil else {
                return false
            }
            return beginCellEditing(at: location.indexPath, column: cursor, in: editing)
        default:
            return false
        }
    }

    // MARK: - Screen readers

    /// Whether a reader's "edit" is offered on the cell of the shown column at `column` in the
    /// row at `row` (an item's place among the list's items).
    func accessibleCellIsEditable(row: Int, column: Int) -> Bool {
        guard let editing = cellEditing, let indexPath = manager.itemIndexPath(ofOrdinal: row),
            let model = manager.unwrappedModel(at: .item(indexPath))
        else { return false }
        return canEditCell(showing: model, at: indexPath, column: column, in: editing)
    }

    /// A reader's "edit" on the cell of the shown column at `column`: its editor opens.
    func accessibleBeginEditing(at indexPath: IndexPath, column: Int) -> Bool {
        guard let editing = cellEditing, layout.placed.indices.contains(column) else { return false }
        return beginCellEditing(at: indexPath, column: layout.placed[column].column.id, in: editing)
    }

    // MARK: - Clicks

    /// A primary press (no Ctrl or Shift) on an editable cell moves the cell cursor there; on the
    /// focused row's cursor cell already, it is remembered, and opens the editor when released.
    func editingPress(_ event: UnsafeMutablePointer<GdkEvent>, in editing: TableCellEditing) -> TableCellEditing.Press? {
        var button: guint = 0
        var state = GdkModifierType(0)
        let selecting = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, let point = PointerLocation.point(of: event, in: manager.widget)
        else { return nil }
        // A press in the list out of the editor (which takes its own), but on the cell it edits
        // (the editor is over it): the editing commits, as in a GtkTreeView.
        if let session = editing.session, let editingRow = editing.editingRow {
            let onEditedCell =
                manager.boundRowAndLocation(atX: point.x, y: point.y)?.0 === editingRow
                && pointerOffset(of: event, in: editingRow.widget).flatMap(layout.column(at:)) == layout.index(of: session.column)
            if !onEditedCell, !commitCellEdit(in: editing) { return nil }
        }
        guard gdk_event_get_button(event, &button) != 0, button == 1, gdk_event_get_state(event, &state) != 0,
            state.rawValue & selecting == 0, let (row, location, index) = editableCell(under: event, at: point, in: editing)
        else { return nil }
        let column = layout.placed[index].column.id
        let wasCursorCell = cursorColumn == column && manager.focusedRowAndLocation()?.0 === row
        cursorColumn = column
        showCursorCell()
        guard wasCursorCell, editing.session.map({ $0.indexPath != location.indexPath || $0.column != column }) ?? true else { return nil }
        return TableCellEditing.Press(
            indexPath: location.indexPath, column: column, x: Int32(point.x.rounded(.down)), y: Int32(point.y.rounded(.down)))
    }

    /// The button pressed on the focused cursor cell was released: opens its editor when the
    /// release is on it, within GTK's drag threshold of the press.
    func beginEditingOnRelease(of press: TableCellEditing.Press, in editing: TableCellEditing) {
        guard let event = gtk_get_current_event() else { return }
        defer { gdk_event_free(event) }
        guard gdk_event_get_event_type(event) == GDK_BUTTON_RELEASE, let point = PointerLocation.point(of: event, in: manager.widget),
            gtk_drag_check_threshold(manager.widget, press.x, press.y, Int32(point.x.rounded(.down)), Int32(point.y.rounded(.down)))
                == 0,
            let (_, location, index) = editableCell(under: event, at: point, in: editing),
            location.indexPath == press.indexPath, layout.placed[index].column.id == press.column
        else { return }
        guard beginCellEditing(at: press.indexPath, column: press.column, in: editing) else { return }
        refocusEditorAfterClick(in: editing)
    }

    /// The host gives its row the focus as a click ends: the editor takes it back after.
    private func refocusEditorAfterClick(in editing: TableCellEditing) {
        _ = GtkRuntime.repeatWhileIdle { [weak editing] in
            if let session = editing?.session, editing?.editingRow != nil, !session.editor.hasFocus {
                session.editor.focus(selectingAll: true)
            }
            return false
        }
    }

    /// The bound row, its location and the shown column of the editable cell under a pointer
    /// event at `point` (in the list's coordinates).
    private func editableCell(
        under event: UnsafeMutablePointer<GdkEvent>, at point: (x: Double, y: Double), in editing: TableCellEditing
    ) -> (BoundRow, RowLocation, Int)? {
        guard let (row, location) = manager.boundRowAndLocation(atX: point.x, y: point.y), location.role == .item,
            let fromStart = pointerOffset(of: event, in: row.widget), let index = layout.column(at: fromStart),
            canEditCell(showing: row.model, at: location.indexPath, column: index, in: editing)
        else { return nil }
        return (row, location, index)
    }

    // MARK: - Tab

    /// How many rows Tab looks through for an editable cell before it gives up.
    private static let tabSearchRows = 1000

    /// Tab (forward) or Shift+Tab: commits, then opens the next (or previous) editable cell, in
    /// the order the columns are shown, on to the next (or previous) rows. The editor stays
    /// open with its message when the commit fails.
    func moveEditing(forward: Bool, in editing: TableCellEditing) {
        guard let session = editing.session, layout.index(of: session.column) != nil else { return }
        let from = session.indexPath, column = session.column
        let leaving = session.editor
        // The editor keeps the focus until the next takes it: a reader hears one focus event.
        // A commit being saved moves on once it is.
        guard
            commitCellEdit(
                in: editing, handingOver: true,
                then: { [weak self, weak editing] in
                    guard let self, let editing else { return }
                    openEditor(after: from, column: column, forward: forward, leaving: leaving, in: editing)
                })
        else { return }
        openEditor(after: from, column: column, forward: forward, leaving: leaving, in: editing)
    }

    /// Opens the editor of the next (or previous) editable cell from `column` in the row of
    /// `from`, handing the focus over from `leaving`.
    private func openEditor(
        after from: IndexPath, column: String, forward: Bool, leaving: any CellEditor, in editing: TableCellEditing
    ) {
        defer { finishHandover(in: editing) }
        guard let start = layout.index(of: column) else { return }
        var indexPath: IndexPath? = from
        var index = start
        var rows = 0
        while let current = indexPath, rows <= Self.tabSearchRows {
            index += forward ? 1 : -1
            if !layout.placed.indices.contains(index) {
                indexPath = forward ? itemAfter(current) : itemBefore(current)
                index = forward ? -1 : layout.placed.count
                rows += 1
                continue
            }
            if let model = manager.unwrappedModel(at: .item(current)), canEditCell(showing: model, at: current, column: index, in: editing)
            {
                _ = beginCellEditing(
                    at: current, column: layout.placed[index].column.id, offeringChoices: false, avoiding: leaving, in: editing)
                return
            }
        }
    }

    private func itemAfter(_ indexPath: IndexPath) -> IndexPath? {
        if indexPath.item + 1 < manager.shownItemCount(inSection: indexPath.section) {
            return IndexPath(item: indexPath.item + 1, section: indexPath.section)
        }
        var section = indexPath.section + 1
        while section < manager.shownSectionCount {
            if manager.shownItemCount(inSection: section) > 0 { return IndexPath(item: 0, section: section) }
            section += 1
        }
        return nil
    }

    private func itemBefore(_ indexPath: IndexPath) -> IndexPath? {
        if indexPath.item > 0 { return IndexPath(item: indexPath.item - 1, section: indexPath.section) }
        var section = indexPath.section - 1
        while section >= 0 {
            let count = manager.shownItemCount(inSection: section)
            if count > 0 { return IndexPath(item: count - 1, section: section) }
            section -= 1
        }
        return nil
    }
}
