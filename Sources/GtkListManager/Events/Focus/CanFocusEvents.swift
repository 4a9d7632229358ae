import ModelStorage

extension ListEvent {
    static let canFocus = ListEvent("canFocus", source: CanFocusEvents.self)
}

/// Whether an item row can take the keyboard focus: asked when a row appears or is refreshed
/// in place, and applied by the host (``ListHost/setFocusable(_:for:)``: the list-box host's
/// `GtkListBoxRow` gets `gtk_widget_set_can_focus`; no answer: GTK's default, true). Widgets
/// inside the row keep their own setting.
@MainActor
final class CanFocusEvents: OnDemandFeature {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        apply(row)
    }

    func rowDidRefresh(_ row: BoundRow) {
        apply(row)
    }

    private func apply(_ row: BoundRow) {
        guard row.role == .item, let location = manager.location(of: row) else { return }
        let canFocus: Bool = manager.events.perform(.canFocus, on: row, at: location) ?? true
        manager.host.setFocusable(canFocus, for: row)
    }
}
