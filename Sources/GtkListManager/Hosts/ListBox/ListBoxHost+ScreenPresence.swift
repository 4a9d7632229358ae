import CGtk

// Rows coming on and leaving the screen, from GTK's map and unmap signals: connected only once
// the delegate wants them (display events), then on every row.
extension ListBoxHost {
    func startReportingScreenPresence() {
        // Before the list box's default handler: the rows are still in place and mapped.
        Signal.connect(listBox, "unmap") { [weak self] _ in
            guard let self else { return }
            forEachBoundRow { _, row in self.delegate?.rowDidLeaveScreen(row) }
        }
        Signal.connect(listBox, "map", after: true) { [weak self] _ in
            guard let self else { return }
            forEachBoundRow { _, row in
                if self.isOnScreen(row) { self.delegate?.rowDidAppearOnScreen(row) }
            }
        }
        forEachBoundRow { _, row in
            guard let listRow = ownRow(of: row) else { return }
            watchScreenPresence(of: listRow, row: row)
        }
    }

    /// Reports the row's maps and unmaps, and its presence now (a row inserted into a shown
    /// list was mapped by the insertion, before this connection).
    func watchScreenPresence(of listRow: UnsafeMutablePointer<GtkListBoxRow>, row: BoundRow) {
        Signal.connect(listRow, "map", after: true) { [weak self, weak row] _ in
            guard let self, let row, !isMovingRow, isOnScreen(row) else { return }
            delegate?.rowDidAppearOnScreen(row)
        }
        Signal.connect(listRow, "unmap") { [weak self, weak row] _ in
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
