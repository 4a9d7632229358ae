import CGtk

// Resizing by a header's edge, as in GtkTreeView: the pointer near the trailing edge of a
// column (a few pixels on each side of the line between two headers) shows the resize cursor;
// a drag there sets the column's width, a double click fits it to its content.
extension TableHeaderView {
    /// How near the line between two headers the pointer resizes, in pixels, on each side.
    static let resizeMargin = 5.0

    func connectResizing(of button: UnsafeMutablePointer<GtkWidget>, column: String) {
        gtk_widget_add_events(button, Int32(GDK_POINTER_MOTION_MASK.rawValue))
        Signal.connectEvent(button, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] button, event in
            guard let self, let event else { return false }
            return pressed(button, column: column, event)
        }
        Signal.connectEvent(button, "motion-notify-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] button, event in
            guard let self, let event else { return false }
            return moved(button, column: column, event)
        }
        Signal.connectEvent(button, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event, let resizing else { return false }
            self.resizing = nil
            resized?(resizing.column, width(of: resizing, at: event), true)
            return true
        }
    }

    /// The column whose trailing edge is under `x` in `column`'s button: the column itself near
    /// its trailing edge, the one before near its leading edge; nil elsewhere or when that
    /// column may not be resized.
    func resizedColumn(at x: Double, in button: UnsafeMutablePointer<GtkWidget>, of column: String) -> String? {
        let width = Double(gtk_widget_get_allocated_width(button))
        let fromStart = gtk_widget_get_direction(button) == GTK_TEXT_DIR_RTL ? width - x : x
        var candidate: String?
        if fromStart >= width - Self.resizeMargin {
            candidate = column
        } else if fromStart <= Self.resizeMargin, let index = shownOrder.firstIndex(of: column), index > 0 {
            candidate = shownOrder[index - 1]
        }
        guard let candidate, placedColumns[candidate]?.column.isResizable == true else { return nil }
        return candidate
    }

    private func pressed(_ button: UnsafeMutablePointer<GtkWidget>, column: String, _ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        var number: guint = 0
        var x = 0.0, y = 0.0, rootX = 0.0, rootY = 0.0
        guard gdk_event_get_button(event, &number) != 0, number == 1, gdk_event_get_coords(event, &x, &y) != 0,
            gdk_event_get_root_coords(event, &rootX, &rootY) != 0,
            let resized = resizedColumn(at: x, in: button, of: column), let placed = placedColumns[resized]
        else { return false }
        switch gdk_event_get_event_type(event) {
        case GDK_2BUTTON_PRESS:
            resizing = nil
            fitRequested?(resized)
        case GDK_BUTTON_PRESS:
            resizing = (resized, placed.width, rootX)
        default:
            break
        }
        // The press resizes: the button is not pressed, and no click sorts.
        return true
    }

    private func moved(_ button: UnsafeMutablePointer<GtkWidget>, column: String, _ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        if let resizing {
            resized?(resizing.column, width(of: resizing, at: event), false)
            return true
        }
        var x = 0.0, y = 0.0
        guard gdk_event_get_coords(event, &x, &y) != 0 else { return false }
        let cursor =
            resizedColumn(at: x, in: button, of: column) == nil
            ? nil : gdk_cursor_new_from_name(gtk_widget_get_display(button), "col-resize")
        defer { if let cursor { g_object_unref(gpointer(cursor)) } }
        if let window = gtk_button_get_event_window(gcast(button)) { gdk_window_set_cursor(window, cursor) }
        return false
    }

    /// The width the pointer of `event` gives the resized column: wider towards the reading
    /// direction's end.
    private func width(of resizing: (column: String, width: Int, x: Double), at event: UnsafeMutablePointer<GdkEvent>) -> Int {
        var rootX = 0.0, rootY = 0.0
        guard gdk_event_get_root_coords(event, &rootX, &rootY) != 0 else { return resizing.width }
        let moved = rootX - resizing.x
        let isRightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        return resizing.width + Int((isRightToLeft ? -moved : moved).rounded())
    }
}
