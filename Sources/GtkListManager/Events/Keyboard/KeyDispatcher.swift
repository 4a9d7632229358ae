import CGtk
import ModelStorage

/// The one handler of key presses on the list: it finds the focused row once, then offers the
/// key to each interested event source in a fixed order, and the first that handles it wins:
///
/// 1. F2 edits the row in place, when its row class is an ``EditableRow`` (``InPlaceEditing``);
///    Delete (no modifier) deletes the row, when editing offers deletion (``EditingEvents``);
/// 2. Alt+Up and Alt+Down move the row, when it can move (``ReorderingEvents``);
/// 3. the user's `keyPress` reactions (``KeyPressEvents``);
/// 4. a tree's keys, opening, closing and moving to parents and children (``OutlineEvents``);
/// 5. type-ahead find, when the list's rows are findable (``TypeAheadFind``): it opens on a
///    typed character or Ctrl+F, and while it is open it comes first.
///
/// Keys the list does not handle go on to GTK (arrow navigation, Enter activation, …). The
/// handler is connected when the first of these sources is installed.
@MainActor
final class KeyDispatcher {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
        Signal.connectEvent(manager.widget, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) {
            [weak self] _, event in
            guard let self, let event else { return false }
            return dispatch(KeyPress(event))
        }
    }

    private func dispatch(_ key: KeyPress) -> Bool {
        let events = manager.events
        let typeAhead = events.typeAhead
        if let typeAhead, typeAhead.isOpen { return typeAhead.handle(key) }
        guard let (row, location) = manager.focusedRowAndLocation() else { return typeAhead?.handle(key) ?? false }
        if handle(key, on: row, at: location) { return true }
        return typeAhead?.handle(key) ?? false
    }

    private func handle(_ key: KeyPress, on row: BoundRow, at location: RowLocation) -> Bool {
        let events = manager.events
        if let editing = events.source(InPlaceEditing.self), editing.handle(key, on: row, at: location) { return true }
        if let editing = events.source(EditingEvents.self), editing.handle(key, on: row, at: location) { return true }
        if let reordering = events.source(ReorderingEvents.self), reordering.handle(key, on: row, at: location) { return true }
        if events.source(KeyPressEvents.self) != nil, events.perform(.keyPress, input: key, on: row, at: location) ?? false {
            return true
        }
        return events.source(OutlineEvents.self)?.handle(key, on: row, at: location) ?? false
    }
}
