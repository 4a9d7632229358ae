import ModelStorage

extension ListEvent {
    static let willDisplay = ListEvent("willDisplay", source: DisplayEvents.self)
    static let didEndDisplaying = ListEvent("didEndDisplaying", source: DisplayEvents.self)
    static let willDisplayHeader = ListEvent("willDisplayHeader", source: DisplayEvents.self)
    static let didEndDisplayingHeader = ListEvent("didEndDisplayingHeader", source: DisplayEvents.self)
    static let willDisplayFooter = ListEvent("willDisplayFooter", source: DisplayEvents.self)
    static let didEndDisplayingFooter = ListEvent("didEndDisplayingFooter", source: DisplayEvents.self)
    static let willDisplaySupplementaryView = ListEvent("willDisplaySupplementaryView", source: DisplayEvents.self)
    static let didEndDisplayingSupplementaryView = ListEvent("didEndDisplayingSupplementaryView", source: DisplayEvents.self)

    /// The event telling that a row of `role` comes on screen.
    static func willDisplay(_ role: RowRole) -> ListEvent {
        switch role {
        case .item: .willDisplay
        case .header: .willDisplayHeader
        case .footer: .willDisplayFooter
        default: .willDisplaySupplementaryView
        }
    }

    /// The event telling that a row of `role` left the screen.
    static func didEndDisplaying(_ role: RowRole) -> ListEvent {
        switch role {
        case .item: .didEndDisplaying
        case .header: .didEndDisplayingHeader
        case .footer: .didEndDisplayingFooter
        default: .didEndDisplayingSupplementaryView
        }
    }
}

/// Rows coming on screen and leaving it, as the host reports them
/// (``ListHost/reportsScreenPresence``), and rows unbound while displayed.
///
/// - will display: the host reports the row on screen. The list-box host has a widget for
///   every row, so for it "on screen" means mapped while the list box is mapped (its window
///   shown); scrolling a row out of the viewport is not reported. A virtualized host reports
///   rows as it binds and unbinds them around the viewport.
/// - did end displaying: the row is unbound while displayed (with the location it had), or the
///   host reports it off screen (window hidden or closed).
///
/// Rows already on screen when the first display reaction is registered are reported then.
/// Events always carry the model the row was bound to, never one re-read by index.
@MainActor
final class DisplayEvents: OnDemandFeature {
    private unowned let manager: ListManager
    private var displayed: [ObjectIdentifier: BoundRow] = [:]

    init(manager: ListManager) {
        self.manager = manager
    }

    func didInstall() {
        manager.host.reportsScreenPresence = true
    }

    var needsEveryRow: Bool { true }

    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {
        endDisplaying(row, at: location)
    }

    // MARK: - What the host reports

    func rowCameOnScreen(_ row: BoundRow) {
        guard let location = manager.location(of: row) else { return }
        willDisplay(row, at: location)
    }

    func rowLeftScreen(_ row: BoundRow) {
        guard let location = manager.location(of: row) else {
            // Not in the list any more (no index path to report): only forget it.
            displayed[ObjectIdentifier(row)] = nil
            return
        }
        endDisplaying(row, at: location)
    }

    // MARK: - Reporting

    private func willDisplay(_ row: BoundRow, at location: RowLocation) {
        let id = ObjectIdentifier(row)
        guard displayed[id] == nil else { return }
        displayed[id] = row
        let _: Void? = manager.events.perform(.willDisplay(row.role), on: row, at: location)
    }

    private func endDisplaying(_ row: BoundRow, at location: RowLocation) {
        guard displayed.removeValue(forKey: ObjectIdentifier(row)) != nil else { return }
        let _: Void? = manager.events.perform(.didEndDisplaying(row.role), on: row, at: location)
    }
}
