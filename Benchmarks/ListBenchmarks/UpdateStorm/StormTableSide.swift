import CGtk
import GtkListManager
import ModelStorage

/// The table in the storm: `makeTable(of:)` with a declared text column per value (`TextCell`s),
/// 160 px each, over the side's storage, in a 1280×800 window. Sorted, the table sorts by the
/// key column and its storage follows the table's sort, as the Tables article has an app write
/// (`didChangeSort` → `SortedStorage.sort(by:using:)`).
@MainActor
final class StormTableSide {
    static let titles = ["Key"] + (1..<StormRow.columnCount).map { "V\($0)" }

    let host = VirtualListHost.virtualized
    let manager: ListManager
    let table: ListTable
    let shown: TableWindow

    init(storage: StormStorage) {
        manager = ListManager(host: host, storage: storage.storage)
        table = manager.makeTable(of: StormRow.self) {
            for column in 0..<StormRow.columnCount {
                ModelColumn(Self.titles[column], id: Self.titles[column].lowercased(), text: { row, _ in String(row[column]) })
                    .width(.fixed(StormScenario.columnWidth))
            }
        }
        if let sorted = storage.sortedStorage {
            let comparisons = ColumnComparisons<StormRow>().column("key", by: \.key)
            table.didChangeSort { keys in sorted.sort(by: keys, using: comparisons) }
            table.sort = [SortKey("key")]
        }
        shown = TableWindow(showing: table)
    }
}
