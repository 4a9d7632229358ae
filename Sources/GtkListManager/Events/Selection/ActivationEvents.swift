import CGtk
import ModelStorage

extension ListEvent {
    static let didActivate = ListEvent("didActivate", source: ActivationEvents.self)
}

/// Row activation, from the list box's `row-activated`: a double click (a single click with
/// ``ListManager/activatesOnSingleClick``), Enter or Space on the focused row, or
/// `gtk_widget_activate` on the row.
@MainActor
final class ActivationEvents: EventSource {
    init(manager: ListManager) {
        // Weak: the list box may outlive its manager.
        Signal.connect(manager.listBox, "row-activated", argument: UnsafeMutablePointer<GtkListBoxRow>.self) {
            [weak manager] _, listRow in
            guard let manager, let listRow, let (record, location) = manager.hostedRowAndLocation(of: listRow) else { return }
            let _: Void? = manager.events.perform(.didActivate, on: record, at: location)
        }
    }
}
