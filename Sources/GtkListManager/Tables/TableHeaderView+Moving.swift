import CGtk
import CVirtualList

// Moving a column by dragging its header, as in GtkTreeView: past GTK's drag threshold the
// header follows the pointer along the strip, and on the release the column goes where the
// header's middle is. The click that ends the drag sorts nothing.
extension TableHeaderView {
    func connectMoving(of button: UnsafeMutablePointer<GtkWidget>, column: String) {
        // After the resizing handler, which stops a press on an edge.
        Signal.connectEvent(button, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event, resizing == nil, placedColumns[column]?.column.isReorderable == true else { return false }
            var number: guint = 0
            var x = 0.0, y = 0.0
            if gdk_event_get_button(event, &number) != 0, number == 1, gdk_event_get_event_type(event) == GDK_BUTTON_PRESS,
                gdk_event_get_root_coords(event, &x, &y) != 0
            {
                headerDrag = (column, x, y, false)
            }
            return false
        }
        Signal.connectEvent(button, "motion-notify-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] button, event in
            guard let self, let event, var drag = headerDrag, drag.column == column else { return false }
            var x = 0.0, y = 0.0
            guard gdk_event_get_root_coords(event, &x, &y) != 0 else { return false }
            if !drag.isDragging {
                guard gtk_drag_check_threshold(button, Int32(drag.x), Int32(drag.y), Int32(x), Int32(y)) != 0 else { return false }
                drag.isDragging = true
                headerDrag = drag
            }
            showDragged(column, movedBy: moved(from: drag.x, to: x))
            return true
        }
        Signal.connectEvent(button, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event, let drag = headerDrag, drag.column == column else { return false }
            headerDrag = nil
            guard drag.isDragging else { return false }
            var x = 0.0, y = 0.0
            _ = gdk_event_get_root_coords(event, &x, &y)
            ignoresNextClick = true
            // Cleared after the release's own handlers: a release outside the button clicks nothing.
            GtkRuntime.after(milliseconds: 0) { [weak self] in self?.ignoresNextClick = false }
            if let place = shownPlace(of: column, movedBy: moved(from: drag.x, to: x)) { self.moved?(column, place) }
            // Where the column is now: its new place, or its old one when the move was refused
            // (a column that scrolls dropped among the frozen ones).
            showDragged(column, movedBy: 0)
            return false
        }
    }

    /// How far the pointer moved towards the end of the reading direction.
    private func moved(from start: Double, to x: Double) -> Int {
        let distance = Int((x - start).rounded())
        return gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? -distance : distance
    }

    /// Shows `column`'s header `offset` pixels from its place, over the others.
    /// A frozen column's header stays pinned while it is dragged.
    private func showDragged(_ column: String, movedBy offset: Int) {
        guard let header = buttons[column], let placed = placedColumns[column] else { return }
        glm_table_row_place_cell_pinned(
            UnsafeMutablePointer(rowPointer), header.button, Int32(clamping: placed.start + offset), Int32(clamping: placed.width),
            isFrozen(column) ? 1 : 0)
    }

    private func isFrozen(_ column: String) -> Bool {
        (shownOrder.firstIndex(of: column) ?? .max) < frozenCount
    }

    /// The shown place whose span holds the middle of `column`'s header moved by `offset`; a
    /// frozen column's (which moves among the frozen ones only), among the frozen ones; one that
    /// scrolls, dropped on the frozen strip, the first after them.
    private func shownPlace(of column: String, movedBy offset: Int) -> Int? {
        guard let placed = placedColumns[column] else { return nil }
        let middle = placed.start + offset + placed.width / 2
        if frozenCount > 0, !isFrozen(column), middle - pinnedStrip.offset < pinnedStrip.width { return frozenCount }
        let candidates = isFrozen(column) ? Array(shownOrder.prefix(frozenCount)) : shownOrder
        let others = candidates.compactMap { placedColumns[$0] }
        if middle < 0 { return 0 }
        return others.firstIndex { middle >= $0.start && middle < $0.end } ?? (candidates.count - 1)
    }
}
