import CGtk
import ModelStorage

extension ListEvent {
    static let didFocus = ListEvent("didFocus", source: FocusEvents.self)
    static let preferredFocusedIndexPath = ListEvent("preferredFocusedIndexPath", source: FocusEvents.self)
}

/// Keyboard focus moving to rows, and where it lands when it enters the list.
///
/// - `didFocus`: the list box's `set-focus-child`, which GTK emits whenever the focus moves to
///   a row or to a widget inside one. Only changes of the focused row are reported: focus moving
///   between widgets of the same row, or the window losing and regaining focus, are not.
/// - `preferredFocusedIndexPath`: the list box's `focus` signal, emitted when keyboard
///   navigation (Tab, or the window giving initial focus) enters the list while no row has the
///   focus. With an answer naming a row that can take focus, that row takes it the way GTK
///   gives it to a row (it becomes the cursor row, and in single selection mode the selected
///   one); otherwise GTK picks (the selected row, else the first).
@MainActor
final class FocusEvents: EventSource {
    private unowned let manager: ListManager
    /// The row that last got the focus, while the focus stays in the list.
    private weak var focusedRecord: HostedRow?
    /// Where the focus should land when it enters the list.
    var preferredFocus: (() -> IndexPath?)?

    init(manager: ListManager) {
        self.manager = manager
        Signal.connect(manager.listBox, "set-focus-child", argument: UnsafeMutablePointer<GtkWidget>.self, after: true) {
            [weak self] _, child in
            self?.focusChildChanged(child)
        }
        // The signal's argument is a GtkDirectionType (an enum, not a pointer): ignored.
        Signal.connectEvent(manager.listBox, "focus", argument: UnsafeMutableRawPointer.self) { [weak self] _, _ in
            self?.focusEntering() ?? false
        }
    }

    private func focusChildChanged(_ child: UnsafeMutablePointer<GtkWidget>?) {
        guard let child, cgtk_is_list_box_row(child) != 0,
            let (record, location) = manager.hostedRowAndLocation(of: gcast(child))
        else {
            focusedRecord = nil
            return
        }
        guard record !== focusedRecord else { return }
        focusedRecord = record
        let _: Void? = manager.events.perform(.didFocus, on: record, at: location)
    }

    /// Sends the focus to the preferred row when it enters the list; false leaves it to GTK.
    private func focusEntering() -> Bool {
        guard gtk_container_get_focus_child(gcast(manager.listBox)) == nil, let preferredFocus,
            let indexPath = preferredFocus(), let listRow = manager.hostedRow(at: indexPath)?.listRow,
            gtk_widget_get_can_focus(gcast(listRow)) != 0, gtk_widget_get_child_visible(gcast(listRow)) != 0
        else { return false }
        // The row's own focus handling makes it the list box's cursor row, as GTK does.
        return gtk_widget_child_focus(gcast(listRow), GTK_DIR_TAB_FORWARD) != 0
    }
}
