import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Many rows arriving at once in a list box on screen: they go in while the list box is
/// unrealized (GTK 3 makes that O(N) instead of O(N²)), and nothing the user sees or has
/// chosen changes because of it.
final class ListBoxBulkInsertionTests: XCTestCase {
    @MainActor private static func listBoxOrder(_ manager: ListManager) -> [Int] {
        var models: [Int] = []
        var index: Int32 = 0
        while let row = gtk_list_box_get_row_at_index(manager.listBox!, index) {
            if let model = ListBoxHost.boundRow(of: row)?.model as? Int { models.append(model) }
            index += 1
        }
        return models
    }

    func testManyRowsArriveMappedInOrderAndTheSelectionStays() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.manyRowsArrive()
        }
    }

    @MainActor private static func manyRowsArrive() throws {
        let (manager, storage, anomalies) = makeManager()
        storage.setItems(Array(0..<10))
        let list = ShownList(manager, width: 300, height: 400)
        defer { list.close() }
        manager.selectItem(at: IndexPath(item: 5, section: 0))

        try storage.insertItems(Array(-2_000..<0), at: IndexPath(item: 0, section: 0))
        storage.addItems(Array(10..<2_010))
        list.settle(milliseconds: 150)

        let listBox = try XCTUnwrap(manager.listBox)
        XCTAssertEqual(gtk_widget_get_mapped(gcast(listBox)), 1, "the list box is on screen again")
        XCTAssertEqual(listBoxOrder(manager), Array(-2_000..<2_010), "every row, in the storage's order")
        let selected = try XCTUnwrap(gtk_list_box_get_selected_row(listBox))
        XCTAssertEqual(ListBoxHost.boundRow(of: selected)?.model as? Int, 5, "the selected row is still selected")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2_005, section: 0)])
        let adjustment = try XCTUnwrap(gtk_list_box_get_adjustment(listBox))
        let top = try XCTUnwrap(gtk_list_box_get_row_at_y(listBox, Int32(gtk_adjustment_get_value(adjustment)) + 1))
        XCTAssertEqual(gtk_widget_get_mapped(gcast(top)), 1, "the rows on screen are mapped")
        XCTAssertEqual(gtk_widget_get_child_visible(gcast(top)), 1)
        XCTAssertEqual(anomalies.reports.count, 0)
    }

    func testTheFocusedRowKeepsTheFocusWhileManyRowsArrive() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.focusStays()
        }
    }

    @MainActor private static func focusStays() throws {
        let (manager, storage, _) = makeManager()
        storage.setItems(Array(0..<10))
        let list = ShownList(manager, width: 300, height: 400)
        defer { list.close() }
        list.focus(IndexPath(item: 3, section: 0))
        let focused = list.listRow(at: IndexPath(item: 3, section: 0))
        XCTAssertEqual(gtk_widget_has_focus(gcast(focused)), 1)

        storage.addItems(Array(10..<2_010))
        list.settle(milliseconds: 150)
        XCTAssertEqual(gtk_widget_has_focus(gcast(focused)), 1, "the row with the focus keeps it")
        XCTAssertEqual(listBoxOrder(manager), Array(0..<2_010))
    }
}
