import CGtk
import GtkListManager
import ModelStorage

extension HostConformance {
    /// A list with headers and 40 rows in two sections, scrolled to its end, emptied, then its
    /// window destroyed and its manager let go: every widget the run saw made must be
    /// finalized, and every row view deinitialized.
    public func checkTeardown() -> ConformanceReport {
        var report = ConformanceReport(host: name)
        let rowsBefore = ConformanceRowCount.alive
        let widgets = ConformanceWidgets()
        ConformanceWidgets.current = widgets
        defer {
            ConformanceWidgets.current = nil
            widgets.release()
        }
        for emptied in [true, false] {
            do {
                let list = ConformanceList(host: makeHost(), width: viewport.width, height: viewport.height, widgets: widgets)
                var changes = RandomChanges(seed: seed)
                for section in 0..<2 { changes.insertSection(at: section, count: 20, into: list.storage) }
                list.settle()
                let adjustment = list.adjustment
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
                list.settle()
                if emptied {
                    list.storage.removeAllItems()
                    list.settle()
                }
                list.close()
            }
            // The manager, the host and the list are gone: let GTK finish what it queued.
            _ = GtkRuntime.iterate(until: { false }, timeout: .milliseconds(300))
            let survivors = widgets.survivors
            if !survivors.isEmpty {
                let counted = Dictionary(survivors.map { ($0, 1) }, uniquingKeysWith: +).map { "\($0.value) × \($0.key)" }.sorted()
                report.fail(
                    "\(emptied ? "emptied, then closed" : "closed scrolled to the end"): not finalized: \(counted.joined(separator: ", "))")
            }
            let rowsAlive = ConformanceRowCount.alive - rowsBefore
            if rowsAlive != 0 { report.fail("\(emptied ? "emptied, then closed" : "closed"): \(rowsAlive) row view(s) not deinitialized") }
        }
        return report
    }
}
