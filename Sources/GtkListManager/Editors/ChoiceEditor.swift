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
    /// The choices the list holds.
    private var choices: [String] = []
    /// While the editor is set to a cell's text: the list's `changed` is not a choice made.
    private var isResetting = false

    init(text: String, choices: [String], allowsCustomText: Bool, actions: EditorActions) {
        widget = allowsCustomText ? gtk_combo_box_text_new_with_entry() : gtk_combo_box_text_new()
        g_object_ref_sink(widget)
        entry = allowsCustomText ? gtk_bin_get_child(gcast(widget)) : nil
        if let entry { gtk_entry_set_width_chars(gcast(entry), 1) }  // as wide as the column
        let focusable = entry ?? widget
        popover = EditorMessagePopover(under: widget, focusable: focusable)
        set(text: text, choices: choices)
        gtk_widget_show_all(widget)
        let commit = actions.commit
        if let entry { Signal.connect(entry, "activate") { _ in commit() } }
        // A choice made in the list (typing in the entry chooses nothing: -1).
        Signal.connect(widget, "changed") { [weak self] combo in
            if self?.isResetting == false, gtk_combo_box_get_active(gcast(combo)) >= 0 { commit() }
        }
        actions.connect(to: focusable)
        if entry == nil {
            // The user closed the list without a choice (Escape, a click outside it): the
            // editing ends uncommitted, as GtkTreeView's combo renderer ends it. Looked at once
            // GTK is done, when a choice made has committed and taken the editor out of its row;
            // a list closed as the editor moves to another row (no input) leaves it open.
            let cancel = actions.cancel
            Signal.connect(widget, "notify::popup-shown", argument: UnsafeMutableRawPointer.self) { combo, _ in
                guard !Self.isPopupShown(combo), UserInput.isHandlingInput, let parent = gtk_widget_get_parent(combo) else { return }
                _ = GtkRuntime.repeatWhileIdle {
                    if gtk_widget_get_parent(combo) == parent, !Self.isPopupShown(combo) { cancel() }
                    return false
                }
            }
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

    /// Whether the combo box has an entry for any text.
    var allowsCustomText: Bool { entry != nil }

    /// Edits another cell's text among its `choices` (a table's editor moving on): nothing of
    /// the cell before stays (its choices, what was chosen or typed, its message).
    func reuse(text: String, choices: [String]) {
        forgetMessage()
        if let entry { gtk_entry_set_overwrite_mode(gcast(entry), 0) }
        set(text: text, choices: choices)
    }

    private func set(text: String, choices: [String]) {
        isResetting = true
        defer { isResetting = false }
        if choices != self.choices {
            self.choices = choices
            gtk_combo_box_text_remove_all(gcast(widget))
            for choice in choices { gtk_combo_box_text_append_text(gcast(widget), choice) }
        }
        if let entry {
            gtk_entry_set_text(gcast(entry), text)
        } else {
            // A text that is not a choice shows nothing chosen until the user chooses.
            gtk_combo_box_set_active(gcast(widget), Int32(choices.firstIndex(of: text) ?? -1))
        }
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

    /// A combo box takes no typed text while its commit is saved (a choice made then commits
    /// nothing: the table waits for the save).
    var isSaving = false {
        didSet {
            if let entry { gtk_editable_set_editable(OpaquePointer(entry), isSaving ? 0 : 1) }
            popover.progress = isSaving ? Self.savingNote : nil
        }
    }

    /// Whether its entry, or the button a combo box without one gives the focus to, has it.
    var hasFocus: Bool {
        if let entry { return gtk_widget_has_focus(entry) != 0 }
        // Its window's focus, even while the window is not active (its list just popped down).
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel))
        else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    func focus(selectingAll: Bool) {
        gtk_widget_grab_focus(entry ?? widget)
        if let entry, !selectingAll { gtk_editable_select_region(OpaquePointer(entry), -1, -1) }
        popover.showIfPlaced()
    }

    private static func isPopupShown(_ combo: UnsafeMutablePointer<GtkWidget>) -> Bool {
        ObjectProperty.bool("popup-shown", of: combo)
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
