import CGtk

extension ListManager {
    /// The row holding the keyboard focus (itself or one of its widgets), with its location;
    /// nil when the focus is elsewhere or on a leaving row.
    func focusedRowAndLocation() -> (HostedRow, RowLocation)? {
        guard let child = gtk_container_get_focus_child(gcast(listBox)), cgtk_is_list_box_row(child) != 0,
            isFocusInside(child)
        else { return nil }
        let listRow: UnsafeMutablePointer<GtkListBoxRow> = gcast(child)
        return hostedRowAndLocation(of: listRow)
    }

    /// True when the window's focus widget is `widget` or inside it.
    private func isFocusInside(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel))
        else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
}
