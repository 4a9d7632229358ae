import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// A choice column that takes any text: its editor is a combo box with an entry, and Enter
/// commits what is typed (both hosts).
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
}
