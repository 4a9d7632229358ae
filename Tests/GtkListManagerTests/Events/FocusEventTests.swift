import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Focus and keyboard events, driven by real key presses under Xvfb.
final class FocusEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    private static let names = ["a", "b", "c", "d", "e"]

    private static func entry(_ model: Any, _ indexPath: IndexPath) -> String {
        "\(model)@\(indexPath.section).\(indexPath.item)"
    }

    /// The item whose row has the keyboard focus.
    @MainActor private static func focusedItem(_ list: ShownList) -> Int? {
        (0..<list.manager.rowCount).first { gtk_widget_has_focus(gcast(list.listRow(at: IndexPath(item: $0, section: 0)))) != 0 }
    }

    func testCanFocusFalseKeepsTheFocusOffTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.canFocusFalseKeepsTheFocusOff()
        }
    }

    @MainActor private static func canFocusFalseKeepsTheFocusOff() throws {
        let manager = ListManager()
        var asked: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.canFocus { row, model, indexPath in
                XCTAssertEqual(row.text, model)
                asked.append(entry(model, indexPath))
                return model != "b"
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(asked, ["a@0.0", "b@0.1", "c@0.2"])
        let b = IndexPath(item: 1, section: 0)
        XCTAssertEqual(gtk_widget_get_can_focus(gcast(list.listRow(at: b))), 0)

        list.focus(b)
        XCTAssertNotEqual(focusedItem(list), 1, "GTK does not give the focus to the row")
        list.focus(IndexPath(item: 0, section: 0))
        list.press("Down")
        XCTAssertNotEqual(focusedItem(list), 1, "keyboard navigation does not land on it either")

        try manager.memoryStorage?.replaceItem(at: b, with: "bb")
        XCTAssertEqual(asked.last, "bb@0.1", "a row refreshed in place is asked again")
        list.focus(b)
        XCTAssertEqual(focusedItem(list), 1)
    }

    func testManagerLevelCanFocusAppliesToRowsAlreadyShown() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.managerLevelCanFocus()
        }
    }

    @MainActor private static func managerLevelCanFocus() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }
        manager.canFocus(NameRow.self) { _, model, _ in model == "b" }
        let canFocus = (0..<3).map { gtk_widget_get_can_focus(gcast(list.listRow(at: IndexPath(item: $0, section: 0)))) != 0 }
        XCTAssertEqual(canFocus, [false, true, false])
    }

    func testDidFocusReportsFocusMovingBetweenRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.didFocusReportsFocusMoving()
        }
    }

    @MainActor private static func didFocusReportsFocusMoving() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        var focused: [String] = []
        manager.didFocus(NameRow.self) { row, model, indexPath in
            XCTAssertEqual(row.text, model)
            focused.append(entry(model, indexPath))
        }
        manager.memoryStorage?.setItems(names)
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(focused, ["a@0.0"], "the window gives its initial focus to the first row")

        list.focus(IndexPath(item: 0, section: 0))
        XCTAssertEqual(focused, ["a@0.0"], "focusing the focused row again is no change")
        list.press("Down")
        list.press("Down")
        XCTAssertEqual(focused, ["a@0.0", "b@0.1", "c@0.2"])
        list.press("End")
        XCTAssertEqual(focused.last, "e@0.4")
    }

    /// A row with two buttons: the focus can move inside it.
    final class TwoButtonRow: RowView, ModelTransfer {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        let first = gtk_button_new_with_label("1")!
        let second = gtk_button_new_with_label("2")!
        init() {
            gtk_container_add(gcast(widget), first)
            gtk_container_add(gcast(widget), second)
        }
        func update(with model: Int) {}
    }

    func testFocusMovingInsideARowIsNotAnotherDidFocus() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.focusMovingInsideARow()
        }
    }

    @MainActor private static func focusMovingInsideARow() throws {
        let manager = ListManager()
        var focused: [String] = []
        manager.register(TwoButtonRow.self) { mapping in
            mapping.didFocus { _, model, indexPath in focused.append(entry(model, indexPath)) }
        }
        manager.memoryStorage?.setItems([10, 20])
        let list = ShownList(manager)
        defer { list.close() }
        focused = []
        let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0))?.view as? TwoButtonRow)
        gtk_widget_grab_focus(row.first)
        list.settle()
        XCTAssertEqual(focused, ["20@0.1"])
        gtk_widget_grab_focus(row.second)
        list.settle()
        XCTAssertEqual(focused, ["20@0.1"], "the focus stayed in the same row")
        list.focus(IndexPath(item: 0, section: 0))
        XCTAssertEqual(focused, ["20@0.1", "10@0.0"])
    }

    func testPreferredFocusedIndexPathIsWhereTheFocusEntersTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.preferredFocusedIndexPath()
        }
    }

    @MainActor private static func preferredFocusedIndexPath() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        var preferred: IndexPath? = IndexPath(item: 3, section: 0)
        manager.preferredFocusedIndexPath { preferred }
        manager.memoryStorage?.setItems(names)
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(focusedItem(list), 3, "the window's initial focus goes to the preferred row")

        list.press("Down")
        XCTAssertEqual(focusedItem(list), 4, "the preferred row became GTK's cursor row")

        // Tab moves row by row; from the last row it leaves the list (its only focus area), the
        // window wraps around, and the focus enters the list again.
        list.press("Tab")
        list.wait(until: { focusedItem(list) != nil })
        XCTAssertEqual(focusedItem(list), 3)

        preferred = IndexPath(item: 42, section: 0)
        list.press("End")
        list.press("Tab")
        list.wait(until: { focusedItem(list) != nil })
        XCTAssertEqual(focusedItem(list), 4, "an index path without a row leaves the choice to GTK: the selected row")
    }

    func testKeyPressReachesTheFocusedRowAndTrueStopsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.keyPressReachesTheFocusedRow()
        }
    }

    @MainActor private static func keyPressReachesTheFocusedRow() throws {
        let manager = ListManager()
        var keys: [(KeyPress, String)] = []
        manager.register(NameRow.self) { mapping in
            mapping.keyPress { key, row, model, indexPath in
                XCTAssertEqual(row.text, model)
                keys.append((key, entry(model, indexPath)))
                return key.keyval == UInt32(GDK_KEY_Down) && model == "b"
            }
        }
        manager.memoryStorage?.setItems(names)
        let list = ShownList(manager)
        defer { list.close() }
        list.focus(IndexPath(item: 1, section: 0))

        list.press("Down")
        XCTAssertEqual(keys.map(\.1), ["b@0.1"])
        XCTAssertEqual(focusedItem(list), 1, "true stopped the key: GTK did not move the focus")

        list.press("x")
        XCTAssertEqual(keys.last?.0, KeyPress(keyval: UInt32(GDK_KEY_x), character: "x"))
        list.press("ctrl+Delete")
        XCTAssertEqual(keys.last?.0, KeyPress(keyval: UInt32(GDK_KEY_Delete), modifiers: .control))

        list.press("Up")
        XCTAssertEqual(keys.last?.1, "b@0.1")
        XCTAssertEqual(focusedItem(list), 0, "false let GTK handle the key")
        list.press("Down")
        XCTAssertEqual(keys.last?.1, "a@0.0", "the key goes to the row that has the focus now")
        XCTAssertEqual(focusedItem(list), 1)
    }
}
