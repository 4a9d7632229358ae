import CGtk

/// The small window with the typed query, under the list's bottom edge at its end side, as
/// GtkTreeView shows its search: a popup of its own, so the list's layout never changes. The
/// list keeps the keyboard focus; the entry shows what was typed.
@MainActor
final class TypeAheadPopup {
    let window: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>

    init() {
        window = gtk_window_new(GTK_WINDOW_POPUP)
        gtk_window_set_type_hint(gcast(window), GDK_WINDOW_TYPE_HINT_UTILITY)
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_shadow_type(gcast(frame), GTK_SHADOW_ETCHED_IN)
        entry = gtk_entry_new()
        gtk_entry_set_width_chars(gcast(entry), 18)
        gtk_editable_set_editable(OpaquePointer(entry), 0)
        gtk_entry_set_icon_from_icon_name(gcast(entry), GTK_ENTRY_ICON_PRIMARY, "edit-find-symbolic")
        gtk_style_context_add_class(gtk_widget_get_style_context(window), "glm-type-ahead")
        gtk_container_add(gcast(frame), entry)
        gtk_container_add(gcast(window), frame)
        gtk_widget_show_all(frame)
    }

    isolated deinit {
        gtk_widget_destroy(window)
    }

    var isShown: Bool { gtk_widget_get_visible(window) != 0 }

    /// What the entry shows.
    var text: String { String(cString: gtk_entry_get_text(gcast(entry))) }

    /// Shows `query`, and whether it found anything (GTK's `error` style when not).
    func show(_ query: String, found: Bool, under list: UnsafeMutablePointer<GtkWidget>) {
        gtk_entry_set_text(gcast(entry), query)
        gtk_editable_set_position(OpaquePointer(entry), -1)
        let style = gtk_widget_get_style_context(entry)
        if found { gtk_style_context_remove_class(style, "error") } else { gtk_style_context_add_class(style, "error") }
        guard !isShown else { return }
        if let toplevel = gtk_widget_get_toplevel(list), gtk_widget_is_toplevel(toplevel) != 0 {
            gtk_window_set_transient_for(gcast(window), gcast(toplevel))
            gtk_window_set_screen(gcast(window), gtk_widget_get_screen(list))
        }
        place(under: list)
        gtk_widget_show(window)
    }

    func hide() {
        gtk_widget_hide(window)
    }

    /// At the bottom of the list's visible area, its end edge aligned with the list's (the right
    /// one, the left one right to left).
    private func place(under list: UnsafeMutablePointer<GtkWidget>) {
        // The visible area: the scrolled window (or viewport) around the list, when there is one.
        let area = visibleArea(of: list)
        guard let gdkWindow = gtk_widget_get_window(area) else { return }
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(gdkWindow, &originX, &originY)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(area, &allocation)
        if gtk_widget_get_has_window(area) == 0 {
            originX += allocation.x
            originY += allocation.y
        }
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(window, nil, &natural)
        let rightToLeft = gtk_widget_get_direction(list) == GTK_TEXT_DIR_RTL
        let x = rightToLeft ? originX : originX + allocation.width - natural.width
        gtk_window_move(gcast(window), x, originY + allocation.height)
    }

    private func visibleArea(of list: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        var widget = list
        while let parent = gtk_widget_get_parent(widget) {
            widget = parent
            if isA(widget, gtk_scrolled_window_get_type()) { return widget }
        }
        return list
    }
}
