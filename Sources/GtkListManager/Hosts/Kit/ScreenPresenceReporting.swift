import CGtk

/// Rows coming on and leaving the screen, from GTK's map and unmap signals, for hosts that keep
/// every row in a widget GTK maps (``ListBoxHost``, ``FlowBoxGridHost``): connected only once
/// the delegate wants them (display events), then on every row.
///
/// ```swift
/// public var reportsScreenPresence = false {
///     didSet { if reportsScreenPresence, !oldValue { startReportingScreenPresence() } }
/// }
/// // and for every row placed while it is on: watchScreenPresence(of: row)
/// ```
@MainActor
public protocol ScreenPresenceReporting: ListHost {
    /// True while the host takes a row out and puts it back (a move): GTK unmaps and maps it
    /// then, which is not the row leaving or entering the screen.
    var isMovingRow: Bool { get }
}

extension ScreenPresenceReporting {
    /// Reports the bound rows' presence from now on: the list's map and unmap, and each row's.
    public func startReportingScreenPresence() {
        // Before the host widget's default handler: the rows are still in place and mapped.
        Signal.connect(widget, "unmap") { [weak self] _ in
            guard let self else { return }
            forEachBoundRow { _, row in self.delegate?.rowDidLeaveScreen(row) }
        }
        Signal.connect(widget, "map", after: true) { [weak self] _ in
            guard let self else { return }
            forEachBoundRow { _, row in
                if self.isOnScreen(row) { self.delegate?.rowDidAppearOnScreen(row) }
            }
        }
        forEachBoundRow { _, row in watchScreenPresence(of: row) }
    }

    /// Reports the row's maps and unmaps, and its presence now (a row inserted into a shown
    /// list was mapped by the insertion, before this connection).
    public func watchScreenPresence(of row: BoundRow) {
        guard let hostWidget = row.hostWidget else { return }
        Signal.connect(hostWidget, "map", after: true) { [weak self, weak row] _ in
            guard let self, let row, !isMovingRow, isOnScreen(row) else { return }
            delegate?.rowDidAppearOnScreen(row)
        }
        Signal.connect(hostWidget, "unmap") { [weak self, weak row] _ in
            guard let self, let row, !isMovingRow else { return }
            delegate?.rowDidLeaveScreen(row)
        }
        if isOnScreen(row) { delegate?.rowDidAppearOnScreen(row) }
    }

    private func isOnScreen(_ row: BoundRow) -> Bool {
        guard let hostWidget = row.hostWidget else { return false }
        return gtk_widget_get_mapped(widget) != 0 && gtk_widget_get_mapped(hostWidget) != 0
    }
}
