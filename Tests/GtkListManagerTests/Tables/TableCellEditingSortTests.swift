import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// The editor follows its item through a sort of a sorted storage, on both table hosts.
final class TableCellEditingSortTests: XCTestCase {
    func testTheEditorFollowsItsItemThroughASort() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let storage = SortedStorage<Crate, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: GLibMainActorHandOff())
                let manager = ListManager(host: make(), storage: storage)
                let table = manager.makeTable(of: Crate.self) {
                    ModelColumn("Name", id: "name", text: \.id).width(.fixed(160))
                    ModelColumn("Size", id: "size", text: { crate, _ in "\(crate.size)" }).width(.fixed(100))
                }
                table.commitTextEdit(Crate.self, column: "name") { _, _, _ in }
                var pending = 0
                let comparisons = ColumnComparisons<Crate>(breakingTiesBy: { $0.id < $1.id }).column("size", by: \.size)
                table.didChangeSort { keys in
                    pending += 1
                    storage.sort(by: keys, using: comparisons) { pending -= 1 }
                }
                var loaded = false
                storage.reset((0..<20).map { Crate(id: "c\($0 + 10)", size: 20 - $0, section: "") }) { loaded = true }
                let list = ShownList(manager, width: 400, height: 400)
                defer { list.close() }
                XCTAssertTrue(GtkRuntime.iterate(until: { loaded }, timeout: .seconds(10)), name)
                list.settle(milliseconds: 150)
                XCTAssertTrue(table.beginEditing(at: IndexPath(item: 5, section: 0), column: "name"), name)
                list.settleFrame()
                list.press("ctrl+a")
                list.xdotool(["type", "--delay", "20", "draft"])
                table.sort = [SortKey("size")]
                XCTAssertTrue(GtkRuntime.iterate(until: { pending == 0 }, timeout: .seconds(10)), "\(name): the sort never completed")
                list.settle(milliseconds: 150)
                // c15 (size 15) is the 15th smallest of sizes 1 to 20.
                XCTAssertEqual(table.editedCell?.indexPath, IndexPath(item: 14, section: 0), name)
                guard let row = manager.boundRow(at: IndexPath(item: 14, section: 0)) else { return XCTFail("\(name): row 14 bound") }
                let entries = containerChildren(row.widget).filter { isA($0, gtk_entry_get_type()) && gtk_widget_get_mapped($0) != 0 }
                XCTAssertEqual(
                    entries.map { String(cString: gtk_entry_get_text(gcast($0))) }, ["draft"], "\(name): the editor moved with c15")
            }
        }
    }
}
