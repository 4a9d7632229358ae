import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// A row of the sort part: its number, which its cells show, and a size, column 3's sort key,
/// scattered over the rows so that sorting by it moves nearly every row (ties, about one row
/// in three, broken by the number).
struct SortedTableRow: Identifiable, Equatable, Diffable, Sendable, TableRowNumber {
    let id: Int
    let size: Int
    var rowNumber: Int { id }

    init(_ id: Int) {
        self.id = id
        // The top 20 bits of a Fibonacci hash: a size below 2^20 that looks random.
        size = Int(((UInt64(id) &+ 1) &* 0x9E37_79B9_7F4A_7C15) >> 44)
    }
}

/// The sort part: the peers' table over a `SortedStorage` of N rows ordered by column 0, whose
/// results come back through the GLib main loop (`GLibMainActorHandOff`), following the table's
/// sort through `ColumnComparisons`, as an application wires it. A click on column 3's header
/// (GTK's "clicked" on its button) sorts by size, a second click reverses that; each is timed
/// to the frame showing the new order, with the longest block of the main loop meanwhile.
@MainActor
final class BigTableSort {
    static let sortedColumn = 3

    let count: Int
    let scenario: BigTableScenario
    let storage: SortedStorage<SortedTableRow, Unsectioned>
    /// Sorts the storage has applied, told by their completions.
    private var sortsApplied = 0

    static let comparisons = ColumnComparisons<SortedTableRow>(breakingTiesBy: { $0.id < $1.id })
        .column("c0", by: \.id)
        .column("c\(sortedColumn)", by: \.size)

    init(count: Int) {
        self.count = count
        scenario = BigTableScenario(part: .sort, count: count, columns: BigTableScenario.fixedColumns, rows: SortedTableRow.self)
        storage = SortedStorage(sortedBy: Self.comparisons.comparator(for: [SortKey("c0")]), handOff: GLibMainActorHandOff())
        // The rows exist, in order, before the clock starts.
        storage.reset((0..<count).map(SortedTableRow.init), execution: .immediate)
        scenario.table.sort = [SortKey("c0")]
        scenario.table.didChangeSort { [unowned self] keys in
            storage.sort(by: keys, using: Self.comparisons) { [unowned self] in sortsApplied += 1 }
        }
    }

    func run() -> BigTableResult {
        var values = ["first_frame_ms": scenario.timeToFrame { scenario.manager.storage = storage }]
        values.merge(measureClick("sort", ascending: true)) { _, new in new }
        values.merge(measureClick("reverse", ascending: false)) { _, new in new }
        return scenario.result(values)
    }

    /// One click on column 3's header: `<name>_ms` to the frame after the storage applied the
    /// sort, `<name>_applied_ms` to its completion, `<name>_block_ms` the longest the main loop
    /// was blocked from the click to that frame, `<name>_main_cpu_ms` the main thread's CPU
    /// meanwhile, `<name>_wrong` 1 when the viewport then did not show the storage's rows in
    /// the new order.
    private func measureClick(_ name: String, ascending: Bool) -> [String: Double] {
        let inspection = scenario.inspection
        guard let button = inspection.headerButton(ofColumn: Self.sortedColumn) else { return [name + "_wrong": 1] }
        let watch = MainLoopStallWatch()
        let applied = sortsApplied
        let mainCPU = ProcessProbes.threadCPUMilliseconds(), start = ProcessProbes.wallMilliseconds()
        watch.start()
        gtk_button_clicked(gcast(button))
        // The watch's ticks wake the loop: no deadline here, the parent's time limit is one.
        while sortsApplied == applied { g_main_context_iteration(nil, 1) }
        let appliedAt = ProcessProbes.wallMilliseconds() - start
        scenario.shown.frames.waitForNextFrame(limit: .max)
        let frameAt = ProcessProbes.wallMilliseconds() - start
        let block = watch.stop()
        let cpu = ProcessProbes.threadCPUMilliseconds() - mainCPU
        let expected = [SortKey("c\(Self.sortedColumn)", ascending: ascending)]
        let right = scenario.table.sort == expected && showsNewOrder(ascending: ascending)
        return [
            name + "_ms": frameAt, name + "_applied_ms": appliedAt, name + "_block_ms": block, name + "_main_cpu_ms": cpu,
            name + "_wrong": right ? 0 : 1,
        ]
    }

    /// Whether the viewport shows consecutive rows of the storage, in order of size (the way
    /// the sort points) and then of number.
    private func showsNewOrder(ascending: Bool) -> Bool {
        guard let rows = scenario.inspection.viewportRows(), rows.count > 1 else { return false }
        let shown = rows.compactMap { $0.model as? SortedTableRow }
        guard shown.count == rows.count else { return false }
        return zip(shown, shown.dropFirst()).allSatisfy { earlier, later in
            earlier.size == later.size ? earlier.id < later.id : (earlier.size < later.size) == ascending
        }
    }
}
