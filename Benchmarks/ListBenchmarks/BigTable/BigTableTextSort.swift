import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The text-sort part (issue 55): the sort part's table over a `SortedStorage` of N
/// `TextSortedTableRow`s, column 4 showing their text and sorting by it with the documented
/// default comparison, declared as the Tables article tells an application to
/// (`.column("c4", byText: \.text)`, no comparison named), so it measures whatever that default
/// is. Four clicks, as the C peers make them (`peer_table_sort.h`): column 4 (`sort`), column 4
/// again (`reverse`), column 0 (`back`, by number), column 4 once more (`resort`: a column
/// sorted before, whose keys a storage may keep).
@MainActor
final class BigTableTextSort {
    let scenario: BigTableScenario
    let storage: SortedStorage<TextSortedTableRow, Unsectioned>
    /// Sorts the storage has applied, told by their completions.
    private var sortsApplied = 0

    static let comparisons = ColumnComparisons<TextSortedTableRow>(breakingTiesBy: { $0.id < $1.id })
        .column("c0", by: \.id)
        .column("c4", byText: \.text)

    init(count: Int) {
        scenario = BigTableScenario(
            part: .textSort, count: count, columns: BigTableScenario.fixedColumns, rows: TextSortedTableRow.self)
        storage = SortedStorage(sortedBy: Self.comparisons.comparator(for: [SortKey("c0")]), handOff: GLibMainActorHandOff())
        // The rows and their texts exist, in order, before the clock starts.
        storage.reset((0..<count).map(TextSortedTableRow.init), execution: .immediate)
        scenario.table.sort = [SortKey("c0")]
        scenario.table.didChangeSort { [unowned self] keys in
            storage.sort(by: keys, using: Self.comparisons) { [unowned self] in sortsApplied += 1 }
        }
    }

    func run() -> BigTableResult {
        var values = ["first_frame_ms": scenario.timeToFrame { scenario.manager.storage = storage }]
        let text = TextSortedTableRow.textColumn
        for (name, column, ascending) in [("sort", text, true), ("reverse", text, false), ("back", 0, true), ("resort", text, true)] {
            values.merge(measureClick(name, column: column, ascending: ascending)) { _, new in new }
        }
        values["block_ms"] = ["sort", "reverse", "back", "resort"].map { values[$0 + "_block_ms"] ?? .nan }.max()
        values["wrong"] = ["sort", "reverse", "back", "resort"].reduce(0) { $0 + (values[$1 + "_wrong"] ?? 1) }
        return scenario.result(values)
    }

    /// One click on column `column`'s header (`BigTableHeaderClick`), which should sort by it the
    /// way `ascending` says.
    private func measureClick(_ name: String, column: Int, ascending: Bool) -> [String: Double] {
        let applied = sortsApplied
        let expected = [SortKey("c\(column)", ascending: ascending)]
        return BigTableHeaderClick(scenario: scenario).measure(
            name, column: column, expected: expected, applied: { sortsApplied != applied },
            showsNewOrder: { showsOrder(of: expected) })
    }

    /// Whether the viewport shows consecutive rows of the storage in the order of `keys`, as the
    /// comparisons the storage sorts with order them (ties broken by the number: every two rows
    /// compare strictly), not as this benchmark would compare them itself.
    private func showsOrder(of keys: [SortKey]) -> Bool {
        guard let rows = scenario.inspection.viewportRows(), rows.count > 1 else { return false }
        let shown = rows.compactMap { $0.model as? TextSortedTableRow }
        guard shown.count == rows.count, zip(rows, rows.dropFirst()).allSatisfy({ $0.position < $1.position }) else {
            return false
        }
        let inOrder = Self.comparisons.comparator(for: keys)
        return zip(shown, shown.dropFirst()).allSatisfy { earlier, later in inOrder(earlier, later) }
    }
}
