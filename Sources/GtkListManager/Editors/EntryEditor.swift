import CGtk

/// An entry to edit a text with, and the message of a commit that failed: under the entry for a
/// list's row (the row grows), or in a popover for a table's cell (``EditorMessagePopover``). It
/// lives as long as the editing, moving from row to row on a virtualized host; the entry's
/// text, cursor and message go with it.
@MainActor
final class EntryEditor: CellEditor {
    let widget: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    /// The label under the entry (a list's row), or the popover (a table's cell).
    private let message: UnsafeMutablePointer<GtkWidget>?
    private let popover: EditorMessagePopover?

    /// An editor in a box, its message under the entry.
    /// - Parameters:
    ///   - commit: Enter in the entry.
    ///   - cancel: Escape in the entry.
    init(text: String, commit: @escaping @MainActor () -> Void, cancel: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        g_object_ref_sink(widget)
        entry = gtk_entry_new()
        let message = gtk_label_new(nil)!
        self.message = message
        popover = nil
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
        EditorActions(commit: commit, cancel: cancel).connect(to: entry)
    }

    /// An editor over a table's cell: the entry alone, its message in a popover.
    init(cellText text: String, actions: EditorActions) {
        entry = gtk_entry_new()
        widget = entry
        g_object_ref_sink(widget)
        message = nil
        gtk_entry_set_text(gcast(entry), text)
        gtk_entry_set_width_chars(gcast(entry), 1)  // as wide as the column
        gtk_widget_show(entry)
        popover = EditorMessagePopover(under: entry, focusable: entry)
        let commit = actions.commit
        Signal.connect(entry, "activate") { _ in commit() }
        actions.connect(to: entry)
    }

    /// Edits another cell's `text` (a table's editor moving on): nothing of the cell before
    /// stays (its text, selection, typing mode or message).
    func reuse(cellText text: String) {
        forgetMessage()
        gtk_entry_set_overwrite_mode(gcast(entry), 0)
        gtk_entry_set_text(gcast(entry), text)
    }

    isolated deinit {
        gtk_widget_destroy(widget)
        g_object_unref(widget)
    }

    /// What the entry holds.
    var text: String { String(cString: gtk_entry_get_text(gcast(entry))) }

    /// The message of the commit that failed (the entry in GTK's `error` style); nil hides it.
    var errorMessage: String? {
        didSet {
            if let popover {
                popover.message = errorMessage
                return
            }
            guard let message else { return }
            gtk_label_set_text(gcast(message), errorMessage ?? "")
            gtk_widget_set_visible(message, errorMessage == nil ? 0 : 1)
            let style = gtk_widget_get_style_context(entry)
            if errorMessage == nil { gtk_style_context_remove_class(style, "error") } else { gtk_style_context_add_class(style, "error") }
        }
    }

    /// The entry takes no typing while its commit is saved; a cell's says so in its popover.
    var isSaving = false {
        didSet {
            gtk_editable_set_editable(OpaquePointer(entry), isSaving ? 0 : 1)
            popover?.progress = isSaving ? Self.savingNote : nil
        }
    }

    /// Whether the entry has the keyboard focus of its window.
    var hasFocus: Bool { gtk_widget_has_focus(entry) != 0 }

    /// Gives the entry the keyboard focus, its text selected (as a rename starts).
    func focus(selectingAll: Bool) {
        gtk_widget_grab_focus(entry)
        if !selectingAll { gtk_editable_select_region(OpaquePointer(entry), -1, -1) }
        popover?.showIfPlaced()
    }

    /// Takes the editor out of the row it is in.
    func detach() {
        popover?.hide()
        guard let parent = gtk_widget_get_parent(widget) else { return }
        gtk_container_remove(gcast(parent), widget)
    }
}
