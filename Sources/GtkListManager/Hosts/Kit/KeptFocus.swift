import CGtk

/// The keyboard focus kept across a row's move: GTK drops the focus of a widget taken out of its
/// parent, so a host that moves a row by taking it out and putting it back gives the focus back.
@MainActor
public enum KeptFocus {
    /// Runs `body`, which takes `widget` out of its parent and puts it back elsewhere; when the
    /// window's focus was in `widget`, the same widget has it again afterwards.
    public static func across(moveOf widget: UnsafeMutablePointer<GtkWidget>, _ body: () -> Void) {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel)), focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
        else { return body() }
        g_object_ref(focus)
        defer { g_object_unref(focus) }
        body()
        if gtk_widget_is_ancestor(focus, toplevel) != 0 { gtk_widget_grab_focus(focus) }
    }
}
