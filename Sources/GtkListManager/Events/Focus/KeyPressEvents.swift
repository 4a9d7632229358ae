import CGtk
import ModelStorage

extension ListEvent {
    static let keyPress = ListEvent("keyPress", source: KeyPressEvents.self)
}

/// Keys pressed while a row (or a widget inside it) has the keyboard focus, from the list box's
/// `key-press-event`.
///
/// GTK offers a key press to the focused widget first and then to its ancestors, so widgets
/// inside the row (an entry, say) see it first; the list box sees it before its own key
/// bindings (arrows, Enter, Space), so a reaction that answers true can take those keys too.
@MainActor
final class KeyPressEvents: EventSource {
    init(manager: ListManager) {
        Signal.connectEvent(manager.listBox, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) {
            [weak manager] listBox, event in
            // The list box may outlive its manager (its window keeps it).
            guard let manager, let event, let child = gtk_container_get_focus_child(gcast(listBox)), cgtk_is_list_box_row(child) != 0,
                let (record, location) = manager.hostedRowAndLocation(of: gcast(child))
            else { return false }
            return manager.events.perform(.keyPress, input: KeyPress(event), on: record, at: location) ?? false
        }
    }
}
