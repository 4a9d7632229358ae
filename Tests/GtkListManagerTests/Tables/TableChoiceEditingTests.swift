import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// A choice column's editor (both hosts): a combo box with an entry when it takes any text,
/// where Enter commits what is typed; a list that pops up when the user opens it on its cell,
/// where a choice made commits.
final class TableChoiceEditingTests: XCTestCase {
    struct Ticket: Hashable {
        let id: Int
        var status: String
    }

    func testACustomTextIsTypedInTheComboBoxEntryAndCommitted() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                let table = manager.makeTable(of: Ticket.self) {
                    ModelColumn("Ticket", id: "id", text: { ticket, _ in "#\(ticket.id)" }).width(.fixed(100))
                    ModelColumn("Status", id: "status", choice: \.status, from: ["open", "closed"], allowsCustomText: true)
                        .width(.fixed(160))
                }
                manager.memoryStorage?.setItems((0..<5).map { Ticket(id: $0, status: "open") })
                let storage = try XCTUnwrap(manager.memoryStorage)
                table.commitTextEdit(Ticket.self, column: "status") { status, ticket, indexPath in
                    try storage.replaceItem(at: indexPath, with: Ticket(id: ticket.id, status: status))
                }
                let list = ShownList(manager, width: 400, height: 300)
                defer { list.close() }
                list.settleFrame()
                XCTAssertTrue(table.beginEditing(at: IndexPath(item: 2, section: 0), column: "status"), name)
                list.settleFrame()
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 2, section: 0)))
                let combo = try XCTUnwrap(containerChildren(row.widget).first { isA($0, gtk_combo_box_get_type()) }, name)
                XCTAssertNotEqual(gtk_combo_box_get_has_entry(gcast(combo)), 0, "\(name): a combo box with an entry")
                let entry = try XCTUnwrap(gtk_bin_get_child(gcast(combo)))
                XCTAssertEqual(String(cString: gtk_entry_get_text(gcast(entry))), "open", name)
                XCTAssertNotEqual(gtk_widget_has_focus(entry), 0, "\(name): its entry has the focus")
                list.press("ctrl+a")
                list.xdotool(["type", "--delay", "20", "waiting"])
                list.press("Return")
                list.settleFrame()
                XCTAssertNil(table.editedCell, name)
                XCTAssertEqual(storage.item(at: IndexPath(item: 2, section: 0), as: Ticket.self)?.status, "waiting", name)
            }
        }
    }

    func testAListOfChoicesPopsUpWhenTheUserOpensItAndNotWhenTabReachesIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let shown = TableCellEditingFixture(on: make())
                defer { shown.close() }
                @MainActor func popupShown(inItem item: Int) throws -> Bool {
                    let combo = try XCTUnwrap(shown.editor(inItem: item), "\(name): an editor in row \(item)")
                    XCTAssertTrue(isA(combo, gtk_combo_box_get_type()), name)
                    var shown = GValue()
                    g_value_init(&shown, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
                    defer { g_value_unset(&shown) }
                    g_object_get_property(gcast(combo), "popup-shown", &shown)
                    return g_value_get_boolean(&shown) != 0
                }
                // Opened on its cell: the list pops up, as GtkTreeView's combo renderer's does,
                // and the keys choose in it.
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 1, section: 0), column: "priority"), name)
                XCTAssertTrue(shown.list.wait { (try? popupShown(inItem: 1)) == true }, "\(name): the list popped up")
                XCTAssertEqual(shown.table.editedCell?.column, "priority", "\(name): still editing while it shows")
                shown.list.press("Down", "Return")
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, "\(name): a choice made commits")
                XCTAssertEqual(shown.job(1)?.priority, "high", name)
                // Reached by Tab from the hours: closed, the keyboard still the table's.
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 2, section: 0), column: "hours"), name)
                shown.list.settleFrame()
                shown.list.press("Tab")
                shown.list.settleFrame()
                XCTAssertEqual(shown.table.editedCell?.column, "priority", name)
                XCTAssertFalse(try popupShown(inItem: 2), "\(name): Tab opens the editor closed")
                shown.list.press("Escape")
                XCTAssertNil(shown.table.editedCell, name)
                let row = try XCTUnwrap(shown.manager.boundRow(at: IndexPath(item: 2, section: 0)))
                XCTAssertEqual(
                    gtk_window_get_focus(gcast(shown.list.window)), row.hostWidget ?? row.widget,
                    "\(name): Escape gives the focus back to the row")
                // Escape in the list that popped up closes it and cancels, as GtkTreeView's
                // combo renderer does; the focus goes back to the row.
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 3, section: 0), column: "priority"), name)
                XCTAssertTrue(shown.list.wait { (try? popupShown(inItem: 3)) == true }, "\(name): the list popped up")
                shown.list.press("Down", "Escape")
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, "\(name): Escape in the list cancels")
                XCTAssertEqual(shown.job(3)?.priority, "normal", "\(name): nothing committed")
                let third = try XCTUnwrap(shown.manager.boundRow(at: IndexPath(item: 3, section: 0)))
                XCTAssertEqual(
                    gtk_window_get_focus(gcast(shown.list.window)), third.hostWidget ?? third.widget,
                    "\(name): the focus back on the row after the list's Escape")
            }
        }
    }
}
