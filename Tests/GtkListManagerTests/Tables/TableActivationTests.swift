import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// An activation tells which column it happened in: the cell double-clicked, or for Enter the
/// cell cursor's column, which Ctrl+Left and Ctrl+Right move along the focused row (scrolling
/// it into view, marked for the eye). Real input, both hosts.
final class TableActivationTests: XCTestCase {
    func testADoubleClickOnACellReportsItsColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var activated: [String] = []
                let (manager, table, list) = TableFixture.show(rows: 30, columns: TableFixture.columns(8), on: make()) { _, table in
                    table.didActivate(Int.self) { model, indexPath, column in activated.append("\(model) \(indexPath.item) \(column.id)") }
                }
                defer { list.close() }
                TableFixture.scrollSideways(list, to: 200)
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 3, section: 0)))
                let cell = try XCTUnwrap(containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == "r3 c2" })
                list.click(widget: cell, count: 2)
                XCTAssertEqual(activated, ["3 3 c2"], name)
                // Clicking a row (which focuses it) leaves the table scrolled where it was.
                XCTAssertEqual(TableFixture.cells(ofItem: 3, in: manager, list: list).first?.text, "r3 c1", name)
                XCTAssertEqual(TableFixture.headers(of: table)[1].x, 160 - 200, name)
            }
        }
    }

    func testCtrlArrowsMoveTheCellCursorAndEnterActivatesItsColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var activated: [String] = []
                let (manager, table, list) = TableFixture.show(rows: 30, columns: TableFixture.columns(12), on: make()) { _, table in
                    table.didActivate(Int.self) { model, _, column in activated.append("\(model) \(column.id)") }
                }
                defer { list.close() }
                list.focus(IndexPath(item: 1, section: 0))
                let next = TestTextDirection.isRightToLeft ? "ctrl+Left" : "ctrl+Right"
                let previous = TestTextDirection.isRightToLeft ? "ctrl+Right" : "ctrl+Left"
                list.press(next, next)
                XCTAssertEqual(table.cursorColumn, "c2", name)
                list.press("Return")
                XCTAssertEqual(activated, ["1 c2"], name)
                // Far along the row: scrolled sideways until the cursor's cell shows whole.
                list.press(next, next, next, next, next, next)
                list.press(previous)
                list.settleFrame()
                XCTAssertEqual(table.cursorColumn, "c7", name)
                let cells = TableFixture.cells(ofItem: 1, in: manager, list: list)
                let cursorCell = try XCTUnwrap(cells.first { $0.text == "r1 c7" }, name)
                XCTAssertTrue(cursorCell.x >= 0 && cursorCell.x + cursorCell.width <= TableFixture.viewportWidth(list), name)
                let marked = containerChildren(try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0))).widget).filter {
                    gtk_style_context_has_class(gtk_widget_get_style_context($0), ListTheme.StyleClass.tableCursorCell) != 0
                }
                XCTAssertEqual(marked.map { String(cString: gtk_label_get_text(gcast($0))) }, ["r1 c7"], name)
            }
        }
    }
}
