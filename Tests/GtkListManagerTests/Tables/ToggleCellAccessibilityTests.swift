import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// What a screen reader reads of a toggle cell, asked in process (ATK; the out-of-process
/// AT-SPI spec is Tests/Accessibility/test_table_cells.py): a check box or radio button,
/// checkable, checked or indeterminate, sensitive when it may be toggled, in a table cell that
/// says the same and offers "toggle" before its row's actions; cells without a widget too. A
/// reader's toggle goes through `didToggle`, and the new value is told once.
final class ToggleCellAccessibilityTests: XCTestCase {
    @MainActor private static func states(of object: UnsafeMutablePointer<AtkObject>) -> Set<String> {
        let set = atk_object_ref_state_set(object)
        defer { g_object_unref(gpointer(set)) }
        let named: [(AtkStateType, String)] = [
            (ATK_STATE_CHECKABLE, "checkable"), (ATK_STATE_CHECKED, "checked"), (ATK_STATE_INDETERMINATE, "indeterminate"),
            (ATK_STATE_SENSITIVE, "sensitive"), (ATK_STATE_ENABLED, "enabled"),
        ]
        return Set(named.filter { atk_state_set_contains_state(set, $0.0) != 0 }.map(\.1))
    }

    @MainActor private static func actions(of object: UnsafeMutablePointer<AtkObject>) -> [String] {
        let action = OpaquePointer(object)
        return (0..<atk_action_get_n_actions(action)).map { String(cString: atk_action_get_name(action, $0)) }
    }

    /// The `checked` changes objects tell, in order.
    @MainActor private final class CheckedChanges {
        var told: [String] = []

        /// Records the changes `object` tells, as `who`.
        func listen(to object: UnsafeMutablePointer<AtkObject>, as who: String) {
            let handler: @convention(c) (gpointer?, UnsafePointer<gchar>?, gboolean, gpointer?) -> Void = { _, _, on, data in
                let (changes, who) = CallbackBox<(CheckedChanges, String)>.payload(of: data)
                MainActor.assumeIsolated { changes.told.append("\(who) \(on != 0)") }
            }
            g_signal_connect_data(
                gpointer(object), "state-change::checked", unsafeBitCast(handler, to: GCallback.self),
                CallbackBox((self, who)).retainedPointer(), CallbackBoxRelease.closureNotify, GConnectFlags(0))
        }
    }

    /// The ATK child of `cell` (a table cell).
    @MainActor private static func content(of cell: UnsafeMutablePointer<AtkObject>) throws -> UnsafeMutablePointer<AtkObject> {
        XCTAssertEqual(atk_object_get_n_accessible_children(cell), 1)
        let child = try XCTUnwrap(atk_object_ref_accessible_child(cell, 0))
        g_object_unref(gpointer(child))  // the cell keeps it
        return child
    }

    func testToggleCellsReadAsCheckBoxesInCellsThatSayTheirValue() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.inconsistent = [3]
                values.locked = [5]
                let (manager, _, list) = ToggleFixture.show(rows: 1000, on: make(), values: values)
                defer { list.close() }
                let table = OpaquePointer(try XCTUnwrap(gtk_widget_get_accessible(manager.widget)))
                // Bound rows at the top, an unbound one far down on the virtualized host.
                let cases: [(row: Int, column: Int32, role: AtkRole, states: Set<String>)] = [
                    (0, 1, ATK_ROLE_CHECK_BOX, ["checkable", "checked", "sensitive", "enabled"]),
                    (1, 1, ATK_ROLE_CHECK_BOX, ["checkable", "sensitive", "enabled"]),
                    (3, 1, ATK_ROLE_CHECK_BOX, ["checkable", "indeterminate", "sensitive", "enabled"]),
                    (5, 1, ATK_ROLE_CHECK_BOX, ["checkable"]),
                    (1, 2, ATK_ROLE_RADIO_BUTTON, ["checkable", "checked", "sensitive", "enabled"]),
                    (900, 1, ATK_ROLE_CHECK_BOX, ["checkable", "sensitive", "enabled"]),
                    (902, 2, ATK_ROLE_RADIO_BUTTON, ["checkable", "sensitive", "enabled"]),
                ]
                for expected in cases {
                    let context = "\(name), row \(expected.row), column \(expected.column)"
                    let cell = try XCTUnwrap(atk_table_ref_at(table, Int32(expected.row), expected.column), context)
                    defer { g_object_unref(gpointer(cell)) }
                    XCTAssertEqual(atk_object_get_role(cell), ATK_ROLE_TABLE_CELL, context)
                    let value = expected.states.intersection(["checkable", "checked", "indeterminate"])
                    XCTAssertEqual(Self.states(of: cell).intersection(["checkable", "checked", "indeterminate"]), value, context)
                    XCTAssertEqual(Self.actions(of: cell).first, "toggle", context)
                    let box = try Self.content(of: cell)
                    XCTAssertEqual(atk_object_get_role(box), expected.role, context)
                    XCTAssertEqual(Self.states(of: box), expected.states, context)
                    XCTAssertEqual(Self.actions(of: box), ["toggle"], context)
                }
            }
        }
    }

    func testAReadersToggleGoesThroughDidToggleAndTheNewValueIsToldOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                let (manager, _, list) = ToggleFixture.show(rows: 1000, on: make(), values: values)
                defer { list.close() }
                let table = OpaquePointer(try XCTUnwrap(gtk_widget_get_accessible(manager.widget)))
                for (row, column, through) in [(1, Int32(1), "cell"), (3, 1, "check box"), (901, 1, "cell"), (904, 2, "check box")] {
                    let context = "\(name), row \(row), column \(column), through its \(through)"
                    let cell = try XCTUnwrap(atk_table_ref_at(table, Int32(row), column), context)
                    defer { g_object_unref(gpointer(cell)) }
                    let box = try Self.content(of: cell)
                    let changes = CheckedChanges()
                    changes.listen(to: cell, as: "cell")
                    changes.listen(to: box, as: "check box")
                    let target = through == "cell" ? cell : box
                    XCTAssertEqual(atk_action_do_action(OpaquePointer(target), 0), 1, context)
                    list.settleFrame()
                    XCTAssertEqual(values.toggled.last, "\(row) \(row) c\(column) true", context)
                    XCTAssertTrue(Self.states(of: cell).contains("checked"), "\(context): the cell says its new value")
                    XCTAssertEqual(changes.told, ["cell true"], "\(context): one change, told by the cell")
                }
                XCTAssertEqual(values.toggled.count, 4, name)
            }
        }
    }
}
