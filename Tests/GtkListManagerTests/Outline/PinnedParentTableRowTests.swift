import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Sticky parent rows in a tree shown as a table (a file manager's list view) on the virtualized
/// host: the parents' table rows pin at the top, their cells under the column headers, read back
/// from GTK.
final class PinnedParentTableRowTests: XCTestCase {
    typealias NameCell = TableTreeTests.NameCell

    func testATableTreesParentRowsPinWithTheirCells() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let storage = OutlineStorage<String, String>()
            storage.apply(PinnedParentRowTests.deepTree(), to: "Places")
            let manager = ListManager(host: host, storage: storage)
            let table = manager.makeTable(columns: [
                TableColumn("name", title: "Name", width: .fixed(200)), TableColumn("kind", title: "Kind", width: .fixed(80)),
            ])
            table.outlineColumn = "name"
            manager.register(NameCell.self, column: "name")
            manager.register(NameCell.self, for: String.self, column: "kind") { cell, model, _ in
                gtk_label_set_text(gcast(cell.widget), model.contains(".l") ? "file" : "folder")
            }
            manager.pinsParentRows = true
            let list = ShownList(manager, width: 400, height: 400)
            defer { list.close() }
            list.settleFrame()
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + (host.rowFrame(at: 151)?.y ?? 0))
            list.settleFrame()
            list.settleFrame()

            XCTAssertEqual(host.pinnedParentPositions, [111, 145])
            @MainActor func allocation(_ position: Int) throws -> GtkAllocation {
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(try XCTUnwrap(host.boundRow(at: position)?.hostWidget), &allocation)
                return allocation
            }
            let t1 = try allocation(111), c3 = try allocation(145)
            XCTAssertEqual(t1.y, 0)
            XCTAssertEqual(c3.y, t1.height)
            @MainActor func texts(_ position: Int) -> [String] {
                guard let row = host.boundRow(at: position) else { return [] }
                return containerChildren(row.widget).map { String(cString: gtk_label_get_text(gcast($0))) }.sorted()
            }
            XCTAssertEqual(texts(111), ["folder", "t1"], "its cells, read from GTK")
            XCTAssertEqual(texts(145), ["folder", "t1.c3"])
        }
    }
}
