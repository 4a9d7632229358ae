import ModelStorage

extension ListEvent {
    static let didFocus = ListEvent("didFocus", source: FocusEvents.self)
    static let preferredFocusedIndexPath = ListEvent("preferredFocusedIndexPath", source: FocusEvents.self)
}

/// Keyboard focus moving to rows, and where it lands when it enters the list.
///
/// - `didFocus`: the host reports the focus moving to a row or to a widget inside one (the list
///   box's `set-focus-child`); the manager keeps it as its cursor. Only changes of the focused
///   row are reported: focus moving between widgets of the same row, or the window losing and
///   regaining focus, are not.
/// - `preferredFocusedIndexPath`: asked by the host when keyboard navigation (Tab, or the
///   window giving initial focus) enters the list while no row has the focus (the list box's
///   `focus` signal). With an answer naming a row that can take focus, that row takes it the
///   way GTK gives it to a row (it becomes the cursor row, and in single selection mode the
///   selected one); otherwise the host picks (the list box: the selected row, else the first).
@MainActor
final class FocusEvents: OnDemandFeature {
    private unowned let manager: ListManager
    /// Asked for the row to focus when the keyboard focus enters the list with no row focused.
    var preferredFocus: (() -> IndexPath?)?

    init(manager: ListManager) {
        self.manager = manager
    }

    func focusDidMove(to row: BoundRow, at location: RowLocation) {
        let _: Void? = manager.events.perform(.didFocus, on: row, at: location)
    }

    func itemToFocusOnEntry() -> IndexPath? {
        preferredFocus?()
    }
}
