import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// Editing a table's cells in place, on both table hosts, driven by real keys and clicks: F2,
/// Enter, a click on the focused cursor cell and a double click open the cell's editor over it
/// (the row as high as before); Enter commits to the storage and the cell shows the new value; a
/// refused commit keeps the editor with its message; Escape cancels.
final class TableCellEditingTests: XCTestCase {
    typealias Fixture = TableCellEditingFixture

    func testF2AndEnterOpenTheEditorOverTheCellAndEnterCommits() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                let rowHeight = gtk_widget_get_allocated_height(try XCTUnwrap(shown.rowWidget(1)))
                shown.list.focus(IndexPath(item: 1, section: 0))
                shown.list.press("F2")
                // F2 without a cell cursor: the first editable column.
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 1, section: 0), name)
                XCTAssertEqual(shown.table.editedCell?.column, "name", name)
                let entry = try XCTUnwrap(shown.editor(inItem: 1), "\(name): an editor in row 1")
                XCTAssertTrue(isA(entry, gtk_entry_get_type()), name)
                XCTAssertEqual(Fixture.text(of: entry), "job 1", name)
                XCTAssertNotEqual(gtk_widget_has_focus(entry), 0, "\(name): the editor has the focus")
                let row = try XCTUnwrap(shown.rowWidget(1))
                let cell = try XCTUnwrap(shown.cell(ofItem: 1, column: 0))
                XCTAssertTrue(Fixture.place(of: entry, in: row) == Fixture.place(of: cell, in: row), "\(name): over the cell")
                XCTAssertEqual(gtk_widget_get_allocated_height(row), rowHeight, "\(name): the row's height is unchanged")
                // As high as the row, or as its frame needs, centred on it.
                var y: Int32 = 0, x: Int32 = 0
                gtk_widget_translate_coordinates(entry, row, 0, 0, &x, &y)
                let editorHeight = gtk_widget_get_allocated_height(entry)
                XCTAssertGreaterThanOrEqual(editorHeight, rowHeight, name)
                XCTAssertLessThanOrEqual(abs(2 * y + editorHeight - rowHeight), 1, "\(name): centred on the row")

                shown.replaceText(with: "renamed")
                shown.list.press("Return")
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, name)
                XCTAssertEqual(shown.itemsShowingAnEditor(), [], name)
                XCTAssertEqual(shown.job(1)?.name, "renamed", "\(name): committed to the storage")
                XCTAssertEqual(shown.shownText(ofItem: 1, column: 0), "renamed", "\(name): the cell shows it")

                // Enter on the cursor's cell: the cursor moves to the hours with Ctrl+Right (Left,
                // right to left).
                let forward = TestTextDirection.isRightToLeft ? "ctrl+Left" : "ctrl+Right"
                shown.list.press(forward, forward)
                XCTAssertEqual(shown.table.cursorColumn, "hours", name)
                shown.list.press("Return")
                let spin = try XCTUnwrap(shown.editor(inItem: 1), "\(name): a spin button in row 1")
                XCTAssertTrue(isA(spin, gtk_spin_button_get_type()), name)
                XCTAssertEqual(Fixture.text(of: spin), "1.50", name)
                shown.replaceText(with: "7.25")
                shown.list.press("Return")
                shown.list.settleFrame()
                XCTAssertEqual(shown.job(1)?.hours, 7.25, name)
                XCTAssertEqual(shown.shownText(ofItem: 1, column: 2), "7.25", name)
                XCTAssertEqual(shown.activations, 0, "\(name): Enter opened editors, it activated nothing")
            }
        }
    }

    func testAClickOnTheFocusedCursorCellAndADoubleClickOpenTheEditor() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                let cell = try XCTUnwrap(shown.cell(ofItem: 2, column: 0))
                shown.list.click(widget: cell)
                XCTAssertNil(shown.table.editedCell, "\(name): a first click focuses the row and puts the cursor on the cell")
                XCTAssertEqual(shown.table.cursorColumn, "name", name)
                shown.list.settle(milliseconds: 600)  // not a double click
                shown.list.click(widget: cell)
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 2, section: 0), name)
                XCTAssertEqual(shown.table.editedCell?.column, "name", name)
                XCTAssertNotNil(shown.editor(inItem: 2), name)
                shown.list.press("Escape")
                XCTAssertNil(shown.table.editedCell, name)

                // A double click on a non-editable cell opens nothing; on an editable one, the
                // editor, and it activates nothing.
                let note = try XCTUnwrap(shown.cell(ofItem: 4, column: 1))
                shown.list.click(widget: note, count: 2)
                XCTAssertNil(shown.table.editedCell, "\(name): the note is not editable")
                shown.list.settle(milliseconds: 600)
                let activations = shown.activations
                let priority = try XCTUnwrap(shown.cell(ofItem: 5, column: 3))
                shown.list.click(widget: priority, count: 2)
                shown.list.settle(milliseconds: 100)
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 5, section: 0), name)
                XCTAssertEqual(shown.table.editedCell?.column, "priority", name)
                XCTAssertEqual(shown.activations, activations, "\(name): the double click edited instead of activating")
                let combo = try XCTUnwrap(shown.editor(inItem: 5))
                XCTAssertTrue(isA(combo, gtk_combo_box_get_type()), name)
                XCTAssertEqual(Fixture.text(of: combo), "normal", name)
                // A choice made commits it.
                gtk_combo_box_set_active(gcast(combo), 2)
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, name)
                XCTAssertEqual(shown.job(5)?.priority, "high", name)
                XCTAssertEqual(shown.shownText(ofItem: 5, column: 3), "high", name)
            }
        }
    }

    func testARefusedCommitKeepsTheEditorWithItsMessageAndEscapeCancels() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 3, section: 0), column: "name"), name)
                shown.list.settleFrame()
                let entry = try XCTUnwrap(shown.editor(inItem: 3))
                shown.replaceText(with: "")
                shown.list.press("Return")
                XCTAssertEqual(shown.table.editedCell?.column, "name", "\(name): still editing")
                XCTAssertEqual(shown.editor(inItem: 3), entry, name)
                let description = atk_object_get_description(gtk_widget_get_accessible(entry)).map { String(cString: $0) }
                XCTAssertEqual(description, "A job needs a name", "\(name): screen readers hear the message")
                XCTAssertNotEqual(gtk_style_context_has_class(gtk_widget_get_style_context(entry), "error"), 0, name)
                XCTAssertEqual(shown.job(3)?.name, "job 3", name)
                shown.replaceText(with: "never")
                shown.list.press("Escape")
                XCTAssertNil(shown.table.editedCell, name)
                XCTAssertEqual(shown.itemsShowingAnEditor(), [], name)
                XCTAssertEqual(shown.job(3)?.name, "job 3", "\(name): Escape commits nothing")
                XCTAssertEqual(shown.shownText(ofItem: 3, column: 0), "job 3", name)
            }
        }
    }

    func testAPressElsewhereAndTheFocusLeavingCommit() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 2, section: 0), column: "name"), name)
                shown.list.settleFrame()
                shown.replaceText(with: "clicked away")
                shown.list.click(widget: try XCTUnwrap(shown.cell(ofItem: 6, column: 1)))
                XCTAssertNil(shown.table.editedCell, "\(name): a press elsewhere in the list commits")
                XCTAssertEqual(shown.job(2)?.name, "clicked away", name)
                XCTAssertEqual(shown.shownText(ofItem: 2, column: 0), "clicked away", name)

                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 3, section: 0), column: "name"), name)
                shown.list.settleFrame()
                shown.replaceText(with: "focus left")
                // Another widget of the window takes the focus.
                let button = try XCTUnwrap(TableFixture.headerButton("Note", of: shown.table))
                gtk_widget_set_can_focus(button, 1)
                gtk_widget_grab_focus(button)
                shown.list.settle(milliseconds: 100)
                XCTAssertNil(shown.table.editedCell, "\(name): the focus leaving commits")
                XCTAssertEqual(shown.job(3)?.name, "focus left", name)
            }
        }
    }

    func testTypingFindsARowByItsFirstDeclaredTextColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                shown.list.focus(IndexPath(item: 0, section: 0))
                shown.list.xdotool(["type", "--delay", "30", "job 7"])
                shown.list.settle(milliseconds: 100)
                XCTAssertEqual(shown.manager.focusedItemIndexPath, IndexPath(item: 7, section: 0), "\(name): found by its Job text")
                XCTAssertEqual(TypeAheadTests.shownQuery(), "job 7", name)
                shown.list.press("Escape")
            }
        }
    }

    func testCtrlFInAnEditorCommitsItThenOpensFind() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                /// Types `text` in the name cell of `item` and presses Ctrl+F there.
                @MainActor func pressCtrlF(editing item: Int, typing text: String) {
                    XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: item, section: 0), column: "name"), name)
                    shown.list.settleFrame()
                    shown.replaceText(with: text)
                    shown.list.press("ctrl+f")
                    shown.list.settle(milliseconds: 100)
                }
                pressCtrlF(editing: 2, typing: "found it")
                XCTAssertEqual(TypeAheadTests.shownQuery(), "", "\(name): the find field opens, empty")
                XCTAssertNil(shown.table.editedCell, "\(name): the edit is committed first")
                XCTAssertEqual(shown.job(2)?.name, "found it", name)
                shown.list.press("Escape")
                XCTAssertNil(TypeAheadTests.shownQuery(), name)

                // A refused commit keeps the editor, with its message, and the key.
                pressCtrlF(editing: 3, typing: "")
                XCTAssertNil(TypeAheadTests.shownQuery(), "\(name): no find over a refused edit")
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 3, section: 0), name)
                XCTAssertEqual(shown.job(3)?.name, "job 3", name)
                shown.list.press("Escape")
            }
        }
    }

    func testAReadersEditActionOpensTheEditorOfAnEditableCellOnly() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                let table = OpaquePointer(try XCTUnwrap(gtk_widget_get_accessible(shown.manager.widget)))
                @MainActor func actions(_ row: Int32, _ column: Int32) throws -> [String] {
                    let cell = try XCTUnwrap(atk_table_ref_at(table, row, column), "\(name): cell \(row), \(column)")
                    defer { g_object_unref(gpointer(cell)) }
                    let action = OpaquePointer(cell)
                    return (0..<atk_action_get_n_actions(action)).map { String(cString: atk_action_get_name(action, $0)) }
                }
                XCTAssertTrue(try actions(4, 0).contains("edit"), "\(name): the name is editable")
                XCTAssertFalse(try actions(4, 1).contains("edit"), "\(name): the note is not")
                let cell = try XCTUnwrap(atk_table_ref_at(table, 4, 2))
                defer { g_object_unref(gpointer(cell)) }
                let action = OpaquePointer(cell)
                let index = try XCTUnwrap(
                    (0..<atk_action_get_n_actions(action)).first { String(cString: atk_action_get_name(action, $0)) == "edit" })
                XCTAssertEqual(atk_action_do_action(action, index), 1, name)
                shown.list.settleFrame()
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 4, section: 0), name)
                XCTAssertEqual(shown.table.editedCell?.column, "hours", name)
                let spin = try XCTUnwrap(shown.editor(inItem: 4))
                XCTAssertNotEqual(gtk_widget_has_focus(spin), 0, "\(name): the editor has the focus")
            }
        }
    }
}
