import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Scrolling events on a shown window under Xvfb: the scroll wheel through xdotool, and the
/// scrolled window's adjustment set by code.
final class ScrollingEventTests: XCTestCase {
    @MainActor private static func longList(_ count: Int) -> (ListManager, MemoryStorage) {
        let (manager, storage, _) = makeManager()
        storage.setItems(Array(0..<count))
        return (manager, storage)
    }

    @MainActor private static func adjustment(_ list: ShownList) -> UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))
    }

    @MainActor private static func scrollToEnd(_ list: ShownList) {
        let adjustment = adjustment(list)
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        list.settle()
    }

    func testDidScrollReportsTheOffsetForWheelAndCode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.didScrollReportsTheOffset()
        }
    }

    @MainActor private static func didScrollReportsTheOffset() throws {
        let (manager, _) = longList(100)
        var offsets: [Double] = []
        manager.didScroll { offsets.append($0) }
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(offsets, [], "showing the list does not scroll it")

        list.moveMouse(to: gcast(list.listRow(at: IndexPath(item: 2, section: 0))))
        list.xdotool(["click", "--repeat", "3", "--delay", "30", "5"])  // wheel down
        list.wait(until: { offsets.last.map { $0 > 0 && $0 == gtk_adjustment_get_value(adjustment(list)) } ?? false })
        XCTAssertGreaterThan(offsets.last ?? 0, 0, "the wheel scrolled the list down")
        XCTAssertEqual(offsets.last, gtk_adjustment_get_value(adjustment(list)))

        gtk_adjustment_set_value(adjustment(list), 123)
        XCTAssertEqual(offsets.last, 123)
    }

    func testRowsNearEndFiresOncePerRowCount() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsNearEndFiresOncePerRowCount()
        }
    }

    @MainActor private static func rowsNearEndFiresOncePerRowCount() throws {
        let (manager, storage) = longList(200)
        var calls: [Int] = []
        manager.rowsNearEnd(threshold: 5) { calls.append(manager.rowCount) }
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(calls, [], "the first rows are far from the end")

        // Within the threshold, not at the end: a page above the end, then less than 5 rows more.
        let adjustment = adjustment(list)
        let rowHeight = Double(gtk_widget_get_allocated_height(gcast(list.listRow(at: IndexPath(item: 0, section: 0)))))
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, end - 8 * rowHeight)
        list.settle()
        XCTAssertEqual(calls, [], "8 rows below the last visible one")
        gtk_adjustment_set_value(adjustment, end - 3 * rowHeight)
        list.settle()
        XCTAssertEqual(calls, [200])

        scrollToEnd(list)
        gtk_adjustment_set_value(adjustment, 0)
        list.settle()
        scrollToEnd(list)
        XCTAssertEqual(calls, [200], "once per row count")

        storage.addItems(Array(200..<250))
        list.settle()
        XCTAssertEqual(calls, [200], "more rows moved the end away")
        scrollToEnd(list)
        XCTAssertEqual(calls, [200, 250])
    }

    func testRowsNearEndFiresForAListShownWhole() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsNearEndForAShortList()
        }
    }

    @MainActor private static func rowsNearEndForAShortList() throws {
        let (manager, storage) = longList(3)
        var calls = 0
        manager.rowsNearEnd(threshold: 0) { calls += 1 }
        XCTAssertEqual(calls, 0, "a list not on screen has no visible rows")
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(calls, 1, "every row is visible: the end is")
        storage.addItem(3)
        list.settle()
        XCTAssertEqual(calls, 2, "checked again after the content changed")
    }
}
