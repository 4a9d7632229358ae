import CGtk
import ModelStorage

extension ListEvent {
    static let shouldHighlight = ListEvent("shouldHighlight", source: HighlightEvents.self)
    static let didHighlight = ListEvent("didHighlight", source: HighlightEvents.self)
    static let didUnhighlight = ListEvent("didUnhighlight", source: HighlightEvents.self)
}

/// Highlighting: GTK shows an activatable row as pressed (`GTK_STATE_FLAG_ACTIVE`) while the
/// pointer button is down on it, and as hovered only when it is activatable; a host whose widget
/// does not (the virtualized host, the flow-box grid's cells) sets the flag itself.
///
/// - `shouldHighlight` is asked when a row is shown or refreshed, and again when it is pressed;
///   false makes the row not activatable through the host (GTK neither hovers nor activates
///   it) and drops GTK's pressed state on its ``BoundRow/hostWidget`` at once. Selection is `willSelect`'s business and still follows clicks.
/// - `didHighlight` / `didUnhighlight` follow the row's active state (`state-flags-changed`).
@MainActor
final class HighlightEvents: OnDemandFeature {
    /// Weak: GTK may emit while the manager is being deallocated (its list box finalizes last).
    private weak var manager: ListManager?
    /// Rows currently pressed, by row identity.
    private var highlighted: Set<ObjectIdentifier> = []

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        guard let hostWidget = row.hostWidget, row.role == .item else { return }
        applyShouldHighlight(row)
        // The flags argument is an enum, read from the row instead.
        Signal.connect(hostWidget, "state-flags-changed", argument: UnsafeMutableRawPointer.self) {
            [weak self, weak row] _, _ in
            guard let self, let row else { return }
            self.stateChanged(row)
        }
    }

    func rowDidRefresh(_ row: BoundRow) {
        applyShouldHighlight(row)
    }

    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {
        highlighted.remove(ObjectIdentifier(row))
    }

    private func applyShouldHighlight(_ row: BoundRow) {
        guard let manager, let location = manager.location(of: row) else { return }
        let allowed: Bool = manager.events.perform(.shouldHighlight, on: row, at: location) ?? true
        manager.host.setActivatable(allowed, for: row)
    }

    private func stateChanged(_ row: BoundRow) {
        guard let manager, let hostWidget = row.hostWidget, let location = manager.location(of: row) else { return }
        let isActive = gtk_widget_get_state_flags(hostWidget).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
        let id = ObjectIdentifier(row)
        guard isActive != highlighted.contains(id) else { return }
        // GTK presses any sensitive row; one that should not highlight is released at once
        // (the flag change comes back here as inactive and is ignored).
        if isActive, manager.events.perform(.shouldHighlight, on: row, at: location, as: Bool.self) == false {
            gtk_widget_unset_state_flags(hostWidget, GTK_STATE_FLAG_ACTIVE)
            return
        }
        if isActive { highlighted.insert(id) } else { highlighted.remove(id) }
        let _: Void? = manager.events.perform(isActive ? .didHighlight : .didUnhighlight, on: row, at: location)
    }
}
