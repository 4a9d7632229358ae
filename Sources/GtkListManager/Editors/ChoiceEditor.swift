import CGtk

/// A combo box to choose a text with, over a table's choice cell, as GtkTreeView's combo
/// renderer edits: its choices in a list, and an entry to type any text in when custom texts
/// are allowed. A choice made in the list commits; Enter in the entry commits what it holds.
/// Opened by the user on its cell, a list without an entry pops up at once.
@MainActor
final class ChoiceEditor: CellEditor {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The entry of a combo box that takes any text; nil for a list of choices alone.
    private let entry: UnsafeMutablePointer<GtkWidget>?
    private let popover: EditorMessagePopover

    init(text: String, choices: [String], allowsCustomText: Bool, actions: EditorActions) {
        widget = allowsCustomText ? gtk_combo_box_text_new_with_entry() : gtk_combo_box_text_new()
        g_object_ref_sink(widget)
        for choice in choices { gtk_combo_box_text_append_text(gcast(widget), choice) }
        entry = allowsCustomText ? gtk_bin_get_child(gcast(widget)) : nil
        if let entry {
            gtk_entry_set_width_chars(gcast(entry), 1)  // as wide as the column
            gtk_entry_set_text(gcast(entry), text)
        } else {
            // A text that is not a choice shows nothing chosen until the user chooses.
            gtk_combo_box_set_active(gcast(widget), Int32(choices.firstIndex(of: text) ?? -1))
        }
        gtk_widget_show_all(widget)
        let focusable = entry ?? widget
        popover = EditorMessagePopover(under: widget, focusable: focusable)
        let commit = actions.commit
        if let entry { Signal.connect(entry, "activate") { _ in commit() } }
        // A choice made in the list (typing in the entry chooses nothing: -1).
        Signal.connect(widget, "changed") { combo in
            if gtk_combo_box_get_active(gcast(combo)) >= 0 { commit() }
        }
        actions.connect(to: focusable)
        if entry == nil {
            // Enter on the closed combo box commits what it shows.
            Signal.connectEvent(widget, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) { _, event in
                guard let event, [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].contains(Int32(event.pointee.keyval))
                else { return false }
                commit()
                return true
            }
        }
    }

    isolated deinit {
        gtk_widget_destroy(widget)
        g_object_unref(widget)
    }

    /// The text chosen or typed.
    var text: String {
        if let entry { return String(cString: gtk_entry_get_text(gcast(entry))) }
        guard let chosen = gtk_combo_box_text_get_active_text(gcast(widget)) else { return "" }
        defer { g_free(chosen) }
        return String(cString: chosen)
    }

    var errorMessage: String? {
        didSet { popover.message = errorMessage }
    }

    var hasFocus: Bool { gtk_widget_has_focus(entry ?? widget) != 0 }

    func focus(selectingAll: Bool) {
        gtk_widget_grab_focus(entry ?? widget)
        if let entry, !selectingAll { gtk_editable_select_region(OpaquePointer(entry), -1, -1) }
        popover.showIfPlaced()
    }

    /// The list of choices pops up (a combo box that takes any text waits for typing).
    func offerChoices() {
        guard entry == nil, gtk_widget_get_mapped(widget) != 0 else { return }
        gtk_combo_box_popup(gcast(widget))
    }

    func detach() {
        popover.hide()
        guard let parent = gtk_widget_get_parent(widget) else { return }
        gtk_container_remove(gcast(parent), widget)
    }
}
