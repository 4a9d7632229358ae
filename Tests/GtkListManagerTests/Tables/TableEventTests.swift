import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A table's row events are registered by model type and know their column: a right click on a
/// cell selects its row (the selection event runs) and shows the menu given for that cell's
/// column; on the focused row, the Menu key and other keys use the cell cursor's column, and a
/// key the app handles goes no further. Real input, both hosts.
final class TableEventTests: XCTestCase {
    func testARightClickOnACellSelectsItsRowAndShowsTheMenuOfItsColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var asked: [String] = [], selected: [Int] = [], ran: [String] = []
                let (manager, table, list) = TableFixture.show(rows: 30, columns: TableFixture.columns(8), on: make()) { _, table in
                    table.contextMenu(Int.self) { model, indexPath, column in
                        asked.append("\(model) \(indexPath.item) \(column.id)")
                        return [MenuItem("Copy \(column.title)") { ran.append("copy \(model) \(column.id)") }]
                    }
                    table.didSelect(Int.self) { model, _ in selected.append(model) }
                }
                defer { list.close() }
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 3, section: 0)), name)
                let cell = try XCTUnwrap(containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == "r3 c2" })
                list.click(widget: cell, button: 3)
                XCTAssertEqual(asked, ["3 3 c2"], name)
                XCTAssertEqual(selected, [3], "\(name): the right click selects the row, as a user selection")
                let menu = try XCTUnwrap(manager.shownContextMenu, name)
                let items = containerChildren(gcast(menu))
                XCTAssertEqual(items.map { String(cString: gtk_menu_item_get_label(gcast($0))) }, ["Copy Column 2"], name)
                gtk_menu_item_activate(gcast(try XCTUnwrap(items.first)))
                list.settle()
                XCTAssertEqual(ran, ["copy 3 c2"], name)
                XCTAssertNil(manager.shownContextMenu, name)
                _ = table
            }
        }
    }

    func testKeysOnTheFocusedRowKnowTheCellCursorsColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var keys: [String] = [], menus: [String] = []
                let (manager, table, list) = TableFixture.show(rows: 30, columns: TableFixture.columns(8), on: make()) { _, table in
                    table.keyPress(Int.self) { key, model, _, column in
                        guard key.keyval == UInt32(GDK_KEY_x) else { return false }
                        keys.append("\(model) \(column.id)")
                        return true
                    }
                    table.contextMenu(Int.self) { model, _, column in
                        menus.append("\(model) \(column.id)")
                        return [MenuItem("Open") {}]
                    }
                }
                defer { list.close() }
                list.focus(IndexPath(item: 1, section: 0))
                list.press("x")
                XCTAssertEqual(keys, ["1 c0"], "\(name): without a cell cursor, the first column")
                list.press(TestTextDirection.isRightToLeft ? "ctrl+Left" : "ctrl+Right")
                let cursor = try XCTUnwrap(table.cursorColumn, name)
                XCTAssertNotEqual(cursor, "c0", name)
                list.press("x", "Down")
                XCTAssertEqual(keys, ["1 c0", "1 \(cursor)"], name)
                list.press("Menu")
                XCTAssertEqual(menus, ["2 \(cursor)"], "\(name): the Menu key opens the focused row's menu, with the cursor's column")
                XCTAssertNotNil(manager.shownContextMenu, name)
                if let menu = manager.shownContextMenu { gtk_menu_shell_deactivate(gcast(menu)) }
                list.settle()
            }
        }
    }
}
