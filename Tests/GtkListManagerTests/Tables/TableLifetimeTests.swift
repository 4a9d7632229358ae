import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A table an app keeps longer than its manager (a window that holds the table, the manager
/// dropped): the table does not keep the manager, and nothing the app, the user or a screen
/// reader can still do to it reaches the manager that is gone.
final class TableLifetimeTests: XCTestCase {
    func testATableKeptLongerThanItsManagerStaysSafeAndKeepsItsState() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts { try Self.keepTableDropManager(name: name, host: make()) }
        }
    }

    @MainActor private static func keepTableDropManager(name: String, host: any ListHost) throws {
        var manager: ListManager? = ListManager(host: host)
        weak let released = manager
        let table = try XCTUnwrap(manager?.makeTable(columns: TableFixture.columns(3)))
        for column in TableFixture.columns(3) {
            manager?.register(TextCell.self, for: Int.self, column: column.id) { cell, row, _ in
                cell.text = "r\(row) \(column.id)"
            }
        }
        manager?.memoryStorage?.setItems(Array(0..<200))
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        defer { gtk_widget_destroy(window) }
        gtk_window_set_default_size(gcast(window), 300, 240)
        gtk_container_add(gcast(window), table.widget)
        gtk_widget_show_all(window)
        MainLoop.settleFrame(of: window)
        let list = try XCTUnwrap(manager?.widget)
        manager?.selectItem(at: IndexPath(item: 1, section: 0))
        var sorts: [[SortKey]] = []
        table.didChangeSort { sorts.append($0) }

        manager = nil
        XCTAssertNil(released, "\(name): the table does not keep its manager")

        // The app's calls: the state changes and is reported; nothing else happens.
        table.sort = [SortKey("c1")]
        table.setWidth(90, ofColumn: "c0")
        table.setHidden(true, ofColumn: "c2")
        table.moveColumn("c0", to: 1)
        table.fitColumn("c0")
        table.outlineColumn = "c1"
        table.setColumns(TableFixture.columns(2))
        table.didActivate(Int.self) { _, _, _ in XCTFail("no list to activate") }
        table.didSelect(Int.self) { _, _ in XCTFail("no list to select in") }
        table.contextMenu(Int.self) { _, _, _ in nil }
        XCTAssertEqual(sorts, [[SortKey("c1")]], name)
        XCTAssertEqual(table.state.widths["c0"], 90, name)
        XCTAssertTrue(table.state.hidden.contains("c2"), name)
        // The user's: a header clicked, the rows scrolled down and sideways.
        let header = try XCTUnwrap(TableFixture.headerButton("Column 1", of: table))
        gtk_button_clicked(gcast(header))
        XCTAssertEqual(sorts.last, [SortKey("c1", ascending: false)], "\(name): the header still sorts the state")
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(gcast(table.scrolledWindow)), 400)
        gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(gcast(table.scrolledWindow)), 60)
        MainLoop.settleFrame(of: window)
        // A screen reader's: the list's widget is still in the window, asked as a table.
        let accessible = try XCTUnwrap(gtk_widget_get_accessible(list))
        XCTAssertEqual(atk_table_get_n_columns(OpaquePointer(accessible)), 0, "\(name): no table to read any more")
        XCTAssertEqual(atk_table_get_n_rows(OpaquePointer(accessible)), 0, name)
        XCTAssertNil(atk_table_ref_at(OpaquePointer(accessible), 0, 0), name)
    }
}
