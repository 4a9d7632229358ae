import CGtk
import Foundation
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// Frozen columns stay at the viewport's leading edge (the right one right to left) while the
/// others scroll sideways, in the rows and the header, as GTK and the X server show them; clicks
/// in the strip go to the frozen column; the count is part of the saved state. The list box
/// cannot pin them: they scroll there, and the table says so.
final class FrozenColumnTests: XCTestCase {
    /// Ten 160-pixel columns, the first frozen.
    private static func columns(frozen: Int = 1) -> [TableColumn] {
        (0..<10).map { TableColumn("c\($0)", title: "Column \($0)", width: .fixed(160), isFrozen: $0 < frozen) }
    }

    /// Scrolls in `steps` steps of `step` pixels from the leading edge, a frame drawn each.
    @MainActor private static func scrollInSteps(_ list: ShownList, steps: Int, step: Int) {
        for index in 1...steps { TableFixture.scrollSideways(list, to: Double(index * step)) }
    }

    func testFrozenCellsAndHeadersStayPutWhileTheOthersScroll() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, table, list) = TableFixture.show(rows: 40, columns: Self.columns(frozen: 2), on: VirtualListHost())
            defer { list.close() }
            XCTAssertEqual(table.frozenColumnCount, 2)
            let before = TableFixture.cells(ofItem: 3, in: manager, list: list)
            XCTAssertEqual(before.prefix(2).map(\.text), ["r3 c0", "r3 c1"])
            Self.scrollInSteps(list, steps: 50, step: 17)
            let after = TableFixture.cells(ofItem: 3, in: manager, list: list)
            // Read back from GTK: the frozen cells where they were, the others 850 pixels on.
            XCTAssertEqual(after.first { $0.text == "r3 c0" }?.x, 0)
            XCTAssertEqual(after.first { $0.text == "r3 c1" }?.x, 160)
            XCTAssertEqual(after.first { $0.text == "r3 c8" }?.x, 8 * 160 - 850)
            // Column 7 (960–1120 of the rows) shows past the strip (850–1170); those wholly
            // under it bind no cell.
            XCTAssertEqual(after.first { $0.text == "r3 c7" }?.x, 7 * 160 - 850)
            XCTAssertFalse(after.contains { $0.text == "r3 c6" || $0.text == "r3 c2" })
            let headers = TableFixture.headers(of: table)
            XCTAssertEqual(headers.first { $0.text == "Column 0" }?.x, 0)
            XCTAssertEqual(headers.first { $0.text == "Column 1" }?.x, 160)
            XCTAssertEqual(headers.first { $0.text == "Column 8" }?.x, 8 * 160 - 850)
            // On the screen too: the toplevel sees the frozen cell at the list's leading edge.
            let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 3, section: 0)))
            let frozenCell = try XCTUnwrap(
                containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == "r3 c0" })
            var cellX: Int32 = 0, listX: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(frozenCell, gtk_widget_get_toplevel(frozenCell), 0, 0, &cellX, &y)
            gtk_widget_translate_coordinates(manager.widget, gtk_widget_get_toplevel(frozenCell), 0, 0, &listX, &y)
            let expected = TestTextDirection.isRightToLeft ? listX + gtk_widget_get_allocated_width(manager.widget) - 160 : listX
            XCTAssertEqual(cellX, expected)
        }
    }

    func testNoScrolledPixelShowsInTheStripAndTheKeptPixelsMatchAFreshDraw() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, table, list) = TableFixture.show(rows: 40, columns: Self.columns(), on: VirtualListHost())
            defer { list.close() }
            TableFixture.holdStillForPixels(list)
            defer { DesktopAnimations.set(true) }
            let header = containerChildren(table.widget)[0]
            // The header strip may be wider than the rows' viewport (by a scrollbar beside them):
            // its frozen button is where it shows before any scroll.
            let headerStart = try XCTUnwrap(TableFixture.headers(of: table).first { $0.text == "Column 0" }).x
            let rowsBefore = TableFixture.leadingStrip(of: manager.widget),
                headerBefore = TableFixture.leadingStrip(of: header, from: headerStart)
            XCTAssertFalse(rowsBefore.isEmpty)
            XCTAssertFalse(headerBefore.isEmpty)
            let othersBefore = ScreenPixels.read(manager.widget)
            Self.scrollInSteps(list, steps: 50, step: 17)
            // The strip shows what it showed: the frozen cells and headers, nothing that scrolled.
            XCTAssertEqual(TableFixture.pixelDifferences(TableFixture.leadingStrip(of: manager.widget), rowsBefore), 0, "the rows' strip")
            XCTAssertEqual(
                TableFixture.pixelDifferences(TableFixture.leadingStrip(of: header, from: headerStart), headerBefore), 0,
                "the header's strip")
            XCTAssertNotEqual(ScreenPixels.read(manager.widget), othersBefore, "the other columns moved")
            // What the list kept through the steps is what it draws afresh.
            let shown = ScreenPixels.read(manager.widget)
            ScreenPixels.redrawAfresh(manager.widget, in: list)
            XCTAssertEqual(TableFixture.pixelDifferences(shown, ScreenPixels.read(manager.widget)), 0)
            // A selected row paints its strip as it paints itself: no hole in the selection.
            _ = manager.selectItem(at: IndexPath(item: 1, section: 0))
            list.settleFrame()
            TableFixture.scrollSideways(list, to: 300)
            let selected = ScreenPixels.read(manager.widget)
            ScreenPixels.redrawAfresh(manager.widget, in: list)
            XCTAssertEqual(TableFixture.pixelDifferences(selected, ScreenPixels.read(manager.widget)), 0)
        }
    }

    func testClicksInTheStripGoToTheFrozenColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            var activated: [String] = []
            let (manager, table, list) = TableFixture.show(rows: 30, columns: Self.columns(), on: VirtualListHost()) { _, table in
                table.didActivate(Int.self) { model, _, column in activated.append("\(model) \(column.id)") }
            }
            defer { list.close() }
            Self.scrollInSteps(list, steps: 20, step: 20)
            // Column 2 (320–480) lies under the strip (400–560 of the rows) where the click is.
            let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 4, section: 0)))
            let cell = try XCTUnwrap(containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == "r4 c0" })
            list.click(widget: cell, count: 2)
            XCTAssertEqual(activated, ["4 c0"])
            // Past the strip, the scrolled column under the pointer.
            list.moveMouse(to: cell, x: TableFixture.leadingX(200, in: cell))
            list.xdotool(["click", "--repeat", "2", "--delay", "40", "1"])
            XCTAssertEqual(activated.last, "4 c3")
            // The frozen header takes the click, not the scrolled one under it.
            let button = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
            list.click(widget: button)
            XCTAssertEqual(table.sort.map(\.column), ["c0"])
            // The cell cursor skips no column and scrolls none under the strip.
            list.focus(IndexPath(item: 4, section: 0))
            let next = TestTextDirection.isRightToLeft ? "ctrl+Left" : "ctrl+Right"
            let previous = TestTextDirection.isRightToLeft ? "ctrl+Right" : "ctrl+Left"
            // Column 1 (160–320 of the rows) was under the strip: scrolled just past it.
            list.press(next)
            XCTAssertEqual(table.cursorColumn, "c1")
            list.settleFrame()
            XCTAssertEqual(TableFixture.cells(ofItem: 4, in: manager, list: list).first { $0.text == "r4 c1" }?.x, 160)
            TableFixture.scrollSideways(list, to: 700)
            list.press(next)
            XCTAssertEqual(table.cursorColumn, "c2")
            list.settleFrame()
            XCTAssertEqual(TableFixture.cells(ofItem: 4, in: manager, list: list).first { $0.text == "r4 c2" }?.x, 160)
            // Back through column 1 (scrolled past the strip) to the frozen one, which shows
            // already: nothing scrolls for it.
            list.press(previous, previous)
            XCTAssertEqual(table.cursorColumn, "c0")
            list.settleFrame()
            XCTAssertEqual(TableFixture.cells(ofItem: 4, in: manager, list: list).first { $0.text == "r4 c1" }?.x, 160, "no scroll")
        }
    }

    func testTheCountIsSavedAndRestoredAndOldStatesDecode() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, table, list) = TableFixture.show(rows: 10, columns: Self.columns(frozen: 0), on: VirtualListHost())
            defer { list.close() }
            var saved: [ColumnState] = []
            table.stateDidChange = { saved.append($0) }
            XCTAssertEqual(table.frozenColumnCount, 0)
            let freeze = try XCTUnwrap(table.headerMenuItems(for: "c2").first { $0.title == "Freeze Up to This Column" })
            guard case let .action(action) = freeze.content else { return XCTFail("not an action") }
            action()
            XCTAssertEqual(table.frozenColumnCount, 3)
            XCTAssertEqual(saved.last?.frozenColumnCount, 3)
            let data = try JSONEncoder().encode(table.state)
            XCTAssertEqual(try JSONDecoder().decode(ColumnState.self, from: data).frozenColumnCount, 3)
            // A state saved before frozen columns existed.
            let old = #"{"order":["c1","c0"],"widths":{"c0":90},"hidden":[],"sort":[]}"#
            let decoded = try JSONDecoder().decode(ColumnState.self, from: Data(old.utf8))
            XCTAssertEqual(decoded, ColumnState(order: ["c1", "c0"], widths: ["c0": 90]))
            // Restored into a table: the columns show frozen.
            table.state = ColumnState()
            XCTAssertEqual(table.frozenColumnCount, 0)
            table.state = try JSONDecoder().decode(ColumnState.self, from: data)
            TableFixture.scrollSideways(list, to: 400)
            let cells = TableFixture.cells(ofItem: 2, in: manager, list: list)
            XCTAssertEqual(cells.prefix(3).map(\.text), ["r2 c0", "r2 c1", "r2 c2"])
            XCTAssertEqual(cells.prefix(3).map(\.x), [0, 160, 320])
            XCTAssertTrue(table.headerMenuItems(for: "c0").contains { $0.title == "Unfreeze" })
            table.frozenColumnCount = 0
            XCTAssertEqual(TableFixture.cells(ofItem: 2, in: manager, list: list).first?.x, 2 * 160 - 400)
        }
    }

    func testAColumnDeclaredFrozenThatSetColumnsBringsInJoinsTheFrozenOnes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, table, list) = TableFixture.show(rows: 10, columns: Self.columns(frozen: 1), on: VirtualListHost())
            defer { list.close() }
            manager.register(
                TableFixture.TextCell.self, column: "new",
                handler: { cell, row, _ in gtk_label_set_text(gcast(cell.widget), "r\(row) new") })
            var columns = Self.columns(frozen: 1)
            // c4 is already there: declaring it frozen now leaves the user's choice alone.
            columns[4].isFrozen = true
            columns += [
                TableColumn("new", title: "New", width: .fixed(160), isFrozen: true),
                TableColumn("hidden", title: "Hidden", width: .fixed(160), isInitiallyHidden: true, isFrozen: true),
            ]
            table.setColumns(columns)
            XCTAssertEqual(table.frozenColumnCount, 2, "c0, then the new column; the hidden one counts when shown")
            XCTAssertEqual(Array(table.shownColumns.map(\.column.id).prefix(3)), ["c0", "new", "c1"])
            TableFixture.scrollSideways(list, to: 400)
            let cells = TableFixture.cells(ofItem: 2, in: manager, list: list)
            XCTAssertEqual(cells.prefix(2).map(\.text), ["r2 c0", "r2 new"], "read from GTK: both pinned")
            XCTAssertEqual(cells.prefix(2).map(\.x), [0, 160])
            XCTAssertEqual(cells.first { $0.text == "r2 c4" }?.x, 5 * 160 - 400, "c4 scrolls")

            table.setHidden(false, ofColumn: "hidden")
            XCTAssertEqual(Array(table.shownColumns.map(\.column.id).prefix(3)), ["c0", "new", "hidden"])
        }
    }

    func testAColumnThatScrollsCannotMoveAmongTheFrozenOnes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, table, list) = TableFixture.show(rows: 5, columns: Self.columns(frozen: 2), on: VirtualListHost())
            defer { list.close() }
            let order = { table.shownColumns.map(\.column.id) }
            table.moveColumn("c5", to: 0)
            XCTAssertEqual(Array(order().prefix(3)), ["c0", "c1", "c2"])
            table.moveColumn("c0", to: 4)
            XCTAssertEqual(Array(order().prefix(3)), ["c0", "c1", "c2"])
            table.moveColumn("c1", to: 0)
            XCTAssertEqual(Array(order().prefix(3)), ["c1", "c0", "c2"])
            table.moveColumn("c5", to: 2)
            XCTAssertEqual(Array(order().prefix(3)), ["c1", "c0", "c5"])
            let moveLeft = table.headerMenuItems(for: "c5").first {
                $0.title == (TestTextDirection.isRightToLeft ? "Move Right" : "Move Left")
            }
            XCTAssertEqual(moveLeft?.isEnabled, false)
        }
    }

    func testDraggingHeadersKeepsTheFrozenOnesPinned() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, table, list) = TableFixture.show(rows: 10, columns: Self.columns(frozen: 2), on: VirtualListHost())
            defer { list.close() }
            TableFixture.scrollSideways(list, to: 400)
            // A frozen header dragged past the other frozen one: they swap, both still pinned.
            let first = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
            TableFixture.drag(first, fromX: TableFixture.leadingX(80, in: first), by: 160 + 10, in: list)
            list.settleFrame()
            XCTAssertEqual(table.shownColumns.prefix(2).map(\.column.id), ["c1", "c0"])
            let headers = TableFixture.headers(of: table)
            XCTAssertEqual(headers.first { $0.text == "Column 1" }?.x, 0)
            XCTAssertEqual(headers.first { $0.text == "Column 0" }?.x, 160)
            XCTAssertEqual(TableFixture.cells(ofItem: 2, in: manager, list: list).prefix(2).map(\.text), ["r2 c1", "r2 c0"])
            // A scrolling header dropped on the strip goes first after the frozen ones.
            let scrolled = try XCTUnwrap(TableFixture.headerButton("Column 4", of: table))
            let before = try XCTUnwrap(TableFixture.headers(of: table).first { $0.text == "Column 4" }).x
            TableFixture.drag(scrolled, fromX: TableFixture.leadingX(80, in: scrolled), by: -(before + 10), in: list)
            list.settleFrame()
            XCTAssertEqual(table.shownColumns.map(\.column.id), ["c1", "c0", "c4", "c2", "c3", "c5", "c6", "c7", "c8", "c9"])
            XCTAssertEqual(TableFixture.headers(of: table).first { $0.text == "Column 4" }?.x, 320 - 400)
            XCTAssertEqual(TableFixture.headers(of: table).first { $0.text == "Column 3" }?.x, before)
        }
    }

    func testTheListBoxCannotPinThemAndSaysSo() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            var reported: [ManagerAnomaly] = []
            let (manager, table, list) = TableFixture.show(rows: 10, columns: Self.columns(frozen: 0), on: ListBoxHost()) {
                manager, table in
                manager.anomalyHandler.action = { reported.append($0) }
                table.frozenColumnCount = 1
            }
            defer { list.close() }
            XCTAssertEqual(reported.map(\.description), ["frozenColumnsUnsupported"])
            XCTAssertEqual(table.frozenColumnCount, 1, "kept in the state")
            TableFixture.scrollSideways(list, to: 300)
            let cells = TableFixture.cells(ofItem: 2, in: manager, list: list)
            XCTAssertFalse(cells.contains { $0.text == "r2 c0" }, "scrolled out of view")
            XCTAssertEqual(cells.first { $0.text == "r2 c2" }?.x, 2 * 160 - 300)
            table.frozenColumnCount = 2
            XCTAssertEqual(reported.count, 1, "once per freeze")
            table.frozenColumnCount = 0
            table.frozenColumnCount = 1
            XCTAssertEqual(reported.count, 2)
        }
    }
}
