import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The virtualized host as a grid, on the real widget under Xvfb: cells in lines as wide as
/// the window, headers and footers across it, sizes from the layout, the sizing events or the
/// cells themselves, widgets for the visible lines only, and the anchor kept through resizes.
final class VirtualGridLayoutTests: XCTestCase {
    /// A grid of 100×80 cells (four fit on a line of the 430-pixel window, 10 pixels apart),
    /// with 30-pixel headers.
    @MainActor static func shownGrid(
        _ sections: [[Int]], layout: VirtualGridLayout = VirtualGridLayout(cellSize: GridSize(width: 100, height: 80)),
        width: Int32 = 430, height: Int32 = 400
    ) -> (ListManager, VirtualListHost, ShownList) {
        let host = VirtualListHost(gridLayout: layout)
        let manager = ListManager(host: host)
        manager.register(NumberRow.self)
        manager.registerHeader(CaptionRow.self)
        manager.sizeForHeader(String.self) { _, _ in GridSize(width: -1, height: 30) }
        manager.memoryStorage?.setSectionHeaderModels(sections.indices.map { "section \($0)" })
        manager.memoryStorage?.setItemsForAllSections(sections)
        let list = ShownList(manager, width: width, height: height)
        list.settleFrame()
        return (manager, host, list)
    }

    /// The viewport's width: the window's less the scrolled window's scrollbar.
    @MainActor static func viewportWidth(_ host: VirtualListHost) -> Int {
        Int(gtk_widget_get_allocated_width(host.widget))
    }

    func testOneArgumentChoosesTheGrid() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let grid = VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 64, height: 64)))
            let manager = ListManager(host: grid)
            // The virtual list's grid kind: a table to accessibility.
            XCTAssertEqual(String(cString: gtk_widget_get_name(manager.widget)), "GlmVirtualGrid")
            let list = VirtualListHost()
            XCTAssertEqual(String(cString: gtk_widget_get_name(list.widget)), "GlmVirtualList")
            XCTAssertTrue(grid.laysOutGrid, "a virtualized grid takes the sizing events")
            XCTAssertFalse(list.laysOutGrid, "a virtualized list does not")
        }
    }

    func testCellsFillLinesOfTheWidthUnderHeadersThatSpanIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.linesAndHeaders()
        }
    }

    @MainActor private static func linesAndHeaders() throws {
        let (manager, host, list) = shownGrid([Array(0..<6), Array(10..<19)])
        defer { list.close() }
        let width = viewportWidth(host)
        let geometry = ExpectedGridGeometry(width: width, cell: GridSize(width: 100, height: 80), headerHeight: 30, footerHeight: 0)
        XCTAssertEqual(geometry.columns, 4, "the test window holds four cells a line")
        let expected = geometry.frames(of: expectedSections(of: manager.memoryStorage!))
        let shown = inspectBoundCells(of: host)
        XCTAssertEqual(shown.map(\.position), Array(0..<host.rowCount), "a grid this small binds every position")
        XCTAssertEqual(shown.map(\.row), expectedRows(of: manager.memoryStorage!))
        XCTAssertEqual(shown.map(\.rect), expected, "each cell, header and footer allocated where the grid puts it")
        // Read back as a user sees it: 0…3 on one line, 4 and 5 below, the second header under them.
        XCTAssertEqual(Set(shown[1...4].map(\.rect.y)).count, 1)
        XCTAssertEqual(shown[5].rect.x, mirroredX(0, width: 100, in: width))
        XCTAssertEqual(shown[7].row.role, .header)
        XCTAssertEqual(shown[7].rect.y, 30 + 2 * 80)
        XCTAssertEqual(host.position(atX: 5, y: Double(shown[7].rect.y + 5)), 7, "a point on the header finds it")
        XCTAssertEqual(host.position(atX: Double(shown[2].rect.x + 50), y: 70), 2, "a point on a cell finds it")
        XCTAssertNil(host.position(atX: Double(shown[1].rect.x + 100 + 2), y: 70), "the gap between cells is no cell")
        XCTAssertEqual(host.positionsOnScreen, 0..<host.rowCount)
    }

    func testOnlyTheLinesAroundTheViewportHaveWidgetsAtAHundredThousandCells() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.hundredThousand()
        }
    }

    @MainActor private static func hundredThousand() throws {
        let sections = (0..<100).map { section in Array(section * 1000..<(section + 1) * 1000) }
        let (manager, host, list) = shownGrid(sections, width: 900, height: 700)
        defer { list.close() }
        XCTAssertEqual(host.rowCount, 100_100)
        XCTAssertLessThan(host.rowWidgetCount, 120, "widgets for the lines on screen, not for 100,000 cells")
        let geometry = ExpectedGridGeometry(
            width: viewportWidth(host), cell: GridSize(width: 100, height: 80), headerHeight: 30, footerHeight: 0)
        let expected = geometry.frames(of: expectedSections(of: manager.memoryStorage!))
        let rows = expectedRows(of: manager.memoryStorage!)
        XCTAssertEqual(
            Int(gtk_adjustment_get_upper(host.verticalAdjustment!)), expected.last!.y + expected.last!.height,
            "the scrollbar spans the whole grid")
        var madeBeforeLastJumps = 0
        for (jump, value) in [1_000_000.0, 77_777, 2_000_000, 0, 555_555, 1_500_000].enumerated() {
            if jump == 2 { madeBeforeLastJumps = NumberRow.madeCount }
            gtk_adjustment_set_value(host.verticalAdjustment!, value)
            list.settleFrame()
            let shown = inspectBoundCells(of: host)
            let visible = host.positionsOnScreen!
            XCTAssertTrue(visible.allSatisfy { host.boundRow(at: $0) != nil }, "at \(value): every visible cell is bound")
            for (position, row, rect) in shown where visible.contains(position) {
                XCTAssertEqual(row, rows[position], "at \(value): position \(position)")
                XCTAssertEqual(rect, expected[position], "at \(value): position \(position)")
            }
            XCTAssertLessThan(host.rowWidgetCount, 160, "at \(value)")
            assertOnlyBoundRowWidgetsShown(by: host, "at \(value)")
        }
        XCTAssertEqual(NumberRow.madeCount, madeBeforeLastJumps, "jumps reuse the rows they let go, whatever the pool's configured limit")
        XCTAssertGreaterThan(
            host.rowsWorthReusing, manager.configuration.reusePoolLimit, "more cells on screen than the default pool keeps")
    }

    func testResizingChangesTheColumnsAndKeepsTheTopCellInView() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.resizing()
        }
    }

    @MainActor private static func resizing() throws {
        let (manager, host, list) = shownGrid([Array(0..<5000)])
        defer { list.close() }
        host.scrollTo(position: 2001, alignment: .top)
        list.settleFrame()
        XCTAssertEqual(host.positionsOnScreen?.lowerBound, 2001, "the line of cells 2,000…2,003 at the top")
        let lineBefore = host.rowFrame(at: 2001)!.y
        gtk_window_resize(gcast(list.window), 650, 400)
        list.wait { viewportWidth(host) > 600 }
        list.settleFrame()
        let columns = ExpectedGridGeometry(
            width: viewportWidth(host), cell: GridSize(width: 100, height: 80), headerHeight: 30, footerHeight: 0
        ).columns
        XCTAssertEqual(columns, 6)
        let frame = host.rowFrame(at: 2001)!
        XCTAssertEqual(frame.y, lineBefore, "cell 2,000 stays where it was on screen")
        XCTAssertTrue(host.positionsOnScreen!.contains(2001))
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(manager.boundRow(at: IndexPath(item: 2000, section: 0))!.hostWidget!, &allocation)
        let expected = ExpectedGridGeometry(
            width: viewportWidth(host), cell: GridSize(width: 100, height: 80), headerHeight: 30, footerHeight: 0
        )
        .frames(of: expectedSections(of: manager.memoryStorage!))[2001]
        XCTAssertEqual(Int(allocation.x), expected.x, "placed in its column of six")
    }

    func testSizingEventsAndSectionMetricsShapeEachSection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.sizingEvents()
        }
    }

    @MainActor private static func sizingEvents() throws {
        let (manager, host, list) = shownGrid([Array(0..<3), Array(10..<13)], layout: VirtualGridLayout())
        defer { list.close() }
        manager.sizeForCell(Int.self) { _, indexPath in GridSize(width: 120 + 40 * indexPath.section, height: 50) }
        manager.insetForSection { section in EdgeInsets(top: 7, leading: 5 + section, bottom: 9, trailing: 0) }
        manager.minimumLineSpacingForSection { _ in 4 }
        manager.minimumInteritemSpacingForSection { _ in 3 }
        manager.reload()
        list.settleFrame()
        func rect(_ item: Int, _ section: Int) -> GridRect {
            let position = host.position(of: manager.boundRow(at: IndexPath(item: item, section: section))!)!
            return inspectBoundCells(of: host).first { $0.position == position }!.rect
        }
        let width = viewportWidth(host)
        XCTAssertEqual(
            rect(0, 0), GridRect(x: mirroredX(5, width: 120, in: width), y: 30 + 7, width: 120, height: 50),
            "section 0's first cell, inset")
        XCTAssertEqual(rect(0, 1).width, 160, "section 1's cells are sized by its own event answer")
        XCTAssertEqual(rect(0, 1).x, mirroredX(6, width: 160, in: width), "section 1's leading inset")
        let sectionOneTop = 30 + 7 + lines(3, width: viewportWidth(host) - 5, cell: 120, spacing: 3) * 54 - 4 + 9
        XCTAssertEqual(rect(0, 1).y, sectionOneTop + 30 + 7, "below section 0's cells, bottom inset and the next header")
    }

    /// The lines `items` cells of width `cell` take in `width` pixels with `spacing` between them.
    private static func lines(_ items: Int, width: Int, cell: Int, spacing: Int) -> Int {
        let columns = max(1, (width + spacing) / (cell + spacing))
        return (items + columns - 1) / columns
    }

    func testCellsTakeTheirNaturalSizeWhenNothingGivesOne() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.naturalSize()
        }
    }

    @MainActor private static func naturalSize() throws {
        let host = VirtualListHost(gridLayout: VirtualGridLayout())
        let manager = ListManager(host: host)
        manager.register(TileCell.self)
        manager.memoryStorage?.setItems(Array(0..<40))
        let list = ShownList(manager, width: 430, height: 400)
        defer { list.close() }
        list.settleFrame()
        let cells = inspectBoundCells(of: host)
        XCTAssertEqual(cells.first?.rect.width, 90, "a tile's size request")
        XCTAssertEqual(cells.first?.rect.height, 40)
        XCTAssertEqual(Set(cells.prefix(4).map(\.rect.y)).count, 1, "four tiles of 90 on a line")
        XCTAssertGreaterThan(cells[4].rect.y, cells[3].rect.y)
    }
}
