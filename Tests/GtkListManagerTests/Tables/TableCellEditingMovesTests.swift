import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// A table cell's editor moving, on both table hosts: Tab and Shift+Tab commit and go to the
/// next and previous editable cells (skipping the others, across rows, scrolled into view), and
/// the editor follows its item through insertions, moves and scrolling, ending when the item
/// is deleted or its column hidden.
final class TableCellEditingMovesTests: XCTestCase {
    typealias Fixture = TableCellEditingFixture

    func testTabAndShiftTabCommitAndMoveAcrossEditableCellsAndRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                // Narrower than the columns: the priority is off screen at first.
                let shown = Fixture(on: make(), width: 360)
                defer { shown.close() }
                shown.table.canEditCell(Fixture.Job.self, column: "hours") { _, indexPath in indexPath.item != 1 }
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 0, section: 0), column: "name"), name)
                shown.list.settleFrame()
                shown.replaceText(with: "first")
                @MainActor func assertEditing(_ item: Int, _ column: String, _ context: String) {
                    let where_ = "\(name), \(context)"
                    XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: item, section: 0), where_)
                    XCTAssertEqual(shown.table.editedCell?.column, column, where_)
                    XCTAssertEqual(shown.itemsShowingAnEditor(), [item], where_)
                    guard let editor = shown.editor(inItem: item) else { return XCTFail("\(where_): no editor") }
                    let style = gtk_widget_get_style_context(editor)
                    XCTAssertNotEqual(gtk_style_context_has_class(style, ListTheme.StyleClass.tableCellEditor), 0, where_)
                    // In view sideways: the editor lies within the viewport.
                    let viewport = gtk_bin_get_child(gcast(shown.table.scrolledWindow))!
                    var x: Int32 = 0, y: Int32 = 0
                    gtk_widget_translate_coordinates(editor, viewport, 0, 0, &x, &y)
                    XCTAssertGreaterThanOrEqual(x, 0, "\(where_): in view")
                    XCTAssertLessThanOrEqual(
                        x + gtk_widget_get_allocated_width(editor), gtk_widget_get_allocated_width(viewport), "\(where_): in view")
                }
                shown.list.press("Tab")
                XCTAssertEqual(shown.job(0)?.name, "first", "\(name): Tab committed")
                XCTAssertEqual(shown.shownText(ofItem: 0, column: 0), "first", name)
                assertEditing(0, "hours", "Tab passes over the note")
                shown.list.press("Tab")
                assertEditing(0, "priority", "Tab to the last column, scrolled into view")
                shown.list.press("Tab")
                assertEditing(1, "name", "Tab on to the next row")
                shown.list.press("Tab")
                assertEditing(1, "priority", "the hours of row 1 may not be edited")
                shown.list.press("shift+Tab")
                assertEditing(1, "name", "Shift+Tab back")
                shown.list.press("shift+Tab")
                assertEditing(0, "priority", "Shift+Tab on to the row before")
                shown.list.press("Escape")
                XCTAssertNil(shown.table.editedCell, name)
            }
        }
    }

    func testTheEditorFollowsItsItemAndEndsWhenItIsDeletedOrItsColumnHidden() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(rows: 300, on: make())
                defer { shown.close() }
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 3, section: 0), column: "name"), name)
                shown.list.settleFrame()
                shown.replaceText(with: "draft")
                @MainActor func assertEditing(_ item: Int, _ context: String) {
                    let where_ = "\(name), \(context)"
                    XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: item, section: 0), where_)
                    XCTAssertEqual(shown.itemsShowingAnEditor(), [item], where_)
                    XCTAssertEqual(shown.editor(inItem: item).map(Fixture.text(of:)), "draft", "\(where_): what was typed")
                    if let editor = shown.editor(inItem: item), let row = shown.rowWidget(item),
                        let cell = shown.cell(ofItem: item, column: 0)
                    {
                        XCTAssertTrue(Fixture.place(of: editor, in: row) == Fixture.place(of: cell, in: row), "\(where_): over the cell")
                    }
                }
                try shown.storage.insertItems(
                    [
                        Fixture.Job(name: "new 0", note: "", hours: 0, priority: "low"),
                        Fixture.Job(name: "new 1", note: "", hours: 0, priority: "low"),
                    ],
                    at: IndexPath(item: 0, section: 0))
                shown.list.settleFrame()
                assertEditing(5, "two rows inserted above")
                shown.storage.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 1, section: 0))
                shown.list.settleFrame()
                assertEditing(1, "its item moved")
                shown.storage.removeItems(at: [IndexPath(item: 0, section: 0)])
                shown.list.settleFrame()
                assertEditing(0, "a row above deleted")
                shown.table.setHidden(true, ofColumn: "note")
                shown.list.settleFrame()
                assertEditing(0, "another column hidden")

                // Scrolled away and back.
                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: 290, section: 0), alignment: .bottom), name)
                shown.list.settleFrame()
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 0, section: 0), "\(name): scrolled away")
                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: 0, section: 0), alignment: .top), name)
                shown.list.settleFrame()
                assertEditing(0, "scrolled back")

                shown.table.setHidden(true, ofColumn: "name")
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, "\(name): its column hidden")
                XCTAssertEqual(shown.itemsShowingAnEditor(), [], name)
                XCTAssertEqual(shown.job(0)?.name, "job 3", "\(name): nothing committed")

                shown.table.setHidden(false, ofColumn: "name")
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 2, section: 0), column: "hours"), name)
                shown.list.settleFrame()
                shown.storage.removeItems(at: [IndexPath(item: 2, section: 0)])
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, "\(name): its item deleted")
                XCTAssertEqual(shown.itemsShowingAnEditor(), [], name)
            }
        }
    }

    func testATableMadeInPlaceOfTheEditedOneEndsTheEditing() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Fixture(on: make())
                defer { shown.close() }
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 1, section: 0), column: "name"), name)
                shown.list.settleFrame()
                let editor = try XCTUnwrap(shown.editor(inItem: 1), name)
                XCTAssertNotNil(gtk_widget_get_parent(editor), name)
                _ = shown.manager.makeTable(columns: TableFixture.columns(2))
                XCTAssertNil(shown.table.editedCell, "\(name): the replaced table edits nothing")
                XCTAssertNil(gtk_widget_get_parent(editor), "\(name): its editor left the row")
            }
        }
    }

    func testAFrozenCellsEditorStaysOverItWhileTheOthersScrollSideways() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            // The virtualized host alone pins frozen columns (the list box says it cannot).
            let shown = Fixture(on: VirtualListHost(), width: 360)
            defer { shown.close() }
            shown.table.frozenColumnCount = 1
            shown.list.settleFrame()
            TableFixture.scrollSideways(shown.list, to: 120)
            XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 2, section: 0), column: "name"))
            shown.list.settleFrame()
            let viewport = gtk_bin_get_child(gcast(shown.table.scrolledWindow))!
            @MainActor func assertOverTheFrozenCell(_ context: String) throws {
                let row = try XCTUnwrap(shown.rowWidget(2), context)
                let editor = try XCTUnwrap(shown.editor(inItem: 2), "\(context): an editor in row 2")
                let cell = try XCTUnwrap(shown.cell(ofItem: 2, column: 0), context)
                XCTAssertTrue(Fixture.place(of: editor, in: row) == Fixture.place(of: cell, in: row), "\(context): over the cell")
                // Read on the viewport: both at its leading edge, where the frozen column stays.
                let leading = { (widget: UnsafeMutablePointer<GtkWidget>) -> Int32 in
                    var x: Int32 = 0, y: Int32 = 0
                    gtk_widget_translate_coordinates(widget, viewport, 0, 0, &x, &y)
                    let width = gtk_widget_get_allocated_width(widget)
                    return TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(viewport) - x - width : x
                }
                XCTAssertEqual(leading(cell), 0, "\(context): the frozen cell at the leading edge")
                XCTAssertEqual(leading(editor), 0, "\(context): the editor with it")
            }
            try assertOverTheFrozenCell("opened scrolled sideways")
            TableFixture.scrollSideways(shown.list, to: 180)
            try assertOverTheFrozenCell("scrolled further with the editor open")
            // Unfrozen with the editor open: it scrolls away with its column (140 pixels wide,
            // scrolled 180: no cell of it is bound).
            shown.table.frozenColumnCount = 0
            shown.list.settleFrame()
            let editor = try XCTUnwrap(shown.editor(inItem: 2), "unfrozen: the editor stays")
            XCTAssertNil(shown.cell(ofItem: 2, column: 0), "unfrozen: the column scrolled out of view")
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(editor, viewport, 0, 0, &x, &y)
            let editorLeading =
                TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(viewport) - x - gtk_widget_get_allocated_width(editor) : x
            XCTAssertEqual(editorLeading, -180, "unfrozen: scrolled away with its cell")
            shown.table.frozenColumnCount = 1
            shown.list.settleFrame()
            try assertOverTheFrozenCell("frozen again")
            TableFixture.scrollSideways(shown.list, to: 0)
            try assertOverTheFrozenCell("scrolled back")
            shown.replaceText(with: "pinned")
            shown.list.press("Return")
            shown.list.settleFrame()
            XCTAssertEqual(shown.job(2)?.name, "pinned")
        }
    }
}
