import ModelStorage

// The table plugs into its list as a feature: it makes every item's row (a row of cells), finds
// and names items by their cells, indents a tree's rows in its outline column, moves its cell
// cursor with Ctrl+Left and Ctrl+Right, copies with Ctrl+C and selects every row with Ctrl+A.
extension ListTable: ItemPresenting {
    var itemMapping: any AnyRowMapping { rowMapping }

    func didUninstall() {
        // An editor open over one of its cells goes with the table, committing nothing.
        if isInstalled, let cellEditing { endCellEditing(in: cellEditing) }
        wasUninstalled = true
    }

    /// An item is found by its first column, in the table's own order (not as the user moved
    /// them), whose cell class is findable or that is a declared text column.
    func findableText(of stored: Any, at indexPath: IndexPath) -> String? {
        guard let model = manager.unwrappedModel(stored) else { return nil }
        for column in columns {
            if let text = cells.findableTexts[column.id], let found = text(model, indexPath) { return found }
            if let mapping = cells.mapping(for: model, column: column.id, at: indexPath),
                let findable = mapping.rowClass as? any FindableRow.Type
            {
                return findable.findableText(ofAny: model)
            }
        }
        return nil
    }

    func indentTreeRow(_ row: BoundRow, by pixels: Int) -> Bool {
        guard let view = row.view as? TableRowView else { return false }
        indent(view, by: pixels)
        return true
    }

    var keyStage: KeyStage? { .cellNavigation }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        handleCursorKey(key) || handleCopyKey(key) || handleSelectAllKey(key)
    }

    func focusDidMove(to row: BoundRow, at location: RowLocation) {
        showCursorCell()
    }
}
