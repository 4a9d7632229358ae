import GRDB
import GtkListManager
import ModelStorage
import XCTest

@testable import GRDBStorage

/// Undo and redo through a LazyDatabaseStorage on the virtualized list: the app's writes and the
/// user's moves are recorded as the rows of the book table they touch, and written back in one
/// transaction by the manager's undo() and by Ctrl+Z, selecting the books that came back; read
/// from the SQLite file and from the rows GTK shows.
final class LazyDatabaseUndoTests: XCTestCase {
    func testDeletedBooksComeBackSelectedThroughTheManagerAndGoAgainOnRedo() throws {
        try withBooks(shelves: ["art"], count: 5) { database in
            let shown = try Self.undoableList(database)
            defer { shown.close() }
            let original = try database.freshRecords()

            shown.manager.undoHistory?.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [2, 4]) }) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertEqual(shown.shownIDs, [1, 3, 5])

            XCTAssertTrue(shown.manager.undo())
            XCTAssertTrue(
                Self.settle(shown, database, until: { try database.freshRecords() == original }), "the books are back, every column")
            XCTAssertEqual(shown.shownIDs, [1, 2, 3, 4, 5])
            XCTAssertTrue(
                GtkRuntime.iterate(until: {
                    shown.manager.selectedIndexPaths == [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)]
                }),
                "the books put back are selected: \(shown.manager.selectedIndexPaths)")

            XCTAssertTrue(shown.manager.redo())
            XCTAssertTrue(Self.settle(shown, database, until: { try database.freshRecords().map(\.id) == [1, 3, 5] }), "deleted again")
            XCTAssertEqual(shown.manager.undoHistory?.undoActionName, "Delete")
        }
    }

    func testCtrlZTakesBackAnEditAndAMoveOnTheList() throws {
        try withBooks(shelves: ["art"], count: 4) { database in
            let shown = try Self.undoableList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            let original = try database.freshRecords()
            let history = try XCTUnwrap(shown.manager.undoHistory)

            history.group(named: "Edit") {
                shown.storage.write({ db in try db.execute(sql: "UPDATE book SET title = 'renamed' WHERE id = 2") })
            }
            XCTAssertTrue(shown.settle(matching: database))
            history.group(named: "Move") { shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0)) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertEqual(shown.shownIDs, [2, 3, 4, 1])
            XCTAssertEqual(shown.boundRows[1], "book renamed#2", "GTK shows the edit")

            shown.list.focus(IndexPath(item: 0, section: 0))
            shown.list.press("ctrl+z")
            XCTAssertTrue(Self.settle(shown, database, until: { shown.shownIDs == [1, 2, 3, 4] }), "the move taken back")
            XCTAssertEqual(try database.freshRecords().map(\.position), original.map(\.position), "with the old order values")
            shown.list.press("ctrl+z")
            XCTAssertTrue(Self.settle(shown, database, until: { try database.freshRecords() == original }), "the edit taken back")
            XCTAssertEqual(shown.boundRows[2], "book art-1#2", "GTK shows the old title")
            XCTAssertTrue(
                GtkRuntime.iterate(until: { shown.manager.selectedIndexPaths == [IndexPath(item: 1, section: 0)] }), "book 2 selected")

            shown.list.press("ctrl+shift+z")
            XCTAssertTrue(Self.settle(shown, database, until: { try database.freshRecords().map(\.title).contains("renamed") }), "redone")
            shown.list.press("ctrl+shift+z")
            XCTAssertTrue(Self.settle(shown, database, until: { shown.shownIDs == [2, 3, 4, 1] }), "the move redone")
        }
    }

    func testSelectingWhatAnUndoPutBackReadsNoOtherRecords() throws {
        try withBooks(shelves: ["art"], count: 5000) { database in
            let shown = try Self.undoableList(database)
            defer { shown.close() }
            shown.manager.undoHistory?.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [4000]) }) }
            XCTAssertTrue(shown.settle(matching: database))

            XCTAssertTrue(shown.manager.undo())
            XCTAssertTrue(
                GtkRuntime.iterate(until: { shown.manager.selectedIndexPaths == [IndexPath(item: 3999, section: 0)] }), "book 4000 selected"
            )
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertNil(shown.storage.cachedRecord(withID: 4500), "a book far from the screen and the undo was never read")
            XCTAssertLessThanOrEqual(shown.storage.cachedRecordCount, 2 * shown.storage.cachedRecordCapacity)
        }
    }

    func testARefusedUndoReportsTheAnomalyEmptiesTheHistoryAndChangesNothing() throws {
        try withBooks(shelves: ["art"], count: 3) { database in
            let shown = try Self.undoableList(database)
            defer { shown.close() }
            let history = try XCTUnwrap(shown.manager.undoHistory)
            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [1, 2]) }) }
            // Outside any group, another book takes id 2 (a revision of its own, the change marker
            // the list follows): putting book 2 back breaks the key.
            try database.queue.write { db in
                try db.execute(sql: "INSERT INTO book (id, title, shelf, position, revision) VALUES (2, 'other', 'art', 7, 100)")
            }
            XCTAssertTrue(shown.settle(matching: database))
            let before = try database.freshRecords()

            XCTAssertTrue(shown.manager.undo())
            XCTAssertTrue(GtkRuntime.iterate(until: { !history.canUndo }), "the history is cleared")
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertEqual(try database.freshRecords(), before, "nothing written: book 1 is not back either")
            guard case .writeFailed = shown.anomalies.last else { return XCTFail("reported \(shown.anomalies)") }
            XCTAssertFalse(history.canRedo)
        }
    }

    func testAWriteInsideAGroupWithoutUndoWritingClearsTheHistory() throws {
        try withBooks(shelves: ["art"], count: 3) { database in
            let shown = try Self.undoableList(database)
            defer { shown.close() }
            let history = try XCTUnwrap(shown.manager.undoHistory)
            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [1]) }) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertTrue(history.canUndo)
            shown.storage.undoWriting = nil
            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [2]) }) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertFalse(history.canUndo, "nothing says how to write the books back")
        }
    }

    // MARK: - Helpers

    @MainActor
    private static func undoableList(_ database: BookDatabase, reordering: DatabaseReordering<Int64, String>? = nil) throws
        -> ShownLazyBookList
    {
        let shown = try ShownLazyBookList(database, reordering: reordering)
        XCTAssertTrue(shown.settle(matching: database))
        shown.storage.undoWriting = .records
        shown.manager.selectionMode = .multiple
        let history = UndoHistory()
        history.track(shown.storage)
        shown.manager.undoHistory = history
        return shown
    }

    /// Lets GTK run until `condition` holds and the list shows the database.
    @MainActor
    private static func settle(_ shown: ShownLazyBookList, _ database: BookDatabase, until condition: () throws -> Bool) -> Bool {
        GtkRuntime.iterate(until: { (try? condition()) == true }, timeout: .seconds(5)) && shown.settle(matching: database)
    }
}
