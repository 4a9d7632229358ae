import CAccessibility
import CGtk
import ModelStorage

// What a table tells screen readers (glm_accessible_table.c asks when a reader asks): its
// shown columns and their headers, its rows (the list's items) and the cell at a row and
// column, with a name for cells that have no widget (scrolled away, down or sideways).
extension ListTable {
    /// Makes the list's widget a table to screen readers, answered by this table.
    func connectAccessibility() {
        var callbacks = GlmAccessibleTableCallbacks()
        callbacks.column_count = { userData in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            return MainActor.assumeIsolated { Int32(clamping: box.table?.layout.placed.count ?? 0) }
        }
        callbacks.column_title = { userData, column in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            let title = MainActor.assumeIsolated { box.table?.shownColumn(at: Int(column))?.title }
            return title.map { g_strdup($0) } ?? nil
        }
        callbacks.column_header = { userData, column in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            // A widget pointer is no Sendable result: it crosses as its address.
            let address = MainActor.assumeIsolated {
                box.table?.shownColumn(at: Int(column)).flatMap { box.table?.header.buttons[$0.id]?.button }
                    .map(UInt.init(bitPattern:))
            }
            return address.flatMap { UnsafeMutablePointer<GtkWidget>(bitPattern: $0) }
        }
        callbacks.row_count = { userData in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            return MainActor.assumeIsolated { Int32(clamping: box.table?.manager.shownItemCount ?? 0) }
        }
        callbacks.is_tree = { userData in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            return MainActor.assumeIsolated { box.table?.manager.storage is any OutlineProviding } ? 1 : 0
        }
        callbacks.cell = { userData, row, column, unbound in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            let address = MainActor.assumeIsolated {
                box.table?.accessibleCell(row: Int(row), column: Int(column), unbound: unbound).map(UInt.init(bitPattern:))
            }
            return address.flatMap { UnsafeMutablePointer<GtkWidget>(bitPattern: $0) }
        }
        callbacks.selected_rows = { userData, rows in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            RowAccessibility.append(MainActor.assumeIsolated { box.table?.manager.selectedItemOrdinals ?? [] }, to: rows)
        }
        callbacks.select_row = { userData, row, selected in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            return MainActor.assumeIsolated {
                box.table?.manager.userSetSelection(selected != 0, ofItemOrdinal: Int(row)) ?? false
            } ? 1 : 0
        }
        callbacks.cell_action = { userData, row, column, name in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            let action = name.map { String(cString: $0) }
            return MainActor.assumeIsolated {
                guard let table = box.table, let indexPath = table.manager.itemIndexPath(ofOrdinal: Int(row)) else { return false }
                switch action {
                case "toggle": return table.userToggle(at: indexPath, column: Int(column))
                case "edit": return table.accessibleBeginEditing(at: indexPath, column: Int(column))
                default: return false
                }
            } ? 1 : 0
        }
        callbacks.cell_editable = { userData, row, column in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            return MainActor.assumeIsolated { box.table?.accessibleCellIsEditable(row: Int(row), column: Int(column)) ?? false } ? 1 : 0
        }
        callbacks.cell_selected = { userData, row, column in
            let box = CallbackBox<WeakTable>.payload(of: userData)
            return MainActor.assumeIsolated { box.table?.accessibleCellSelection(row: Int(row), column: Int(column)) ?? -1 }
        }
        let userData = CallbackBox(WeakTable(self)).retainedPointer()
        glm_accessible_set_table(manager.widget, &callbacks, userData, CallbackBoxRelease.destroyNotify)
    }

    /// The table a reader asks through; the list widget may outlive it.
    final class WeakTable {
        private weak var weakTable: ListTable?
        init(_ table: ListTable) { weakTable = table }
        /// The table while it shows the list: none once another replaced it or its manager is gone.
        @MainActor var table: ListTable? { weakTable.flatMap { $0.isInstalled ? $0 : nil } }
    }

    private func shownColumn(at index: Int) -> TableColumn? {
        layout.placed.indices.contains(index) ? layout.placed[index].column : nil
    }

    /// The cell widget bound at `row` (an item's place among the list's items) and `column` (a
    /// shown column's); nil with `unbound` filled when it has none, or left empty outside.
    func accessibleCell(row: Int, column: Int, unbound: UnsafeMutablePointer<GlmAccessibleRow>?)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        guard let placed = shownColumn(at: column), let indexPath = manager.itemIndexPath(ofOrdinal: row) else { return nil }
        let bound = manager.boundRow(at: indexPath)
        if let view = bound?.view as? TableRowView, view.layoutGeneration == shownColumnsGeneration,
            let cell = view.cells[column]
        {
            return cell.widget
        }
        guard let unbound else { return nil }
        glm_accessible_row_init(unbound)
        unbound.pointee.grid_row = Int32(clamping: row)
        unbound.pointee.grid_column = Int32(clamping: column)
        unbound.pointee.selectable = manager.selectionMode != .none ? 1 : 0
        let rangeSelection = accessibleCellSelection(row: row, column: column)
        unbound.pointee.selected = rangeSelection >= 0 ? rangeSelection : manager.selection.isSelected(indexPath) ? 1 : 0
        if let model = manager.unwrappedModel(at: .item(indexPath)) {
            describeCell(in: placed.id, showing: model, at: indexPath, to: unbound)
        }
        return nil
    }

    /// What a reader says for a row showing `stored`: the ``AccessibleRow`` name of the cell
    /// class of the first shown column (the one that says which row it is); nil, the texts of
    /// the row's labels, when it gives none.
    func accessibleName(of stored: Any, at indexPath: IndexPath) -> String? {
        guard let column = layout.placed.first?.column, let model = manager.unwrappedModel(stored),
            let mapping = cells.mapping(for: model, column: column.id, at: indexPath),
            let named = mapping.rowClass as? any AccessibleRow.Type
        else { return nil }
        return named.accessibleName(forAny: model)
    }

    /// Tells a reader about the cell of `column` showing `model`, which has no widget: its name
    /// (its cell class's ``AccessibleRow`` name, else what a cell made for it says: its
    /// content's name, or the texts of its labels) and the role, value and states of its content
    /// (a toggle cell, an icon, a progress bar, a spinner).
    private func describeCell(
        in column: String, showing model: Any, at indexPath: IndexPath, to unbound: UnsafeMutablePointer<GlmAccessibleRow>
    ) {
        guard let mapping = cells.mapping(for: model, column: column, at: indexPath) else { return }
        var name = (mapping.rowClass as? any AccessibleRow.Type)?.accessibleName(forAny: model)
        if name == nil || mapping.rowClass is any ContentCell.Type, let cell = cells.makeCell(mapping, showing: model, at: indexPath) {
            defer { cells.pool.enqueue(cell) }
            let contentName = CellContent.describe(cell.widget, to: unbound)
            if name == nil { name = contentName }
            if name == nil, let texts = glm_accessible_label_texts(cell.widget) {
                name = String(cString: texts)
                g_free(texts)
            }
        }
        if let name { unbound.pointee.name = g_strdup(name) }
    }
}
