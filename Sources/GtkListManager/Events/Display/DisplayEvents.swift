import CGtk
import ModelStorage

extension ListEvent {
    static let willDisplay = ListEvent("willDisplay", source: DisplayEvents.self)
    static let didEndDisplaying = ListEvent("didEndDisplaying", source: DisplayEvents.self)
    static let willDisplayHeader = ListEvent("willDisplayHeader", source: DisplayEvents.self)
    static let didEndDisplayingHeader = ListEvent("didEndDisplayingHeader", source: DisplayEvents.self)
    static let willDisplayFooter = ListEvent("willDisplayFooter", source: DisplayEvents.self)
    static let didEndDisplayingFooter = ListEvent("didEndDisplayingFooter", source: DisplayEvents.self)
}

/// Rows coming on screen and leaving it.
///
/// `GtkListBox` has no virtualization: every row has a live widget, so "displayed" means the
/// row is mapped while the list box is mapped (its window shown). Scrolling a row out of the
/// viewport does not unmap it and is not reported.
///
/// - will display: the row's `map`, or at once when a row inserted into a shown list is already
///   mapped; for every row when the list box maps again (GTK may keep rows flagged mapped while
///   their list box is hidden, and then maps only the list box).
/// - did end displaying: the updater removing a displayed row (with the location it had), or
///   the list box unmapping (window hidden or closed), or a row unmapped by other code.
///
/// Rows already on screen when the first display reaction is registered are reported then.
/// A row the host moves is taken out and put back by GTK (unmapped and mapped): that is not
/// reported. Events always carry the model the row was bound to, never one re-read by index.
@MainActor
final class DisplayEvents: EventSource {
    private unowned let manager: ListManager
    /// The rows reported as displayed and not yet as ended, by record identity.
    private var displayed: [ObjectIdentifier: HostedRow] = [:]

    init(manager: ListManager) {
        self.manager = manager
        let listBox = manager.listBox
        // Before the default handler: the rows are still in place and mapped.
        Signal.connect(listBox, "unmap") { [weak self] _ in self?.listWillUnmap() }
        Signal.connect(listBox, "map", after: true) { [weak self] _ in self?.listDidMap() }
        Signal.connect(listBox, "destroy") { [weak self] _ in self?.displayed = [:] }
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ record: HostedRow) {
        guard let listRow = record.listRow else { return }
        Signal.connect(listRow, "map", after: true) { [weak self, weak record] _ in
            guard let self, let record else { return }
            self.rowMapped(record)
        }
        Signal.connect(listRow, "unmap") { [weak self, weak record] _ in
            guard let self, let record else { return }
            self.rowUnmapped(record)
        }
        // A row inserted into a shown list was mapped by the insertion, before this connection.
        rowMapped(record)
    }

    func rowWillDisappear(_ record: HostedRow, at location: RowLocation) {
        endDisplaying(record, at: location)
    }

    // MARK: - GTK notifications

    private func rowMapped(_ record: HostedRow) {
        guard !manager.host.isMovingRow, isOnScreen(record), let location = manager.location(of: record) else { return }
        willDisplay(record, at: location)
    }

    private func rowUnmapped(_ record: HostedRow) {
        guard !manager.host.isMovingRow else { return }
        guard let location = manager.location(of: record) else {
            // Not in the list any more (no index path to report): only forget it.
            displayed[ObjectIdentifier(record)] = nil
            return
        }
        endDisplaying(record, at: location)
    }

    private func listDidMap() {
        manager.forEachShownRow { record in
            guard isOnScreen(record), let location = manager.location(of: record) else { return }
            willDisplay(record, at: location)
        }
    }

    private func listWillUnmap() {
        manager.forEachShownRow { record in
            guard let location = manager.location(of: record) else { return }
            endDisplaying(record, at: location)
        }
        displayed = [:]
    }

    // MARK: - Reporting

    private func isOnScreen(_ record: HostedRow) -> Bool {
        guard let listRow = record.listRow else { return false }
        return gtk_widget_get_mapped(gcast(manager.listBox)) != 0 && gtk_widget_get_mapped(gcast(listRow)) != 0
    }

    private func willDisplay(_ record: HostedRow, at location: RowLocation) {
        let id = ObjectIdentifier(record)
        guard displayed[id] == nil else { return }
        displayed[id] = record
        let event: ListEvent = switch record.role {
        case .item: .willDisplay
        case .header: .willDisplayHeader
        case .footer: .willDisplayFooter
        }
        let _: Void? = manager.events.perform(event, on: record, at: location)
    }

    private func endDisplaying(_ record: HostedRow, at location: RowLocation) {
        guard displayed.removeValue(forKey: ObjectIdentifier(record)) != nil else { return }
        let event: ListEvent = switch record.role {
        case .item: .didEndDisplaying
        case .header: .didEndDisplayingHeader
        case .footer: .didEndDisplayingFooter
        }
        let _: Void? = manager.events.perform(event, on: record, at: location)
    }
}
