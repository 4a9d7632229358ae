import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// A table keeps the editors it made and moves them from cell to cell (both hosts): the widget
/// an editor was is used again, and nothing of the cell it edited before shows in the next (its
/// text, what was typed, a refused commit's message, a spin button's range, step and digits, a
/// combo box's choices). Tab hands the focus straight from one editor to the next, and between
/// two cells of one kind from one widget to another (a screen reader hears a new editor).
final class TableCellEditorReuseTests: XCTestCase {
    struct Item: Hashable {
        var name: String
        var tag: String
        var a: Double
        var b: Double
        var size: String
        var color: String
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "A name is needed" }
    }

    @MainActor
    final class Shown {
        let manager: ListManager
        let table: ListTable
        let list: ShownList

        init(on host: any ListHost) {
            manager = ListManager(host: host)
            table = manager.makeTable(of: Item.self) {
                ModelColumn("Name", id: "name", text: \.name).width(.fixed(100))
                ModelColumn("Tag", id: "tag", text: \.tag).width(.fixed(100))
                ModelColumn("A", id: "a", cell: NumberCell.self) { cell, item, _ in
                    cell.range = 0...10
                    cell.step = 1
                    cell.digits = 0
                    cell.value = item.a
                }
                .width(.fixed(140))
                ModelColumn("B", id: "b", cell: NumberCell.self) { cell, item, _ in
                    cell.range = 100...200
                    cell.step = 0.5
                    cell.digits = 1
                    cell.value = item.b
                }
                .width(.fixed(140))
                ModelColumn("Size", id: "size", choice: \.size, from: ["S", "M", "L"]).width(.fixed(100))
                ModelColumn("Color", id: "color", choice: \.color, from: ["red", "green"]).width(.fixed(100))
            }
            manager.memoryStorage?.setItems(
                (0..<8).map {
                    Item(
                        name: "name \($0)", tag: "tag \($0)", a: Double($0), b: 150.5 + Double($0), size: "M",
                        color: $0 % 2 == 0 ? "red" : "green")
                })
            let storage = manager.memoryStorage!
            for column in ["name", "tag", "size", "color"] {
                table.commitTextEdit(Item.self, column: column) { text, item, indexPath in
                    guard !text.isEmpty else { throw Refused() }
                    var changed = item
                    switch column {
                    case "name": changed.name = text
                    case "tag": changed.tag = text
                    case "size": changed.size = text
                    default: changed.color = text
                    }
                    try storage.replaceItem(at: indexPath, with: changed)
                }
            }
            for column in ["a", "b"] {
                table.commitNumberEdit(Item.self, column: column) { number, item, indexPath in
                    var changed = item
                    if column == "a" { changed.a = number } else { changed.b = number }
                    try storage.replaceItem(at: indexPath, with: changed)
                }
            }
            list = ShownList(manager, width: 700, height: 300)
            list.settleFrame()
        }

        /// The editor GTK shows in the row at `item`.
        func editor(inItem item: Int) -> UnsafeMutablePointer<GtkWidget>? {
            guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
            return containerChildren(row.widget).first { child in
                gtk_widget_get_mapped(child) != 0 && (isA(child, gtk_entry_get_type()) || isA(child, gtk_combo_box_get_type()))
            }
        }

        /// The rows that show an editor.
        func itemsShowingAnEditor() -> [Int] {
            (0..<manager.shownItemCount).filter { editor(inItem: $0) != nil }
        }

        func begin(_ item: Int, _ column: String) throws -> UnsafeMutablePointer<GtkWidget> {
            XCTAssertTrue(table.beginEditing(at: IndexPath(item: item, section: 0), column: column))
            list.settleFrame()
            return try XCTUnwrap(editor(inItem: item), "an editor in row \(item)")
        }
    }

    /// What screen readers hear as the widget's description.
    @MainActor
    static func description(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        atk_object_get_description(gtk_widget_get_accessible(widget)).map { String(cString: $0) } ?? ""
    }

    @MainActor
    static func hasErrorStyle(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), "error") != 0
    }

    /// The texts of the popovers GTK shows pointing at `widget`.
    @MainActor
    static func shownPopoverTexts(of widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        guard let toplevel = gtk_widget_get_toplevel(widget) else { return [] }
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        withUnsafeMutablePointer(to: &found) { found in
            gtk_container_forall(
                gcast(toplevel),
                { child, data in
                    data?.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child!)
                }, found)
        }
        return found.filter {
            isA($0, gtk_popover_get_type()) && gtk_popover_get_relative_to(gcast($0)) == widget && gtk_widget_get_visible($0) != 0
        }
        .compactMap { popover in
            gtk_bin_get_child(gcast(popover)).map { String(cString: gtk_label_get_text(gcast($0))) }
        }
    }

    func testAnEntryMovesOnWithoutTheTextOrMessageOfTheCellBefore() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Shown(on: make())
                defer { shown.list.close() }
                let entry = try shown.begin(1, "name")
                shown.list.press("ctrl+a")
                shown.list.press("BackSpace")
                shown.list.press("Return")
                XCTAssertEqual(shown.table.editedCell?.column, "name", "\(name): refused")
                XCTAssertEqual(Self.description(of: entry), "A name is needed", name)
                XCTAssertTrue(Self.hasErrorStyle(entry), name)
                XCTAssertEqual(Self.shownPopoverTexts(of: entry), ["A name is needed"], name)
                shown.list.press("Escape")
                XCTAssertNil(shown.table.editedCell, name)

                let next = try shown.begin(3, "tag")
                XCTAssertEqual(next, entry, "\(name): the entry is used again")
                XCTAssertEqual(String(cString: gtk_entry_get_text(gcast(next))), "tag 3", name)
                var start: Int32 = 0, end: Int32 = 0
                XCTAssertNotEqual(gtk_editable_get_selection_bounds(OpaquePointer(next), &start, &end), 0, name)
                XCTAssertEqual([start, end], [0, 5], "\(name): its text selected")
                XCTAssertNotEqual(gtk_widget_has_focus(next), 0, name)
                XCTAssertEqual(Self.description(of: next), "", "\(name): no message from the cell before")
                XCTAssertFalse(Self.hasErrorStyle(next), name)
                XCTAssertEqual(Self.shownPopoverTexts(of: next), [], name)
                XCTAssertEqual(shown.itemsShowingAnEditor(), [3], name)
                shown.list.xdotool(["type", "--delay", "20", "new"])
                shown.list.press("Return")
                XCTAssertNil(shown.table.editedCell, name)
                let items = try XCTUnwrap(shown.manager.memoryStorage)
                XCTAssertEqual(items.item(at: IndexPath(item: 3, section: 0), as: Item.self)?.tag, "new", name)
                XCTAssertEqual(items.item(at: IndexPath(item: 1, section: 0), as: Item.self)?.name, "name 1", name)
            }
        }
    }

    func testASpinButtonAndAComboBoxMoveOnWithTheNextCellsRangeAndChoices() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Shown(on: make())
                defer { shown.list.close() }
                let spin = try shown.begin(0, "a")
                shown.list.press("ctrl+a")
                shown.list.xdotool(["type", "--delay", "20", "7"])
                shown.list.press("Escape")
                let next = try shown.begin(2, "b")
                XCTAssertEqual(next, spin, "\(name): the spin button is used again")
                XCTAssertEqual(String(cString: gtk_entry_get_text(gcast(next))), "152.5", "\(name): nothing typed before stays")
                XCTAssertEqual(gtk_spin_button_get_digits(gcast(next)), 1, name)
                var low = 0.0, high = 0.0, step = 0.0, page = 0.0
                gtk_spin_button_get_range(gcast(next), &low, &high)
                gtk_spin_button_get_increments(gcast(next), &step, &page)
                XCTAssertEqual([low, high, step], [100, 200, 0.5], name)
                shown.list.press("Up")
                shown.list.press("Return")
                let items = try XCTUnwrap(shown.manager.memoryStorage)
                XCTAssertEqual(items.item(at: IndexPath(item: 2, section: 0), as: Item.self)?.b, 153, "\(name): stepped by 0.5")
                XCTAssertEqual(items.item(at: IndexPath(item: 0, section: 0), as: Item.self)?.a, 0, name)

                _ = try shown.begin(0, "b")
                shown.list.press("Tab")  // a choice list reached by Tab stays closed
                XCTAssertEqual(shown.table.editedCell?.column, "size", name)
                let combo = try XCTUnwrap(shown.editor(inItem: 0))
                shown.list.press("Escape")
                XCTAssertNil(shown.table.editedCell, name)
                let reused = try shown.begin(1, "color")
                XCTAssertEqual(reused, combo, "\(name): the combo box is used again")
                let model = try XCTUnwrap(gtk_combo_box_get_model(gcast(reused)))
                XCTAssertEqual(gtk_tree_model_iter_n_children(model, nil), 2, "\(name): the colours, not the sizes")
                let active = gtk_combo_box_text_get_active_text(gcast(reused))
                defer { g_free(active) }
                XCTAssertEqual(active.map { String(cString: $0) }, "green", name)
                XCTAssertNotNil(shown.table.editedCell, "\(name): setting the choices committed nothing")
                XCTAssertEqual(items.item(at: IndexPath(item: 1, section: 0), as: Item.self)?.color, "green", name)
                shown.list.press("Escape")
                shown.list.press("Escape")
            }
        }
    }

    func testTabHandsTheFocusStraightToTheNextEditorAndBetweenCellsOfAKindToAnotherWidget() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = Shown(on: make())
                defer { shown.list.close() }
                let first = try shown.begin(4, "name")
                let bound = try XCTUnwrap(shown.manager.boundRow(at: IndexPath(item: 4, section: 0)))
                let row = bound.hostWidget ?? bound.widget
                var rowFocused = 0
                Signal.connectEvent(row, "focus-in-event", argument: UnsafeMutablePointer<GdkEventFocus>.self) { _, _ in
                    rowFocused += 1
                    return false
                }
                var seen: [UnsafeMutablePointer<GtkWidget>] = [first]
                for column in ["tag", "a", "b", "size", "color"] {
                    shown.list.press("Tab")
                    XCTAssertEqual(shown.table.editedCell?.column, column, name)
                    XCTAssertEqual(shown.itemsShowingAnEditor(), [4], "\(name), \(column): one editor")
                    let editor = try XCTUnwrap(shown.editor(inItem: 4))
                    XCTAssertNotEqual(editor, seen.last, "\(name), \(column): another widget than the cell before's")
                    // A combo box without an entry gives the focus to its button.
                    let focus = gtk_window_get_focus(gcast(gtk_widget_get_toplevel(editor)))
                    XCTAssertTrue(
                        focus == editor || focus.map { gtk_widget_is_ancestor($0, editor) != 0 } == true,
                        "\(name), \(column): the editor has the focus")
                    seen.append(editor)
                }
                XCTAssertEqual(rowFocused, 0, "\(name): the row never took the focus in between")
                @MainActor func editorsIn(_ row: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
                    containerChildren(row).filter { isA($0, gtk_entry_get_type()) || isA($0, gtk_combo_box_get_type()) }
                }
                XCTAssertEqual(editorsIn(bound.widget).count, 1, "\(name): the editors Tab left went out of the row")
                shown.list.press("Tab")
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 5, section: 0), name)
                XCTAssertEqual(shown.editor(inItem: 5), first, "\(name): the first entry edits the next row's name")
                XCTAssertEqual(shown.editor(inItem: 5).map { String(cString: gtk_entry_get_text(gcast($0))) }, "name 5", name)
                XCTAssertEqual(shown.itemsShowingAnEditor(), [5], name)
                XCTAssertEqual(editorsIn(bound.widget), [], "\(name): none stays in the row left")
                shown.list.press("Escape")
                let fifth = try XCTUnwrap(shown.manager.boundRow(at: IndexPath(item: 5, section: 0)))
                XCTAssertEqual(editorsIn(fifth.widget), [], "\(name): none stays once the editing ends")
            }
        }
    }
}
