import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The editing part (issue 55): N rows × 20 declared columns of 160 px as the Tables article
/// writes editable ones (`ModelColumn(… text:)`, `number:`, `choice:`, `commitTextEdit`,
/// `commitNumberEdit`), columns cycling an editable text, a read-only text, an editable number,
/// an editable choice and a read-only text (12 editable of 20). An editor opens in the middle
/// row's first cell (`beginEditing(at:column:)`, the list scrolled to it: the row at the bottom
/// of the viewport), then 200 Tab key presses go through GTK's key event path, each committing
/// its cell (a text typed first into text editors: the commit replaces the row in the storage) and
/// opening the next editable cell, across the row (scrolling sideways) and on to the next rows
/// (scrolling down). Main thread CPU per Tab to its frame, and until the main loop is idle.
@MainActor
final class BigTableEdit {
    nonisolated static let columnCount = 20
    nonisolated static let tabs = 200
    nonisolated static let choices = ["low", "normal", "high"]

    enum Kind {
        case text, readOnly, number, choice
    }

    static func kind(ofColumn column: Int) -> Kind {
        switch column % 5 {
        case 0: .text
        case 2: .number
        case 3: .choice
        default: .readOnly
        }
    }

    /// A row: its number, and the values edited in it (none at first: the others are computed
    /// from the number).
    struct Row: TableRowNumber, Hashable, Sendable {
        let rowNumber: Int
        var texts: [Int: String] = [:]
        var numbers: [Int: Double] = [:]
        var choices: [Int: String] = [:]

        subscript(text column: Int) -> String { texts[column] ?? TableCellText.text(row: rowNumber, column: column) }
        subscript(number column: Int) -> Double { numbers[column] ?? Double(rowNumber % 10_000) * 0.25 + Double(column) }
        subscript(choice column: Int) -> String {
            choices[column] ?? BigTableEdit.choices[(rowNumber + column) % BigTableEdit.choices.count]
        }
    }

    let count: Int
    let manager = ListManager(host: VirtualListHost.virtualized)
    let table: ListTable
    let shown: TableWindow
    let storage = MemoryStorage()

    init(count: Int) {
        self.count = count
        table = manager.makeTable(of: Row.self) {
            for column in 0..<Self.columnCount {
                Self.declared(column).width(.fixed(BigTableScenario.columnWidth))
            }
        }
        let storage = storage
        for column in 0..<Self.columnCount {
            let id = "c\(column)"
            switch Self.kind(ofColumn: column) {
            case .text:
                table.commitTextEdit(Row.self, column: id) { text, row, indexPath in
                    var changed = row
                    changed.texts[column] = text
                    try storage.replaceItem(at: indexPath, with: changed)
                }
            case .number:
                table.commitNumberEdit(Row.self, column: id) { number, row, indexPath in
                    var changed = row
                    changed.numbers[column] = number
                    try storage.replaceItem(at: indexPath, with: changed)
                }
            case .choice:
                table.commitTextEdit(Row.self, column: id) { choice, row, indexPath in
                    var changed = row
                    changed.choices[column] = choice
                    try storage.replaceItem(at: indexPath, with: changed)
                }
            case .readOnly:
                break
            }
        }
        shown = TableWindow(showing: table)
    }

    private static func declared(_ column: Int) -> ModelColumn<Row> {
        let title = "Column \(column)", id = "c\(column)"
        return switch kind(ofColumn: column) {
        case .text, .readOnly: ModelColumn(title, id: id, text: \Row.[text: column])
        case .number: ModelColumn(title, id: id, number: \Row.[number: column], digits: 2)
        case .choice: ModelColumn(title, id: id, choice: \Row.[choice: column], from: choices)
        }
    }

    /// The editable cell after (`row`, `column`), in the columns' order, on to the next row.
    private static func cell(after cell: (row: Int, column: Int)) -> (row: Int, column: Int) {
        var (row, column) = cell
        repeat {
            column += 1
            if column == columnCount { (row, column) = (row + 1, 0) }
        } while kind(ofColumn: column) == .readOnly
        return (row, column)
    }

    func run() -> BigTableResult {
        storage.setItems((0..<count).map { Row(rowNumber: $0) })
        manager.storage = storage
        shown.frames.waitForNextFrame()
        var values: [String: Double] = [:]
        var expected = (row: count / 2, column: 0)
        let opened = table.beginEditing(at: IndexPath(item: expected.row, section: 0), column: "c0")
        shown.frames.waitForNextFrame()
        Self.waitUntilIdle()
        var frameCPU: [Double] = [], settledCPU: [Double] = [], frameWall: [Double] = []
        var wrong = opened && isEditing(expected) ? 0 : 1
        var typed = 0, sideways = 0, down = 0
        // The Tabs that scrolled neither way, until idle.
        var inPlaceCPU: [Double] = []
        for tab in 0..<Self.tabs {
            // What the user typed: the text editors' commits change their row.
            if Self.kind(ofColumn: expected.column) == .text, let entry = focusedEntry() {
                gtk_entry_set_text(entry, "edit \(tab)")
                typed += 1
            }
            let (horizontal, vertical) = (gtk_adjustment_get_value(shown.horizontal), gtk_adjustment_get_value(shown.vertical))
            let wall = ProcessProbes.wallMilliseconds()
            let cpu = ProcessProbes.threadCPUMilliseconds()
            pressTab()
            shown.frames.waitForNextFrame()
            frameCPU.append(ProcessProbes.threadCPUMilliseconds() - cpu)
            frameWall.append(ProcessProbes.wallMilliseconds() - wall)
            Self.waitUntilIdle()
            settledCPU.append(ProcessProbes.threadCPUMilliseconds() - cpu)
            let scrolledSideways = gtk_adjustment_get_value(shown.horizontal) != horizontal
            let scrolledDown = gtk_adjustment_get_value(shown.vertical) > vertical
            if scrolledSideways { sideways += 1 }
            if scrolledDown { down += 1 }
            if !scrolledSideways, !scrolledDown { inPlaceCPU.append(settledCPU[settledCPU.count - 1]) }
            expected = Self.cell(after: expected)
            if !isEditing(expected) { wrong += 1 }
        }
        values["tab_cpu_p50_ms"] = percentile(frameCPU, 50)
        values["tab_cpu_p95_ms"] = percentile(frameCPU, 95)
        values["tab_cpu_max_ms"] = frameCPU.max() ?? .nan
        values["tab_settled_cpu_p50_ms"] = percentile(settledCPU, 50)
        values["tab_settled_cpu_p95_ms"] = percentile(settledCPU, 95)
        values["tab_settled_cpu_max_ms"] = settledCPU.max() ?? .nan
        values["tab_in_place_cpu_p50_ms"] = percentile(inPlaceCPU, 50)
        values["tab_in_place_cpu_p95_ms"] = percentile(inPlaceCPU, 95)
        values["tab_frame_p50_ms"] = percentile(frameWall, 50)
        values["tab_frame_p95_ms"] = percentile(frameWall, 95)
        values["tab_wrong"] = Double(wrong)
        values["sideways_tabs"] = Double(sideways)
        values["down_tabs"] = Double(down)
        values["commit_wrong"] = Double(abs(editedTexts() - typed))
        return BigTableResult(side: BigTableScenario.side, part: .edit, count: count, values: values)
    }

    /// Tab, as the keyboard sends it, to the focused editor.
    private func pressTab() {
        SyntheticKey.press(UInt32(GDK_KEY_Tab), text: "\t", on: shown.window)
    }

    private static func waitUntilIdle() {
        while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
    }

    /// The entry with the keyboard focus, when it is a text editor's (not a spin button's).
    private func focusedEntry() -> UnsafeMutablePointer<GtkEntry>? {
        guard let focus = gtk_window_get_focus(gcast(shown.window)), isA(focus, gtk_entry_get_type()),
            !isA(focus, gtk_spin_button_get_type())
        else { return nil }
        return gcast(focus)
    }

    private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), type) != 0
    }

    /// Whether the table edits `cell` and GTK shows it: the keyboard focus is in a widget inside
    /// the row bound to that item, lying within the viewport sideways.
    private func isEditing(_ cell: (row: Int, column: Int)) -> Bool {
        let indexPath = IndexPath(item: cell.row, section: 0)
        guard let edited = table.editedCell, edited.indexPath == indexPath, edited.column == "c\(cell.column)",
            let row = manager.boundRow(at: indexPath), let focus = gtk_window_get_focus(gcast(shown.window)),
            gtk_widget_is_ancestor(focus, row.widget) != 0, gtk_widget_get_mapped(focus) != 0,
            let viewport = gtk_bin_get_child(gcast(shown.scrolledWindow))
        else { return false }
        // The editor sideways, its row (the editor may be taller, centred on it) down.
        var x: Int32 = 0, y: Int32 = 0, rowX: Int32 = 0, rowY: Int32 = 0
        gtk_widget_translate_coordinates(focus, viewport, 0, 0, &x, &y)
        gtk_widget_translate_coordinates(row.widget, viewport, 0, 0, &rowX, &rowY)
        return x >= 0 && x + gtk_widget_get_allocated_width(focus) <= gtk_widget_get_allocated_width(viewport)
            && rowY >= 0 && rowY + gtk_widget_get_allocated_height(row.widget) <= gtk_widget_get_allocated_height(viewport)
    }

    /// How many text cells hold a text the storage got from an editor.
    private func editedTexts() -> Int {
        let start = count / 2
        return (start..<min(start + Self.tabs, count)).reduce(0) { sum, item in
            let row = storage.item(at: IndexPath(item: item, section: 0), as: Row.self)
            return sum + (row?.texts.values.filter { $0.hasPrefix("edit ") }.count ?? 0)
        }
    }
}
