import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Reordering by keyboard (Alt+Up, Alt+Down) and the scroll events on both grid hosts as an
/// application makes them, through real input under Xvfb.
final class GridReorderingAndScrollEventTests: XCTestCase {
    private static func at(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    @MainActor private static func items(_ manager: ListManager, _ section: Int) -> [Int] {
        (manager.memoryStorage?.items(inSection: section) ?? []).compactMap { $0 as? Int }
    }

    // MARK: - Reordering

    func testAltArrowsMoveTheFocusedCellAcrossSectionsAndItKeepsTheFocus() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.altArrows(kind) }
        }
    }

    @MainActor private static func altArrows(_ kind: GridKind) throws {
        var moves: [String] = []
        let (manager, host, list) = GridEventGroupTests.shownGrid(kind) { manager in
            manager.canMove(TileCell.self) { _, model, _ in model != 17 }
            manager.move(TileCell.self) { destination, row, model, source in
                XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), String(model), "\(kind)")
                moves.append("\(model) \(source.section).\(source.item)→\(destination.section).\(destination.item)")
            }
        }
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        let moved = try XCTUnwrap(manager.boundRow(at: at(5, 0)))
        list.click(widget: GridEventGroupTests.cell(manager, 5, 0))
        list.press("alt+Down")
        list.settleFrame()
        XCTAssertEqual(items(manager, 0), [0, 1, 2, 3, 4], "\(kind): the last cell of section 0 left it")
        XCTAssertEqual(items(manager, 1), [5] + Array(10..<18), "\(kind): for the first place of section 1")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: storage), "\(kind): the grid shows the storage")
        XCTAssertTrue(manager.boundRow(at: at(0, 1)) === moved, "\(kind): the same cell moved")
        XCTAssertEqual(GridEventGroupTests.focused(manager, host), at(0, 1), "\(kind): the moved cell keeps the focus")

        list.press("alt+Down")
        list.settleFrame()
        list.press("alt+Up", "alt+Up", "alt+Up")
        list.settleFrame()
        XCTAssertEqual(items(manager, 0), [0, 1, 2, 3, 5, 4], "\(kind): one place at a time, back across the section boundary")
        XCTAssertEqual(items(manager, 1), Array(10..<18), "\(kind)")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: storage), "\(kind)")
        XCTAssertTrue(manager.boundRow(at: at(4, 0)) === moved, "\(kind)")
        XCTAssertEqual(GridEventGroupTests.focused(manager, host), at(4, 0), "\(kind)")
        XCTAssertEqual(moves, ["5 0.5→1.0", "5 1.0→1.1", "5 1.1→1.0", "5 1.0→0.5", "5 0.5→0.4"], "\(kind)")

        list.click(widget: GridEventGroupTests.cell(manager, 7, 1))
        list.press("alt+Up")
        list.settleFrame()
        XCTAssertEqual(items(manager, 1), Array(10..<18), "\(kind): a cell that cannot move stays")
        XCTAssertEqual(moves.count, 5, "\(kind)")
    }

    // MARK: - Scrolling

    /// A shown grid of `count` cells in one section, four to a line, in a 440×300 window.
    @MainActor private static func longGrid(_ kind: GridKind, _ count: Int, _ configure: (ListManager) -> Void) -> (
        ListManager, any ListHost, ShownList
    ) {
        let (manager, host) = kind.makeManagerAsAnAppDoes()
        manager.register(TileCell.self)
        configure(manager)
        manager.memoryStorage?.setItems(Array(0..<count))
        let list = ShownList(manager, width: 440, height: 300)
        list.settleFrame()
        return (manager, host, list)
    }

    func testDidScrollReportsTheOffsetForWheelAndCode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.didScroll(kind) }
        }
    }

    @MainActor private static func didScroll(_ kind: GridKind) throws {
        var offsets: [Double] = []
        let (manager, host, list) = longGrid(kind, 200) { manager in manager.didScroll { offsets.append($0) } }
        defer { list.close() }
        XCTAssertEqual(offsets, [], "\(kind): showing the grid does not scroll it")
        let adjustment = try XCTUnwrap(host.verticalAdjustment, "\(kind)")
        list.moveMouse(to: GridEventGroupTests.cell(manager, 5, 0))
        list.xdotool(["click", "--repeat", "3", "--delay", "30", "5"])  // wheel down
        list.wait(until: { offsets.last.map { $0 > 0 && $0 == gtk_adjustment_get_value(adjustment) } ?? false })
        XCTAssertGreaterThan(offsets.last ?? 0, 0, "\(kind): the wheel scrolled the grid down")
        XCTAssertEqual(offsets.last, gtk_adjustment_get_value(adjustment), "\(kind)")

        gtk_adjustment_set_value(adjustment, 600)
        XCTAssertEqual(offsets.last, 600, "\(kind)")
        list.settleFrame()
        let visible = try XCTUnwrap(host.positionsOnScreen, "\(kind)")
        XCTAssertGreaterThan(visible.lowerBound, 40, "\(kind): the first lines are scrolled away (\(visible))")
        XCTAssertLessThan(visible.lowerBound, 80, "\(kind): 600 pixels are 13 to 15 lines of cells (\(visible))")
    }

    func testRowsNearEndFiresOncePerRowCount() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.rowsNearEnd(kind) }
        }
    }

    @MainActor private static func rowsNearEnd(_ kind: GridKind) throws {
        var calls: [Int] = []
        var manager: ListManager!
        let (shownManager, host, list) = longGrid(kind, 200) { manager in
            manager.rowsNearEnd(threshold: 8) { calls.append(manager.rowCount) }
        }
        manager = shownManager
        defer { list.close() }
        XCTAssertEqual(calls, [], "\(kind): the first cells are far from the end")
        let adjustment = try XCTUnwrap(host.verticalAdjustment, "\(kind)")
        let line = try XCTUnwrap(host.rowFrame(at: 0)?.height, "\(kind)")
        func scroll(linesAboveTheEnd lines: Double) {
            gtk_adjustment_set_value(
                adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) - lines * line)
            list.settleFrame()
        }
        // Four cells to a line: three lines below the last visible one are 12 cells, one is 4.
        scroll(linesAboveTheEnd: 3)
        XCTAssertEqual(calls, [], "\(kind): 12 cells after the last visible one")
        scroll(linesAboveTheEnd: 1)
        XCTAssertEqual(calls, [200], "\(kind): 4 cells after it")
        scroll(linesAboveTheEnd: 0)
        gtk_adjustment_set_value(adjustment, 0)
        list.settleFrame()
        scroll(linesAboveTheEnd: 0)
        XCTAssertEqual(calls, [200], "\(kind): once per row count")

        manager.memoryStorage?.addItems(Array(200..<240))
        list.settleFrame()
        XCTAssertEqual(calls, [200], "\(kind): more cells moved the end away")
        scroll(linesAboveTheEnd: 0)
        XCTAssertEqual(calls, [200, 240], "\(kind)")
    }
}
