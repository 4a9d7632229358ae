#if PostgreSQL
    import CGtk
    import Foundation
    import GtkListManager
    import GtkTestSupport
    import PostgresNIO
    import PostgresStorage
    import XCTest

    @testable import PackageViewer

    /// The viewer's `--postgres` window on the test server, two windows on one table as two
    /// users' would be, driven by real keys: an edit typed in one shows in the other, and an edit
    /// made over the other's change is refused and stays in its editor with the server's reason,
    /// nothing lost; Enter again writes it.
    final class PostgresTableWindowTests: XCTestCase {
        struct Timeout: Error {}

        func testTwoWindowsFollowEachOthersEditsAndAStaleEditStaysInItsEditor() throws {
            try MainActor.assumeIsolated { try Self.twoWindows() }
        }

        /// Runs `work` and iterates the main loop until it is done (GTK keeps running meanwhile).
        @MainActor static func wait<Value: Sendable>(_ work: @escaping @MainActor () async throws -> Value) throws -> Value {
            var outcome: Result<Value, any Error>?
            Task {
                do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            }
            guard GtkRuntime.iterate(until: { outcome != nil }, timeout: .seconds(30)), let outcome else { throw Timeout() }
            return try outcome.get()
        }

        /// Runs each statement on `database`.
        @MainActor static func run(_ statements: [String], on database: PostgresSharedConnection) throws {
            try wait {
                try await database.withConnection { connection in
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "viewer-tests"))
                    }
                }
            }
        }

        /// The note the window shows for the row at `item`, read from its cells (under an editor
        /// over it too); nil when the row is not bound.
        @MainActor static func note(in window: PostgresTableWindow, item: Int) -> String? {
            guard let table = window.manager.table, let row = window.manager.boundRow(at: IndexPath(item: item, section: 0))
            else { return nil }
            let cells = ShownTableWidgets(table: table).cells(of: row).filter { !isA($0, gtk_entry_get_type()) }
            return cells.last.map(ShownTableWidgets.visibleText)
        }

        /// The editor shown in the window's row at `item`.
        @MainActor static func editor(in window: PostgresTableWindow, item: Int) -> UnsafeMutablePointer<GtkWidget>? {
            guard let row = window.manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
            return containerChildren(row.widget).first { gtk_widget_get_mapped($0) != 0 && isA($0, gtk_entry_get_type()) }
        }

        @MainActor static func twoWindows() throws {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            guard ProcessInfo.processInfo.environment["PGHOST"] != nil else {
                return XCTFail("No PostgreSQL server: run the tests through scripts/postgres-test-server.sh run … (make test does)")
            }
            let settings = try PostgresConnectionSettings.fromEnvironment()
            let table = "viewer_notes_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let setup = PostgresSharedConnection(settings)
            try run(
                [
                    "CREATE TABLE \(table) (id bigint PRIMARY KEY, note text NOT NULL)",
                    "INSERT INTO \(table) SELECT i, 'note ' || i FROM generate_series(1, 40) i",
                ], on: setup)
            defer { try? run(["DROP TABLE \(table)"], on: setup) }

            // Two users' windows, each with its own connection; the X focus on the one shown last.
            let theirs = PostgresTableWindow(database: PostgresSharedConnection(settings), table: table)
            defer { gtk_widget_destroy(theirs.window) }
            RealInput(showing: theirs.window).moveWindow(toX: 960)
            let mine = PostgresTableWindow(database: PostgresSharedConnection(settings), table: table)
            defer { gtk_widget_destroy(mine.window) }
            let input = RealInput(showing: mine.window)
            XCTAssertTrue(
                GtkRuntime.iterate(
                    until: { mine.showsRows && theirs.showsRows && mine.isSettled && theirs.isSettled }, timeout: .seconds(30)),
                "both windows show the rows and follow the table")
            XCTAssertEqual(note(in: theirs, item: 1), "note 2")
            let myTable = try XCTUnwrap(mine.manager.table)

            // Typed in my window: saved, and shown in theirs.
            XCTAssertTrue(myTable.beginEditing(at: IndexPath(item: 1, section: 0), column: "note"))
            input.settleFrame()
            input.press("ctrl+a")
            input.type("edited here")
            input.press("Return")
            XCTAssertTrue(GtkRuntime.iterate(until: { note(in: theirs, item: 1) == "edited here" }, timeout: .seconds(10)))
            XCTAssertNil(myTable.editedCell, "saved: the editing ended")
            // My window shows it when the table's feed tells it, as theirs does.
            XCTAssertTrue(GtkRuntime.iterate(until: { note(in: mine, item: 1) == "edited here" }, timeout: .seconds(10)))

            // They change a row while I edit it: my edit is refused, my text and the reason stay.
            XCTAssertTrue(myTable.beginEditing(at: IndexPath(item: 2, section: 0), column: "note"))
            input.settleFrame()
            try run(["UPDATE \(table) SET note = 'changed by them' WHERE id = 3"], on: setup)
            XCTAssertTrue(GtkRuntime.iterate(until: { note(in: mine, item: 2) == "changed by them" }, timeout: .seconds(10)))
            input.press("ctrl+a")
            input.type("mine")
            input.press("Return")
            let editor = try XCTUnwrap(editor(in: mine, item: 2), "the editor stays over the cell")
            XCTAssertTrue(
                GtkRuntime.iterate(
                    until: {
                        !myTable.isSavingCellEdit
                            && atk_object_get_description(gtk_widget_get_accessible(editor)).map { String(cString: $0) }
                                != "Saving…"
                    }, timeout: .seconds(10)))
            let reason = atk_object_get_description(gtk_widget_get_accessible(editor)).map { String(cString: $0) } ?? ""
            XCTAssertTrue(reason.contains("changed or deleted since it was read"), reason)
            XCTAssertEqual(String(cString: gtk_entry_get_text(gcast(editor))), "mine", "what I typed is kept")
            XCTAssertEqual(myTable.editedCell?.indexPath, IndexPath(item: 2, section: 0))
            XCTAssertEqual(note(in: theirs, item: 2), "changed by them", "nothing was written")

            // Told why, I save again: written over their change, shown in both windows.
            input.press("Return")
            XCTAssertTrue(GtkRuntime.iterate(until: { note(in: theirs, item: 2) == "mine" }, timeout: .seconds(10)))
            XCTAssertNil(myTable.editedCell)
            XCTAssertTrue(GtkRuntime.iterate(until: { note(in: mine, item: 2) == "mine" }, timeout: .seconds(10)))
            XCTAssertTrue(mine.anomalies.isEmpty && theirs.anomalies.isEmpty)
        }
    }
#endif
