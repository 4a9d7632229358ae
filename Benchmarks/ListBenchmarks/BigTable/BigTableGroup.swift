import CGtk
import CVirtualList
import Foundation
import GtkListManager
import ModelStorage

/// The group part (issue 55): N rows in a `MemoryStorage` (made before the clock) behind a
/// `GroupedStorage`, shown in a table of four columns as the Tables article writes it
/// (`ColumnGroupings`, `table.follow`), grouped by a column of 1,000 values with two totals (a sum
/// and a maximum), timed from `table.grouping = ["group"]` (what the header menu's Group by This
/// Column sets) to the frame showing the groups, with the main loop's longest block meanwhile;
/// then one row's size changed in the base, timed to the frame whose group row shows the new sum.
/// Ours alone: no GTK widget groups rows.
@MainActor
final class BigTableGroup {
    nonisolated static let groups = 1_000

    /// A row: its number, its group (the number modulo 1,000) and two values the totals add up.
    struct Row: Identifiable, Hashable, Diffable, Sendable, TableRowNumber {
        let id: Int
        var size: Int
        var rowNumber: Int { id }
        var group: Int { id % BigTableGroup.groups }
        var score: Double { Double(id % 97) / 4 }
    }

    static let groupings = ColumnGroupings<Row>()
        .column("group", by: \.group, title: { "group \($0)" })
        .total("size", .sum, of: \.size)
        .total("score", .maximum, of: \.score)

    let count: Int
    let manager = ListManager(host: VirtualListHost.virtualized)
    let table: ListTable
    let shown: TableWindow
    let base = MemoryStorage()
    let grouped: GroupedStorage<Row>

    init(count: Int) {
        self.count = count
        let width = ColumnWidth.fixed(BigTableScenario.columnWidth)
        table = manager.makeTable(columns: [
            TableColumn("name", title: "Name", width: .fixed(240)), TableColumn("group", title: "Group", width: width),
            TableColumn("size", title: "Size", width: width), TableColumn("score", title: "Score", width: width),
        ])
        manager.register(TextCell.self, for: Row.self, column: "name") { cell, row, _ in cell.text = "row \(row.id)" }
        manager.register(TextCell.self, for: Row.self, column: "group") { cell, row, _ in cell.text = "group \(row.group)" }
        manager.register(TextCell.self, for: Row.self, column: "size") { cell, row, _ in cell.text = String(row.size) }
        manager.register(TextCell.self, for: Row.self, column: "score") { cell, row, _ in cell.text = String(row.score) }
        base.setItems((0..<count).map { Row(id: $0, size: $0 % 1_000) })
        grouped = GroupedStorage(base, handOff: GLibMainActorHandOff())
        shown = TableWindow(showing: table)
    }

    func run() -> BigTableResult {
        manager.storage = grouped
        table.follow(grouped, using: Self.groupings)
        shown.frames.waitForNextFrame()
        var values: [String: Double] = [:]

        let watch = MainLoopStallWatch()
        watch.start()
        let start = ProcessProbes.wallMilliseconds()
        table.grouping = ["group"]
        GtkRuntime.iterate(until: { self.firstGroupRowShows(sum: self.expectedSum(ofGroup: 0)) }, timeout: .seconds(120))
        shown.frames.waitForNextFrame()
        values["group_ms"] = ProcessProbes.wallMilliseconds() - start
        values["group_block_ms"] = watch.stop()
        values["group_wrong"] = firstGroupRowShows(sum: expectedSum(ofGroup: 0)) ? 0 : 1

        // Row 0 (group 0, shown under the first group row) grows by a million.
        let changed = Row(id: 0, size: 1_000_000)
        let expected = expectedSum(ofGroup: 0) + changed.size
        let updateStart = ProcessProbes.wallMilliseconds()
        try? base.replaceItem(at: IndexPath(item: 0, section: 0), with: changed)
        GtkRuntime.iterate(until: { self.firstGroupRowShows(sum: expected) }, timeout: .seconds(10))
        shown.frames.waitForNextFrame()
        values["update_ms"] = ProcessProbes.wallMilliseconds() - updateStart
        values["update_wrong"] = firstGroupRowShows(sum: expected) ? 0 : 1
        return BigTableResult(side: BigTableScenario.side, part: .group, count: count, values: values)
    }

    /// The sum of the sizes of group `group` as made (before any change).
    private func expectedSum(ofGroup group: Int) -> Int {
        stride(from: group, to: count, by: Self.groups).reduce(0) { $0 + $1 % 1_000 }
    }

    /// Whether the first row GTK shows is group 0's row, titled with its count, showing `sum`
    /// in its Size cell: read from the bound row's text cells, in the columns' order.
    private func firstGroupRowShows(sum: Int) -> Bool {
        guard let row = manager.boundRow(atPosition: 0), row.model is ItemGroup else { return false }
        let texts = TableInspection.children(of: row.widget).compactMap { cell -> String? in
            guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(cell)), glm_text_cell_get_type()) != 0 else {
                return nil
            }
            return String(cString: glm_text_cell_get_text(OpaquePointer(cell)))
        }
        return texts.contains("group 0 (\(count / Self.groups))") && texts.contains(String(sum))
    }
}
