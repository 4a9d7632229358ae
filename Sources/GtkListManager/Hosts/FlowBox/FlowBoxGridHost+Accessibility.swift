import CGtk

// Each section's flow box is a table to screen readers (GtkFlowBox's own accessible, selection
// included); a cell's role, name, place among the items and row and column in its section's
// table come from the manager and the flow box (RowAccessibility). Headers and footers are
// headings and footers outside the set.
extension FlowBoxGridHost {
    func connectAccessibility() {
        RowAccessibility.describeRows(of: widget) { [weak self] cellWidget in
            guard let self, let row = FlowBoxCellType.shared.boundRow(of: gcast(cellWidget)),
                let position = position(of: row),
                var description = delegate?.accessibleDescription(ofPosition: position)
            else { return nil }
            description.cellPosition = tableCell(of: gcast(cellWidget))
            return description
        }
        // A reader focusing a cell moves the flow box's cursor there, as a click does.
        RowAccessibility.focusRows(of: widget) { [weak self] cellWidget in
            guard let self, let row = FlowBoxCellType.shared.boundRow(of: gcast(cellWidget)), let position = position(of: row)
            else { return false }
            return focusRow(at: position)
        }
    }

    /// Gives a header's or footer's widget the role a reader announces it by.
    func describeSupplementary(_ row: BoundRow) {
        guard let accessible = gtk_widget_get_accessible(row.widget) else { return }
        atk_object_set_role(accessible, row.role == .header ? ATK_ROLE_HEADING : ATK_ROLE_FOOTER)
    }

    /// The cell's row and column in its flow box, as the flow box lays it out now.
    private func tableCell(of cell: UnsafeMutablePointer<GtkFlowBoxChild>) -> AccessibleRowDescription.CellPosition? {
        guard let flowBox = gtk_widget_get_parent(gcast(cell)) else { return nil }
        let index = Int(gtk_flow_box_child_get_index(cell))
        let columns = max(columnsShown(in: gcast(flowBox)), 1)
        return index >= 0 ? .init(row: index / columns, column: index % columns) : nil
    }

    /// The cells on the flow box's first line: those at the first cell's height.
    private func columnsShown(in flowBox: UnsafeMutablePointer<GtkFlowBox>) -> Int {
        guard let first = gtk_flow_box_get_child_at_index(flowBox, 0) else { return 0 }
        let top = gtk_widget_get_allocated_height(gcast(first)) > 0 ? allocationY(of: gcast(first)) : nil
        var columns = 1
        while let next = gtk_flow_box_get_child_at_index(flowBox, Int32(columns)), top != nil, allocationY(of: gcast(next)) == top {
            columns += 1
        }
        return columns
    }

    private func allocationY(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return allocation.y
    }
}
