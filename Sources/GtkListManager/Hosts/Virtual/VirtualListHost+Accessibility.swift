import CAccessibility
import CGtk
import CVirtualList

// What the list widget's accessible asks of the host (glm_accessible.c): the rows it binds, by
// their row widgets, and the selection and a grid's table over the whole list, rows without a
// widget included.
extension VirtualListHost {
    /// Describes the rows of the list widget for screen readers.
    func connectAccessibility() {
        RowAccessibility.describeRows(of: widget) { [weak self] rowWidget in
            guard let self, let position = position(ofRowWidget: rowWidget) else { return nil }
            return accessibleDescription(ofPosition: position)
        }
    }

    /// The manager's description of `position`, with its cell in a grid.
    func accessibleDescription(ofPosition position: Int) -> AccessibleRowDescription? {
        guard var description = delegate?.accessibleDescription(ofPosition: position) else { return nil }
        if description.kind == .item { description.cellPosition = index.tableCell(of: position) }
        return description
    }

    /// The list's items, headers and footers not counted.
    var accessibleItemCount: Int {
        count > 0 ? delegate?.accessibleDescription(ofPosition: 0)?.itemCount ?? 0 : 0
    }

    /// The row widget bound at `position`, else the description of the row that has none.
    func accessibleRow(at position: Int, unbound: UnsafeMutablePointer<GlmAccessibleRow>?)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        if let placed = placedRows[position] { return placed.rowWidget }
        if let unbound, let description = accessibleDescription(ofPosition: position) {
            RowAccessibility.fill(unbound, with: description)
        }
        return nil
    }

    // MARK: - Selection

    func selectedAccessibleRow(at index: Int, unbound: UnsafeMutablePointer<GlmAccessibleRow>?)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        guard let position = delegate?.positionOfSelectedItem(at: index) else { return nil }
        return accessibleRow(at: position, unbound: unbound)
    }

    /// Selects or deselects the row of `rowWidget` as the user would with Ctrl and a click.
    func accessibilitySelect(rowWidget: UnsafeMutablePointer<GtkWidget>, _ selected: Bool) {
        guard let position = position(ofRowWidget: rowWidget), isShownSelected(position) != selected else { return }
        if selected, selectionMode != .multiple {
            delegate?.userSelectedOnly(position...position)
        } else {
            delegate?.userToggledSelection(at: position)
        }
    }

    func accessibilityDeselectSelected(at index: Int) {
        guard let position = delegate?.positionOfSelectedItem(at: index) else { return }
        delegate?.userToggledSelection(at: position)
    }

    func accessibilitySelectAll(_ selected: Bool) -> Bool {
        guard selected else {
            delegate?.userDeselectedAll()
            return true
        }
        guard selectionMode == .multiple, count > 0 else { return false }
        delegate?.userSelectedOnly(0...count - 1)
        return true
    }

    // MARK: - A grid's table

    var accessibleTableShape: (rows: Int, columns: Int) {
        index.tableShape() ?? (rows: 0, columns: 0)
    }

    /// The lines of cells every cell of which is selected, in order.
    var accessibleSelectedLines: [Int] {
        guard let delegate else { return [] }
        var selectedInLine: [Int: Int] = [:]
        for selected in 0..<delegate.selectedItemCount {
            if let position = delegate.positionOfSelectedItem(at: selected), let cell = index.tableCell(of: position) {
                selectedInLine[cell.row, default: 0] += 1
            }
        }
        return selectedInLine.filter { line, selected in selected == cellPositions(inLine: line).count }.keys.sorted()
    }

    /// Selects or deselects every cell of `line` as the user does; false when that cannot be.
    func accessibilitySelect(line: Int, _ selected: Bool) -> Bool {
        let positions = cellPositions(inLine: line)
        return !positions.isEmpty && delegate?.userSetSelection(selected, atPositions: positions) == true
    }

    /// The positions of the cells of `line`, from its first column.
    private func cellPositions(inLine line: Int) -> [Int] {
        var positions: [Int] = []
        while let position = index.position(ofTableCell: .init(row: line, column: positions.count)) {
            positions.append(position)
        }
        return positions
    }

    func accessibleCell(
        row: Int, column: Int, rowWidget: UnsafeMutablePointer<UnsafeMutablePointer<GtkWidget>?>?,
        unbound: UnsafeMutablePointer<GlmAccessibleRow>?
    ) -> Bool {
        guard let position = index.position(ofTableCell: .init(row: row, column: column)) else { return false }
        rowWidget?.pointee = accessibleRow(at: position, unbound: unbound)
        return true
    }
}
