import CGtk
import ModelStorage

// Cells the user reaches: Ctrl+Left and Ctrl+Right move a cell cursor across the focused row's
// columns (shown by the style class `list-table-cursor-cell`, scrolled into view), and an
// activation — a double click, or Enter — reports the column it happened in: the one under the
// pointer, or the cursor's.
extension ListTable {
    /// Calls `reaction` when the user activates a row showing a `Model`, with the column activated:
    /// the one clicked, or for Enter the cell cursor's (Ctrl+Left and Ctrl+Right move it), else
    /// the first shown.
    ///
    /// ```swift
    /// table.didActivate(Package.self) { package, indexPath, column in
    ///     if column.id == "homepage" { open(package.homepage) } else { showDetails(package) }
    /// }
    /// ```
    public func didActivate<Model>(_ modelType: Model.Type, _ reaction: @escaping (Model, IndexPath, TableColumn) -> Void) {
        activationReactions.append { model, indexPath, column in
            guard let model = model as? Model else { return false }
            reaction(model, indexPath, column)
            return true
        }
        if isInstalled { manager.requestActivationReports() }
    }

    /// The host reported an activation of the row at `location`: the first reaction that takes
    /// its model runs, with the column.
    func userDidActivate(_ row: BoundRow, at location: RowLocation) {
        guard location.role == .item, !activationReactions.isEmpty, let column = activatedColumn(in: row) else { return }
        for reaction in activationReactions where reaction(row.model, location.indexPath, column) { return }
    }

    /// The column an event happened in (an activation, a menu, a key): under the pointer of the
    /// event being handled, else the cell cursor's, else the first shown.
    func activatedColumn(in row: BoundRow) -> TableColumn? {
        if let event = gtk_get_current_event() {
            defer { gdk_event_free(event) }
            if let fromStart = pointerOffset(of: event, in: row.widget), let index = shownColumn(atRowOffset: fromStart) {
                return layout.placed[index].column
            }
        }
        if let cursor = cursorColumn, let index = layout.index(of: cursor) { return layout.placed[index].column }
        return layout.placed.first?.column
    }

    /// How far from `rowWidget`'s leading edge a pointer button event happened; nil for other
    /// events.
    func pointerOffset(of event: UnsafeMutablePointer<GdkEvent>, in rowWidget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        let type = gdk_event_get_event_type(event)
        guard [GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE].contains(type),
            let point = PointerLocation.point(of: event, in: rowWidget)
        else { return nil }
        let rowX = Int(point.x.rounded(.down))
        return isRightToLeft ? Int(gtk_widget_get_allocated_width(rowWidget)) - 1 - rowX : rowX
    }

    // MARK: - The cell cursor

    /// Handles Ctrl+Left and Ctrl+Right on the list: the cell cursor moves to the column on that
    /// side of the focused row's.
    func handleCursorKey(_ key: KeyPress) -> Bool {
        guard key.modifiers == .control, let next = columnBesideCursor(toward: key) else { return false }
        moveCursor(toColumn: next)
        return true
    }

    /// The shown column beside the cell cursor's on the side Left or Right points to (mirrored
    /// right to left), by index; the cursor is on the first column until it moves. Nil for other
    /// keys.
    func columnBesideCursor(toward key: KeyPress) -> Int? {
        let left = key.keyval == UInt32(GDK_KEY_Left) || key.keyval == UInt32(GDK_KEY_KP_Left)
        let right = key.keyval == UInt32(GDK_KEY_Right) || key.keyval == UInt32(GDK_KEY_KP_Right)
        guard left || right, !layout.placed.isEmpty else { return nil }
        let current = cursorColumn.flatMap(layout.index(of:)) ?? 0
        let step = (right != isRightToLeft) ? 1 : -1
        return min(max(current + step, 0), layout.placed.count - 1)
    }

    /// Puts the cell cursor on the shown column at `index`, scrolled into view.
    func moveCursor(toColumn index: Int) {
        cursorColumn = layout.placed[index].column.id
        scrollToColumn(at: index)
        showCursorCell()
    }

    /// Scrolls sideways just enough to show the shown column at `index` whole, past the frozen
    /// strip (a frozen column always shows).
    func scrollToColumn(at index: Int) {
        guard index >= frozenStrip.count else { return }
        let placed = layout.placed[index]
        let page = Int(gtk_adjustment_get_page_size(horizontalAdjustment))
        let start = offsetFromStart
        let strip = frozenStrip.width
        var target = start
        if placed.start < start + strip {
            target = placed.start - strip
        } else if placed.end > start + page {
            target = min(placed.start - strip, placed.end - page)
        }
        guard target != start else { return }
        let end = gtk_adjustment_get_upper(horizontalAdjustment) - Double(page)
        gtk_adjustment_set_value(horizontalAdjustment, isRightToLeft ? end - Double(target) : Double(target))
    }

    /// Marks the cell of the focused row in the cursor's column, and unmarks the one marked before.
    func showCursorCell() {
        var cell: UnsafeMutablePointer<GtkWidget>?
        if let cursor = cursorColumn, let index = layout.index(of: cursor), let (row, _) = manager.focusedRowAndLocation(),
            let view = row.view as? TableRowView, view.cells.indices.contains(index)
        {
            cell = view.cells[index]?.widget
        }
        guard cell != cursorCellWidget else { return }
        if let old = cursorCellWidget { ListTheme.set(ListTheme.StyleClass.tableCursorCell, false, on: old) }
        if let cell { ListTheme.set(ListTheme.StyleClass.tableCursorCell, true, on: cell) }
        cursorCellWidget = cell
    }
}
