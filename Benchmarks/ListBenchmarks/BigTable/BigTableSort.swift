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

    /// One click on column 3's header (`BigTableHeaderClick`).
    private func measureClick(_ name: String, ascending: Bool) -> [String: Double] {
        let applied = sortsApplied
        return BigTableHeaderClick(scenario: scenario).measure(
            name, column: Self.sortedColumn, expected: [SortKey("c\(Self.sortedColumn)", ascending: ascending)],
            applied: { sortsApplied != applied }, showsNewOrder: { showsNewOrder(ascending: ascending) })
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
