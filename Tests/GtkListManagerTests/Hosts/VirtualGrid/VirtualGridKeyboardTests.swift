import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The virtualized grid's keys through real input under Xvfb, over cells that have no widget
/// until the focus reaches them: Left and Right by one cell, Up and Down by one line, the page
/// keys by one viewport in the same column, Home and End to the first and last cell; the
/// selection follows, Shift extends it, and the focused cell is always on screen.
final class VirtualGridKeyboardTests: XCTestCase {
    /// 100 sections of 1,000 cells under headers, four columns: the grid of the benchmark.
    @MainActor private static func bigGrid(mode: ListSelectionMode = .single) -> (ListManager, VirtualListHost, ShownList) {
        let (manager, host, list) = VirtualGridLayoutTests.shownGrid((0..<100).map { Array($0 * 1000..<($0 + 1) * 1000) })
        manager.selectionMode = mode
        return (manager, host, list)
    }

    @MainActor private static func focused(_ manager: ListManager, _ host: VirtualListHost) -> IndexPath? {
        guard let position = host.focusedPosition, let location = manager.location(ofPosition: position) else { return nil }
        XCTAssertEqual(location.role, .item, "the keyboard lands on cells only")
        return location.indexPath
    }

    @MainActor private static func press(_ list: ShownList, _ host: VirtualListHost, _ keys: String...) {
        for key in keys {
            list.press(mirroredKey(key))  // the same cells right to left
            list.settleFrame()
        }
        if let position = host.focusedPosition {
            XCTAssertTrue(host.positionsOnScreen?.contains(position) == true, "the focused cell \(position) is on screen")
        }
    }

    func testArrowsMoveByCellAndByLineAcrossSections() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.arrows()
        }
    }

    @MainActor private static func arrows() throws {
        let (manager, host, list) = bigGrid()
        defer { list.close() }
        list.click(widget: manager.boundRow(at: IndexPath(item: 1, section: 0))!.hostWidget!)
        XCTAssertEqual(focused(manager, host), IndexPath(item: 1, section: 0))
        press(list, host, "Right")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 2, section: 0))
        press(list, host, "Down", "Down")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 10, section: 0), "two lines of four down, same column")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 10, section: 0)], "the selection follows")
        press(list, host, "Left", "Up")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 5, section: 0))
        // To the end of section 0 (1,000 cells: 250 full lines), then across its boundary.
        host.scrollTo(position: 999, alignment: .center)
        list.settleFrame()
        list.click(widget: manager.boundRow(at: IndexPath(item: 998, section: 0))!.hostWidget!)
        press(list, host, "Down")
        XCTAssertEqual(
            focused(manager, host), IndexPath(item: 2, section: 1), "Down from the last line: the next section's first line, same column")
        press(list, host, "Up")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 998, section: 0), "and back up")
        press(list, host, "Right", "Right")
        XCTAssertEqual(
            focused(manager, host), IndexPath(item: 0, section: 1),
            "Right past a section's last cell: the next one's first, over its header")
        press(list, host, "Left")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 999, section: 0))
    }

    func testPageKeysHomeAndEndReachCellsWithoutWidgets() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.pagesAndEnds()
        }
    }

    @MainActor private static func pagesAndEnds() throws {
        let (manager, host, list) = bigGrid()
        defer { list.close() }
        list.click(widget: manager.boundRow(at: IndexPath(item: 2, section: 0))!.hostWidget!)
        press(list, host, "End")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 999, section: 99), "End: the last cell of the last section")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 999, section: 99)])
        press(list, host, "Home")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 0, section: 0), "Home: the first cell, past the first header")
        press(list, host, "Right", "Page_Down")
        let paged = try XCTUnwrap(focused(manager, host))
        XCTAssertEqual(paged.item % 4, 1, "Page Down keeps the column")
        // The 400-pixel viewport holds four to five lines of 80 pixels.
        XCTAssertTrue((4 * 4 + 1...6 * 4 + 1).contains(paged.item), "one viewport down: \(paged)")
        press(list, host, "Page_Up")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 1, section: 0), "and back")
        XCTAssertLessThan(host.rowWidgetCount, 80, "the keys bound what they reached, nothing more")
    }

    func testShiftExtendsARangeOfCellsInMultipleMode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.shiftRange()
        }
    }

    @MainActor private static func shiftRange() throws {
        let (manager, host, list) = bigGrid(mode: .multiple)
        defer { list.close() }
        list.click(widget: manager.boundRow(at: IndexPath(item: 1, section: 0))!.hostWidget!)
        press(list, host, "shift+Down")
        XCTAssertEqual(manager.selectedIndexPaths, (1...5).map { IndexPath(item: $0, section: 0) }, "a line down: the cells between")
        press(list, host, "ctrl+Right")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 6, section: 0))
        XCTAssertEqual(manager.selectedIndexPaths.count, 5, "Ctrl moves the focus alone")
    }
}
