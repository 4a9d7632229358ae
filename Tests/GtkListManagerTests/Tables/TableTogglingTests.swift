import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// The user toggles a table's toggle cells through `didToggle`, which hears the state asked for
/// and stores it; the row then shows it. A click on the cell toggles it and selects the row, a
/// drag from it does not; Space toggles the cell cursor's cell, or the first toggle column's; a
/// screen reader's "toggle" toggles bound and unbound cells, each change told once. Cells the
/// user may not toggle stay as they are. Real input, both hosts.
final class TableTogglingTests: XCTestCase {
    func testAClickOnAToggleCellTogglesItAndSelectsItsRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.inconsistent = [6]
                let (manager, _, list) = ToggleFixture.show(on: make(), values: values)
                defer { list.close() }
                list.click(widget: try ToggleFixture.toggle(0, ofItem: 3, in: manager).widget)
                XCTAssertEqual(values.toggled, ["3 3 c1 true"], name)
                XCTAssertTrue(try ToggleFixture.toggle(0, ofItem: 3, in: manager).isChecked, "\(name): the row shows the new value")
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 0)], "\(name): the click selects the row")
                list.settle(milliseconds: 500)  // not a double click
                list.click(widget: try ToggleFixture.toggle(0, ofItem: 3, in: manager).widget)
                XCTAssertEqual(values.toggled.last, "3 3 c1 false", name)
                XCTAssertFalse(try ToggleFixture.toggle(0, ofItem: 3, in: manager).isChecked, name)
                // A radio cell, a mixed value (asked to be on), a text cell (nothing).
                list.click(widget: try ToggleFixture.toggle(1, ofItem: 2, in: manager).widget)
                list.click(widget: try ToggleFixture.toggle(0, ofItem: 6, in: manager).widget)
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 7, section: 0)))
                let text = try XCTUnwrap(containerChildren(row.widget).first { ToggleFixture.nodeName(of: $0) == "label" })
                list.click(widget: text)
                XCTAssertEqual(values.toggled, ["3 3 c1 true", "3 3 c1 false", "2 2 c2 true", "6 6 c1 true"], name)
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 7, section: 0)], name)
            }
        }
    }

    func testADragFromAToggleCellAndACtrlClickDoNotToggleIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                let (manager, _, list) = ToggleFixture.show(on: make(), values: values)
                defer { list.close() }
                // Pressed on the cell, released on it 40 pixels further: a drag, not a click.
                let cell = try ToggleFixture.toggle(0, ofItem: 3, in: manager).widget
                TableFixture.drag(cell, fromX: TableFixture.leadingX(20, in: cell), by: 40, in: list)
                XCTAssertEqual(values.toggled, [], "\(name): a drag")
                list.click(widget: cell, modifiers: ["ctrl"])
                XCTAssertEqual(values.toggled, [], "\(name): Ctrl+click selects")
                XCTAssertFalse(try ToggleFixture.toggle(0, ofItem: 3, in: manager).isChecked, name)
            }
        }
    }

    func testSpaceTogglesTheCellCursorsCellOrTheFirstToggleColumnsAndLeavesTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                let (manager, table, list) = ToggleFixture.show(on: make(), values: values)
                defer { list.close() }
                _ = manager.selectItem(at: IndexPath(item: 9, section: 0))
                list.focus(IndexPath(item: 2, section: 0))
                list.press("space")
                XCTAssertEqual(values.toggled, ["2 2 c1 false"], "\(name): without a cursor, the first toggle column")
                XCTAssertFalse(try ToggleFixture.toggle(0, ofItem: 2, in: manager).isChecked, name)
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 9, section: 0)], "\(name): Space leaves the selection")
                list.press(mirroredKey("ctrl+Right"), mirroredKey("ctrl+Right"), "space")
                XCTAssertEqual(table.cursorColumn, "c2", name)
                XCTAssertEqual(values.toggled.last, "2 2 c2 true", "\(name): the cursor's cell")
                XCTAssertTrue(try ToggleFixture.toggle(1, ofItem: 2, in: manager).isChecked, name)
                // On a text cell, Space is the list's own.
                list.press(mirroredKey("ctrl+Right"), "space")
                XCTAssertEqual(values.toggled.count, 2, "\(name): nothing to toggle in c3")
            }
        }
    }

    func testADeclaredToggleColumnShowsItsKeyPathAndTogglesThroughTheTable() throws {
        struct Task: Hashable {
            let name: String
            var isDone: Bool
        }
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                let table = manager.makeTable(of: Task.self) {
                    ModelColumn("Task", text: \.name).width(.fixed(200))
                    ModelColumn("Done", toggle: \.isDone).width(.fixed(80))
                }
                table.didToggle(Task.self, column: "Done") { [unowned manager] task, indexPath, isOn in
                    var changed = task
                    changed.isDone = isOn
                    try? manager.memoryStorage?.replaceItem(at: indexPath, with: changed)
                }
                manager.memoryStorage?.setItems((0..<10).map { Task(name: "task \($0)", isDone: $0 == 1) })
                let list = ShownList(manager, width: 400, height: 400)
                defer { list.close() }
                list.settleFrame()
                let shown = try (0..<3).map { try XCTUnwrap(ToggleFixture.toggles(ofItem: $0, in: manager).first, name) }
                XCTAssertEqual(shown.map(\.isChecked), [false, true, false], name)
                XCTAssertEqual(shown.map(\.x), [200, 200, 200], "\(name): the second column")
                list.click(widget: shown[2].widget)
                let task = manager.memoryStorage?.item(at: IndexPath(item: 2, section: 0)) as? Task
                XCTAssertEqual(task?.isDone, true, "\(name): the app stored the toggle")
                XCTAssertTrue(try XCTUnwrap(ToggleFixture.toggles(ofItem: 2, in: manager).first).isChecked, name)
            }
        }
    }

    func testCellsTheUserMayNotToggleStayAsTheyAre() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.locked = [4]
                let (manager, _, list) = ToggleFixture.show(on: make(), values: values)
                defer { list.close() }
                list.click(widget: try ToggleFixture.toggle(0, ofItem: 4, in: manager).widget)
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 4, section: 0)], "\(name): the click still selects")
                list.focus(IndexPath(item: 4, section: 0))
                list.press("space")
                let check = try XCTUnwrap(gtk_widget_get_accessible(try ToggleFixture.toggle(0, ofItem: 4, in: manager).widget))
                XCTAssertEqual(atk_action_do_action(OpaquePointer(check), 0), 0, "\(name): a reader's toggle does nothing")
                XCTAssertEqual(values.toggled, [], name)
                XCTAssertTrue(try ToggleFixture.toggle(0, ofItem: 4, in: manager).isChecked, name)
            }
        }
    }
}
