import CGtk
import Foundation
import GtkListManager
import ModelStorage
import SeededRandom

/// Our side of the big-table benchmark, one part in this process, measured as the C peers
/// measure theirs (`Benchmarks/Peers/peer_table.h`): a `ListTable` on the virtualized host, a
/// GtkLabel cell per column on screen, rows that are numbers (a `MemoryStorage` of `Int`, made
/// before the clock starts, as the peers' models), a 1280×800 window. Public API only.
@MainActor
final class BigTableScenario {
    static let side = "virtual-table"
    static let columnCount = 20
    static let columnWidth = 160
    static let jumps = 200
    static let horizontalSteps = 200
    static let horizontalStep = 40.0

    let part: BigTablePart
    let count: Int
    let host = VirtualListHost.virtualized
    let manager: ListManager
    let table: ListTable
    let shown: TableWindow
    var inspection: TableInspection { TableInspection(host: host, storage: manager.storage, table: table, shown: shown) }

    /// The peers' table: 20 columns of 160 px, 8 of them in the window.
    static var fixedColumns: [TableColumn] {
        (0..<columnCount).map { TableColumn("c\($0)", title: "Column \($0)", width: .fixed(columnWidth)) }
    }

    /// An application's table filling the window: column 0 (`row <i>`, as wide as the widest
    /// row number) fits its content, column 1 shares the width six fixed columns leave.
    static var mixedColumns: [TableColumn] {
        [TableColumn("c0", title: "Column 0", width: .fitContent), TableColumn("c1", title: "Column 1", width: .share(1))]
            + (2..<8).map { TableColumn("c\($0)", title: "Column \($0)", width: .fixed(columnWidth)) }
    }

    /// Whether the viewport checks read column `c`'s cells: text cells only (`TableTextCell`,
    /// `TextCell`), as the peers read theirs.
    let readsColumn: (Int) -> Bool

    /// The empty table of `columns`, a cell class registered for each, shown and drawn once.
    convenience init<Row: TableRowNumber>(part: BigTablePart, count: Int, columns: [TableColumn], rows: Row.Type) {
        self.init(part: part, count: count, columns: columns) { manager in
            for (index, column) in columns.enumerated() {
                manager.register(TableTextCell<Row>.self, column: column.id, handler: { cell, _, _ in cell.column = index })
            }
        }
    }

    /// The empty table of `columns`, its cells registered by `register`, shown and drawn once.
    init(
        part: BigTablePart, count: Int, columns: [TableColumn], readsColumn: @escaping (Int) -> Bool = { _ in true },
        register: (ListManager) -> Void
    ) {
        self.part = part
        self.count = count
        self.readsColumn = readsColumn
        manager = ListManager(host: host)
        table = manager.makeTable(columns: columns)
        register(manager)
        shown = TableWindow(showing: table)
    }

    /// Runs the part on 0..<count as `Int` rows (the sort parts make their own scenarios).
    static func run(part: BigTablePart, count: Int) -> BigTableResult {
        switch part {
        case .load: BigTableScenario(part: part, count: count, columns: fixedColumns, rows: Int.self).measureLoad()
        case .widths: BigTableScenario(part: part, count: count, columns: mixedColumns, rows: Int.self).measureWidths()
        case .resize: BigTableScenario(part: part, count: count, columns: fixedColumns, rows: Int.self).measureResize()
        case .sort: BigTableSort(count: count).run()
        case .textSort: BigTableTextSort(count: count).run()
        case .cells: BigTableCells.scenario(count: count).measureLoad()
        case .copy: BigTableCopy(count: count).run()
        case .group: BigTableGroup(count: count).run()
        case .edit: BigTableEdit(count: count).run()
        }
    }

    func result(_ values: [String: Double]) -> BigTableResult {
        BigTableResult(side: Self.side, part: part, count: count, values: values)
    }

    // MARK: - Parts

    /// The peers' measurements, in their order, and the widths read from GTK after the first
    /// frame, then after each jump and each step.
    func measureLoad() -> BigTableResult {
        let storage = Self.numbers(count)
        let memoryBefore = ProcessProbes.residentMiB()
        var values = ["first_frame_ms": timeToFrame { manager.storage = storage }]
        let baseline = inspection.headerWidths()
        let jumps = jumpAround()
        values.merge(jumps.values) { _, new in new }

        // Across the rows in the middle, as the peers.
        shown.step(shown.vertical, to: TableWindow.range(of: shown.vertical) / 2)
        var cpu: [Double] = [], wrongColumns = 0, stepsChange: Int32 = 0
        if gtk_adjustment_get_value(shown.horizontal) != 0 { shown.step(shown.horizontal, to: 0) }
        for _ in 0..<Self.horizontalSteps {
            let value = gtk_adjustment_get_value(shown.horizontal), end = TableWindow.range(of: shown.horizontal)
            cpu.append(shown.step(shown.horizontal, to: value >= end ? 0 : min(value + Self.horizontalStep, end)))
            if inspection.viewportRows(reading: readsColumn) == nil { wrongColumns += 1 }
            stepsChange = max(stepsChange, inspection.widthChange(from: baseline))
        }
        values["hstep_cpu_p50_ms"] = percentile(cpu, 50)
        values["hstep_cpu_p95_ms"] = percentile(cpu, 95)
        values["wrong_columns"] = Double(wrongColumns)
        values["memory_mib"] = ProcessProbes.residentMiB() - memoryBefore
        // The library's own cells count nothing: those bound are what is alive of them.
        values["live_cells"] = Double(part == .cells ? inspection.boundCellCount() : TableCellCount.live)
        values["bound_cells"] = Double(inspection.boundCellCount())
        values["row_widgets"] = Double(host.rowWidgetCount)
        values["width_change_jumps_px"] = Double(jumps.change)
        values["width_change_hsteps_px"] = Double(stepsChange)
        return result(values)
    }

    /// The mixed columns over the same rows: the widths after each of the jumps against those
    /// of the first frame, and the widths the fit-content and share columns got.
    private func measureWidths() -> BigTableResult {
        let storage = Self.numbers(count)
        var values = ["first_frame_ms": timeToFrame { manager.storage = storage }]
        let baseline = inspection.headerWidths()
        let jumps = jumpAround()
        values.merge(jumps.values) { _, new in new }
        values["width_change_jumps_px"] = Double(jumps.change)
        values["fit_width_px"] = Double(baseline[0] ?? 0)
        values["share_width_px"] = Double(baseline[1] ?? 0)
        values["columns_shown"] = Double(baseline.count)
        return result(values)
    }

    // MARK: - Steps

    /// The peers' 200 random jumps (`peer_measure_scrolling`: SplitMix64, seed 42), CPU to each
    /// frame; the jumps after which the viewport showed a wrong cell, and the most any width
    /// moved from `baseline` (the header widths after the first frame) after any jump.
    private func jumpAround() -> (values: [String: Double], change: Int32) {
        let baseline = inspection.headerWidths()
        var random = SplitMix64(seed: 42)
        var cpu: [Double] = [], wrong = 0, change = inspection.widthChange(from: baseline)
        for _ in 0..<Self.jumps {
            let fraction = Double(random.next() >> 11) / Double(1 << 53)
            cpu.append(shown.step(shown.vertical, to: fraction * TableWindow.range(of: shown.vertical)))
            if inspection.viewportRows(reading: readsColumn) == nil { wrong += 1 }
            change = max(change, inspection.widthChange(from: baseline))
        }
        let values = ["jump_cpu_p50_ms": percentile(cpu, 50), "jump_cpu_p95_ms": percentile(cpu, 95), "wrong_rows": Double(wrong)]
        return (values, change)
    }

    /// Wall time from `change` to the frame that shows it, however long it takes (the parent
    /// process's time limit caps it).
    func timeToFrame(_ change: () -> Void) -> Double {
        let start = ProcessProbes.wallMilliseconds()
        change()
        shown.frames.waitForNextFrame(limit: .max)
        return ProcessProbes.wallMilliseconds() - start
    }

    static func numbers(_ count: Int) -> MemoryStorage {
        let storage = MemoryStorage()
        storage.setItems(Array(0..<count))
        return storage
    }
}
