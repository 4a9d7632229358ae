import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// What a screen reader reads of icon, progress and spinner cells, asked in process (ATK; the
/// out-of-process AT-SPI spec is Tests/Accessibility/test_table_cells.py): table cells named as
/// their content, holding an icon, a progress bar whose value is its percentage, or GtkSpinner's
/// animation, busy while it spins; cells without a widget too. A new value or a spinner that
/// stops is told once, by the content of a cell on screen.
final class CellContentAccessibilityTests: XCTestCase {
    /// The ATK child of `cell` (a table cell).
    @MainActor private static func content(of cell: UnsafeMutablePointer<AtkObject>) throws -> UnsafeMutablePointer<AtkObject> {
        XCTAssertEqual(atk_object_get_n_accessible_children(cell), 1)
        let child = try XCTUnwrap(atk_object_ref_accessible_child(cell, 0))
        g_object_unref(gpointer(child))  // the cell keeps it
        return child
    }

    @MainActor private static func name(of object: UnsafeMutablePointer<AtkObject>) -> String? {
        atk_object_get_name(object).map { String(cString: $0) }
    }

    @MainActor private static func isBusy(_ object: UnsafeMutablePointer<AtkObject>) -> Bool {
        let set = atk_object_ref_state_set(object)
        defer { g_object_unref(gpointer(set)) }
        return atk_state_set_contains_state(set, ATK_STATE_BUSY) != 0
    }

    /// The current value of `object`'s AtkValue and its range.
    @MainActor private static func value(of object: UnsafeMutablePointer<AtkObject>) -> (Double, Double, Double)? {
        guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(object)), atk_value_get_type()) != 0 else { return nil }
        var current = 0.0
        atk_value_get_value_and_text(OpaquePointer(object), &current, nil)
        guard let range = atk_value_get_range(OpaquePointer(object)) else { return nil }
        defer { atk_range_free(range) }
        return (current, atk_range_get_lower_limit(range), atk_range_get_upper_limit(range))
    }

    func testCellsReadAsTheirContentOnScreenAndScrolledAway() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.texts[4] = "Paused"
                let (manager, _, list) = CellsFixture.show(rows: 1000, on: make(), values: values)
                defer { list.close() }
                let table = OpaquePointer(try XCTUnwrap(gtk_widget_get_accessible(manager.widget)))
                // Bound rows at the top, unbound ones far down on the virtualized host.
                for row in [0, 1, 4, 900, 903] {
                    let context = "\(name), row \(row)"
                    let expected: [(column: Int32, role: AtkRole, name: String)] = [
                        (1, ATK_ROLE_ICON, "icon \(row)"),
                        (2, ATK_ROLE_PROGRESS_BAR, values.texts[row] ?? ProgressCellTests.percentage(values.fraction(row))),
                        (3, ATK_ROLE_ANIMATION, "Spinner"),
                    ]
                    for (column, role, text) in expected {
                        let cell = try XCTUnwrap(atk_table_ref_at(table, Int32(row), column), context)
                        defer { g_object_unref(gpointer(cell)) }
                        XCTAssertEqual(atk_object_get_role(cell), ATK_ROLE_TABLE_CELL, context)
                        XCTAssertEqual(Self.name(of: cell), text, "\(context): the cell is named as its content")
                        let content = try Self.content(of: cell)
                        XCTAssertEqual(atk_object_get_role(content), role, context)
                        XCTAssertEqual(Self.name(of: content), text, context)
                        if role == ATK_ROLE_PROGRESS_BAR {
                            let value = try XCTUnwrap(Self.value(of: content), context)
                            XCTAssertEqual(value.0, values.fraction(row) * 100, accuracy: 1e-9, context)
                            XCTAssertEqual([value.1, value.2], [0, 100], context)
                        } else {
                            XCTAssertNil(Self.value(of: content), "\(context): no value")
                        }
                        if role == ATK_ROLE_ANIMATION { XCTAssertEqual(Self.isBusy(content), values.spins(row), context) }
                    }
                }
            }
        }
    }

    /// The changes a content tells: its value, its busy state.
    @MainActor private final class Told {
        var changes: [String] = []

        func listen(to object: UnsafeMutablePointer<AtkObject>) {
            let busy: @convention(c) (gpointer?, UnsafePointer<gchar>?, gboolean, gpointer?) -> Void = { _, _, on, data in
                let told = CallbackBox<Told>.payload(of: data)
                MainActor.assumeIsolated { told.changes.append("busy \(on != 0)") }
            }
            g_signal_connect_data(
                gpointer(object), "state-change::busy", unsafeBitCast(busy, to: GCallback.self),
                CallbackBox(self).retainedPointer(), CallbackBoxRelease.closureNotify, GConnectFlags(0))
            let property: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
                let told = CallbackBox<Told>.payload(of: data)
                MainActor.assumeIsolated { told.changes.append("value") }
            }
            g_signal_connect_data(
                gpointer(object), "notify::accessible-value", unsafeBitCast(property, to: GCallback.self),
                CallbackBox(self).retainedPointer(), CallbackBoxRelease.closureNotify, GConnectFlags(0))
        }
    }

    func testANewValueAndAStoppedSpinnerAreToldOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                let (manager, _, list) = CellsFixture.show(rows: 40, on: make(), values: values)
                defer { list.close() }
                let table = OpaquePointer(try XCTUnwrap(gtk_widget_get_accessible(manager.widget)))
                let progressCell = try XCTUnwrap(atk_table_ref_at(table, 2, 2))
                let spinnerCell = try XCTUnwrap(atk_table_ref_at(table, 2, 3))
                defer { [progressCell, spinnerCell].forEach { g_object_unref(gpointer($0)) } }
                let progress = try Self.content(of: progressCell), spinner = try Self.content(of: spinnerCell)
                let toldByProgress = Told(), toldBySpinner = Told()
                toldByProgress.listen(to: progress)
                toldBySpinner.listen(to: spinner)
                values.fractions[2] = 0.9
                values.idle = [2]
                manager.memoryStorage?.reloadItem(at: IndexPath(item: 2, section: 0))
                list.settleFrame()
                XCTAssertEqual(toldByProgress.changes, ["value"], "\(name): the new value, once")
                XCTAssertEqual(toldBySpinner.changes, ["busy false"], "\(name): the spinner stopped, once")
                XCTAssertEqual(Self.value(of: progress)?.0 ?? -1, 90, accuracy: 1e-9, name)
                XCTAssertEqual(Self.name(of: progress), ProgressCellTests.percentage(0.9), name)
                XCTAssertFalse(Self.isBusy(spinner), name)
            }
        }
    }
}
