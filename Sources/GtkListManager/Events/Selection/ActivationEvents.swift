import ModelStorage

extension ListEvent {
    static let didActivate = ListEvent("didActivate", source: ActivationEvents.self)
}

/// Row activation, as the host reports it (the list box's `row-activated`): a double click (a
/// single click with ``ListManager/activatesOnSingleClick``), Enter or Space on the focused
/// row, or `gtk_widget_activate` on the row.
@MainActor
final class ActivationEvents: OnDemandFeature {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    func didInstall() {
        manager.requestActivationReports()
    }

    func userDidActivate(_ row: BoundRow, at location: RowLocation) {
        let _: Void? = manager.events.perform(.didActivate, on: row, at: location)
    }
}
