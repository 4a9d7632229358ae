import CGtk

/// A spin button to edit a number with, over a table's number cell: within a range, by a step,
/// with a number of digits, as GtkTreeView's spin renderer edits. Up and Down step the value;
/// Enter commits what is typed (read as the spin button reads it, clamped to the range).
@MainActor
final class NumberEditor: CellEditor {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let popover: EditorMessagePopover

    init(value: Double, range: ClosedRange<Double>, step: Double, digits: Int, actions: EditorActions) {
        widget = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step > 0 ? step : 1)
        g_object_ref_sink(widget)
        gtk_spin_button_set_numeric(gcast(widget), 0)
        // As wide as the column, not as the range's widest number.
        gtk_entry_set_width_chars(gcast(widget), 1)
        Self.set(widget, value: value, range: range, step: step, digits: digits)
        gtk_widget_show(widget)
        popover = EditorMessagePopover(under: widget, focusable: widget)
        let commit = actions.commit
        Signal.connect(widget, "activate") { _ in commit() }
        actions.connect(to: widget)
    }

    /// Edits another cell's number (a table's editor moving on): its range, step and digits;
    /// nothing of the cell before stays (what was typed there, its message).
    func reuse(value: Double, range: ClosedRange<Double>, step: Double, digits: Int) {
        forgetMessage()
        gtk_entry_set_overwrite_mode(gcast(widget), 0)
        Self.set(widget, value: value, range: range, step: step, digits: digits)
    }

    private static func set(
        _ widget: UnsafeMutablePointer<GtkWidget>, value: Double, range: ClosedRange<Double>, step: Double, digits: Int
    ) {
        let step = step > 0 ? step : 1
        gtk_spin_button_set_digits(gcast(widget), guint(min(max(digits, 0), 20)))
        gtk_spin_button_set_increments(gcast(widget), step, 10 * step)
        gtk_spin_button_set_range(gcast(widget), range.lowerBound, range.upperBound)
        // The value shown again even when it is the one before (a typed text is dropped).
        gtk_spin_button_set_value(gcast(widget), value)
    }

    isolated deinit {
        gtk_widget_destroy(widget)
        g_object_unref(widget)
    }

    /// The number the spin button holds, what was typed included.
    var value: Double {
        gtk_spin_button_update(gcast(widget))
        return gtk_spin_button_get_value(gcast(widget))
    }

    var text: String { String(cString: gtk_entry_get_text(gcast(widget))) }

    var errorMessage: String? {
        didSet { popover.message = errorMessage }
    }

    var isSaving = false {
        didSet {
            gtk_editable_set_editable(OpaquePointer(widget), isSaving ? 0 : 1)
            popover.progress = isSaving ? Self.savingNote : nil
        }
    }

    var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    func focus(selectingAll: Bool) {
        gtk_widget_grab_focus(widget)
        if !selectingAll { gtk_editable_select_region(OpaquePointer(widget), -1, -1) }
        popover.showIfPlaced()
    }

    func detach() {
        popover.hide()
        guard let parent = gtk_widget_get_parent(widget) else { return }
        gtk_container_remove(gcast(parent), widget)
    }
}
