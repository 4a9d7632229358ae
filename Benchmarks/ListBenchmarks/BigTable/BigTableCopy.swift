import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The copy part (issue 55): N rows of 8 text columns declared as the Tables article tells an
/// application to (`ModelColumn("Name", text: \.name)`), every row selected, then what Ctrl+C
/// does (`copySelection()`), timed until a paste has the text: `gtk_clipboard_wait_for_text`
/// returns it through the X server, as another application's paste would ask for it. No peer:
/// no GTK widget copies its rows.
@MainActor
final class BigTableCopy {
    nonisolated static let columnCount = 8

    /// A row: its number and its 8 cells' text, made before the clock starts, in properties as
    /// an application's model holds them.
    struct Row: TableRowNumber, Hashable, Sendable {
        let rowNumber: Int
        let c0, c1, c2, c3, c4, c5, c6, c7: String

        init(_ row: Int) {
            rowNumber = row
            let texts = (0..<BigTableCopy.columnCount).map { TableCellText.text(row: row, column: $0) }
            (c0, c1, c2, c3, c4, c5, c6, c7) = (texts[0], texts[1], texts[2], texts[3], texts[4], texts[5], texts[6], texts[7])
        }

        @MainActor static let columns: [KeyPath<Row, String>] = [\.c0, \.c1, \.c2, \.c3, \.c4, \.c5, \.c6, \.c7]
    }

    let count: Int
    let manager = ListManager(host: VirtualListHost.virtualized)
    let table: ListTable
    let shown: TableWindow

    init(count: Int) {
        self.count = count
        table = manager.makeTable(of: Row.self) {
            for column in 0..<Self.columnCount {
                ModelColumn("Column \(column)", id: "c\(column)", text: Row.columns[column]).width(.fixed(BigTableScenario.columnWidth))
            }
        }
        shown = TableWindow(showing: table)
    }

    func run() -> BigTableResult {
        let storage = MemoryStorage()
        storage.setItems((0..<count).map(Row.init))
        manager.storage = storage
        shown.frames.waitForNextFrame()
        manager.selectionMode = .multiple
        precondition(manager.selectAll(), "every row selected")
        shown.frames.waitForNextFrame()
        var values: [String: Double] = [:]
        let clipboard = gtk_clipboard_get_for_display(gtk_widget_get_display(table.widget), gdk_atom_intern("CLIPBOARD", 0))
        let cpu = ProcessProbes.cpuMilliseconds()
        let start = ProcessProbes.wallMilliseconds()
        let copied = table.copySelection()
        values["copy_call_ms"] = ProcessProbes.wallMilliseconds() - start
        let text = gtk_clipboard_wait_for_text(clipboard)
        values["copy_ms"] = ProcessProbes.wallMilliseconds() - start
        values["copy_cpu_ms"] = ProcessProbes.cpuMilliseconds() - cpu
        defer { g_free(text) }
        // The parts: the selection read, and the text made without the clipboard.
        var partStart = ProcessProbes.wallMilliseconds()
        let selected = manager.selectedIndexPaths
        values["selection_ms"] = ProcessProbes.wallMilliseconds() - partStart
        partStart = ProcessProbes.wallMilliseconds()
        _ = table.text(ofRows: selected)
        values["text_ms"] = ProcessProbes.wallMilliseconds() - partStart
        values["copy_wrong"] = copied && text.map { isCopy(String(cString: $0)) } == true ? 0 : 1
        return BigTableResult(side: BigTableScenario.side, part: .copy, count: count, values: values)
    }

    /// Whether `text` is every row's cells, tab-separated, a line each, in order.
    private func isCopy(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        guard lines.count == count else { return false }
        for row in [0, count / 2, count - 1] {
            let expected = (0..<Self.columnCount).map { TableCellText.text(row: row, column: $0) }.joined(separator: "\t")
            guard lines[row] == Substring(expected) else { return false }
        }
        return true
    }
}
