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
        Signal.connect(manager.listBox, "row-activated", argument: UnsafeMutablePointer<GtkListBoxRow>.self) {
            [unowned manager] _, listRow in
            guard let listRow, let (record, location) = manager.hostedRowAndLocation(of: listRow) else { return }
            let _: Void? = manager.events.perform(.didActivate, on: record, at: location)
        }
    }
}
