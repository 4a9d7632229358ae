import CGtk
import ModelStorage

extension ListEvent {
    static let canFocus = ListEvent("canFocus", source: CanFocusEvents.self)
}

/// Whether an item row can take the keyboard focus: asked when a row appears or is refreshed
/// in place, and applied with `gtk_widget_set_can_focus` on its `GtkListBoxRow` (no answer:
/// GTK's default, true). Widgets inside the row keep their own setting.
@MainActor
final class CanFocusEvents: EventSource {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ record: HostedRow) {
        apply(record)
    }

    func rowDidRefresh(_ record: HostedRow) {
        apply(record)
    }

    private func apply(_ record: HostedRow) {
        guard record.role == .item, let listRow = record.listRow, let location = manager.location(of: record) else { return }
        let canFocus: Bool = manager.events.perform(.canFocus, on: record, at: location) ?? true
        gtk_widget_set_can_focus(gcast(listRow), canFocus ? 1 : 0)
    }
}
