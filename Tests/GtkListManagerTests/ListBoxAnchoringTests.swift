import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// What the user sees stays put on the list-box host too (T21's promise): rows inserted or
/// removed above the viewport move the scroll position by their height.
final class ListBoxAnchoringTests: XCTestCase {
    func testRowsInsertedOrRemovedAboveTheViewportLeaveTheVisibleRowsWhereTheyAre() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.anchoring()
        }
    }

    @MainActor private static func anchoring() throws {
        let (manager, storage, _) = makeManager()
        storage.setItems(Array(0..<2_000))
        let list = ShownList(manager, width: 300, height: 400)
        defer { list.close() }
        let adjustment = try XCTUnwrap(gtk_list_box_get_adjustment(manager.listBox!))
        gtk_adjustment_set_value(adjustment, 20_000.5)
        list.settle()
        func topRow() -> (model: Int?, screenY: Double)? {
            let value = gtk_adjustment_get_value(adjustment)
            guard let row = gtk_list_box_get_row_at_y(manager.listBox!, Int32(value)), let bound = ListBoxHost.boundRow(of: row)
            else { return nil }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(gcast(row), &allocation)
            return (bound.model as? Int, Double(allocation.y) - value)
        }
        let before = try XCTUnwrap(topRow())

        try storage.insertItems(Array(-1_000..<0), at: IndexPath(item: 0, section: 0))
        list.settle(milliseconds: 200)
        let afterInsert = try XCTUnwrap(topRow())
        XCTAssertEqual(afterInsert.model, before.model, "1,000 rows inserted above: the same row at the top")
        XCTAssertEqual(afterInsert.screenY, before.screenY, accuracy: 0.5, "at the same pixel")

        storage.removeItems(at: (0..<1_000).map { IndexPath(item: $0, section: 0) })
        list.settle(milliseconds: 200)
        let afterRemove = try XCTUnwrap(topRow())
        XCTAssertEqual(afterRemove.model, before.model, "1,000 rows removed above: the same row at the top")
        XCTAssertEqual(afterRemove.screenY, before.screenY, accuracy: 0.5)
    }
}
