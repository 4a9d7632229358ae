import CGtk

/// An entry to edit a text with, and under it the message of a commit that failed. It lives as
/// long as the editing, moving from row to row on a virtualized host; the entry's text, cursor
/// and message go with it.
@MainActor
final class EntryEditor: CellEditor {
    let widget: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>

    /// - Parameters:
    ///   - commit: Enter in the entry.
    ///   - cancel: Escape in the entry.
    init(text: String, commit: @escaping @MainActor () -> Void, cancel: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        g_object_ref_sink(widget)
        entry = gtk_entry_new()
        message = gtk_label_new(nil)
        gtk_label_set_xalign(gcast(message), 0)
        gtk_label_set_line_wrap(gcast(message), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(message), "error")
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), "glm-in-place-editor")
        gtk_entry_set_text(gcast(entry), text)
        gtk_box_pack_start(gcast(widget), entry, 0, 0, 0)
        gtk_box_pack_start(gcast(widget), message, 0, 0, 0)
        gtk_widget_show(entry)
        gtk_widget_show(widget)
        Signal.connect(entry, "activate") { _ in commit() }
        Signal.connectEvent(entry, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) { _, event in
            guard let event, event.pointee.keyval == guint(GDK_KEY_Escape) else { return false }
            cancel()
            return true
        }
    }

    isolated deinit {
        gtk_widget_destroy(widget)
        g_object_unref(widget)
    }

    /// What the entry holds.
    var text: String { String(cString: gtk_entry_get_text(gcast(entry))) }

    /// The message under the entry (the entry in GTK's `error` style); nil hides both.
    var errorMessage: String? {
        didSet {
            gtk_label_set_text(gcast(message), errorMessage ?? "")
            gtk_widget_set_visible(message, errorMessage == nil ? 0 : 1)
            let style = gtk_widget_get_style_context(entry)
            if errorMessage == nil { gtk_style_context_remove_class(style, "error") } else { gtk_style_context_add_class(style, "error") }
        }
    }

    /// Whether the entry has the keyboard focus of its window.
    var hasFocus: Bool { gtk_widget_has_focus(entry) != 0 }

    /// Gives the entry the keyboard focus, its text selected (as a rename starts).
    func focus(selectingAll: Bool) {
        gtk_widget_grab_focus(entry)
        if !selectingAll { gtk_editable_select_region(OpaquePointer(entry), -1, -1) }
    }

    /// Takes the editor out of the row it is in.
    func detach() {
        guard let parent = gtk_widget_get_parent(widget) else { return }
        gtk_container_remove(gcast(parent), widget)
    }
}
