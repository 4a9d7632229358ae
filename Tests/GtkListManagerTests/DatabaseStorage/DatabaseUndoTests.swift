import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// Undo and redo through a DatabaseStorage: a write the app makes through the storage inside a
/// group, or a reorder the user makes, is undone by writing the records back in one
/// transaction; the list and the database show the records as they were, in their places.
final class DatabaseUndoTests: XCTestCase {
    func testDeletedRecordsComeBackInTheirPlacesAndGoAgainOnRedo() throws {
        try withBooks(shelves: ["art"], count: 4) { database in
            let (shown, history) = try Self.undoableList(database)
            defer { shown.close() }
            let original = try database.freshRecords()

            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [2, 3]) }) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertEqual(shown.shownRows, ["shelf art", "book art-0#1", "book art-3#4"])
            XCTAssertEqual(history.undoActionName, "Delete")

            XCTAssertEqual(Self.undo(history), [2, 3].compactMap { ModelIdentity(of: original[$0 - 1]) }, "the books put back")
            XCTAssertEqual(try database.freshRecords(), original, "the database holds them again, every column")
            XCTAssertEqual(shown.shownRows, ["shelf art", "book art-0#1", "book art-1#2", "book art-2#3", "book art-3#4"])
            XCTAssertEqual(shown.storage.records, original, "the storage shows them when the undo completes")

            Self.redo(history)
            XCTAssertEqual(try database.freshRecords().map(\.id), [1, 4])
            XCTAssertEqual(shown.shownRows, ["shelf art", "book art-0#1", "book art-3#4"])
            XCTAssertTrue(history.canUndo)
        }
    }

    func testInsertedAndUpdatedRecordsAreTakenBackAndRedone() throws {
        try withBooks(shelves: ["art"], count: 2) { database in
            let (shown, history) = try Self.undoableList(database)
            defer { shown.close() }
            let original = try database.freshRecords()

            history.group(named: "Edit") {
                shown.storage.write({ db in
                    try Book(id: 9, title: "new", shelf: "art", position: 5).insert(db)
                    try db.execute(sql: "UPDATE book SET title = 'renamed' WHERE id = 1")
                })
            }
            XCTAssertTrue(shown.settle(matching: database))
            let edited = try database.freshRecords()
            XCTAssertEqual(edited.map(\.description), ["renamed#1", "art-1#2", "new#9"])

            Self.undo(history)
            XCTAssertEqual(try database.freshRecords(), original)
            XCTAssertEqual(shown.storage.records, original)
            Self.redo(history)
            XCTAssertEqual(try database.freshRecords(), edited)
            XCTAssertEqual(shown.storage.records, edited)
        }
    }

    func testAReorderIsUndoneThroughTheOrderColumn() throws {
        try withBooks(shelves: ["art"], count: 4) { database in
            let (shown, history) = try Self.undoableList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            let original = try database.freshRecords()

            history.group(named: "Move") { shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertEqual(try database.freshRecords().map(\.id), [2, 3, 1, 4])

            Self.undo(history)
            XCTAssertEqual(try database.freshRecords(), original, "the order and the order values back")
            XCTAssertEqual(shown.shownRows, ["shelf art", "book art-0#1", "book art-1#2", "book art-2#3", "book art-3#4"])
            Self.redo(history)
            XCTAssertEqual(try database.freshRecords().map(\.id), [2, 3, 1, 4])
            XCTAssertEqual(shown.storage.records.map(\.id), [2, 3, 1, 4])
        }
    }

    func testARefusedUndoReportsTheAnomalyEmptiesTheHistoryAndChangesNothing() throws {
        try withBooks(shelves: ["art"], count: 3) { database in
            let (shown, history) = try Self.undoableList(database)
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [1, 2]) }) }
            // Outside any group, another book takes id 2: putting book 2 back breaks the key.
            try database.queue.write { db in try Book(id: 2, title: "other", shelf: "art", position: 7).insert(db) }
            XCTAssertTrue(shown.settle(matching: database))
            let before = try database.freshRecords()

            Self.undo(history)
            XCTAssertEqual(try database.freshRecords(), before, "nothing written: book 1 is not back either")
            XCTAssertTrue(shown.settle(matching: database))
            guard case .writeFailed = anomalies.all.last else { return XCTFail("reported \(anomalies.all)") }
            XCTAssertFalse(history.canUndo)
            XCTAssertFalse(history.canRedo)
        }
    }

    func testWritesOutsideAGroupAreNotRecorded() throws {
        try withBooks(shelves: ["art"], count: 3) { database in
            let (shown, history) = try Self.undoableList(database)
            defer { shown.close() }
            let written = AwaitedListCall { try? await shown.storage.write { db in try Book.deleteOne(db, id: 1) } }
            XCTAssertTrue(written.waitForReturn())
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertFalse(history.canUndo)
        }
    }

    func testAWriteThatFailsRecordsNothingAndAStorageWithoutUndoWritingClearsTheHistory() throws {
        try withBooks(shelves: ["art"], count: 3) { database in
            let (shown, history) = try Self.undoableList(database)
            defer { shown.close() }
            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [1]) }) }
            XCTAssertTrue(shown.settle(matching: database))

            var failure: (any Error)?
            history.group(named: "Insert") {
                shown.storage.write({ db in try Book(id: 2, title: "taken", shelf: "art", position: 9).insert(db) }) { result in
                    if case let .failure(error) = result { failure = error }
                }
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { failure != nil }, timeout: .seconds(5)), "the key is taken: the write fails")
            XCTAssertEqual(history.undoActionName, "Delete", "the failed write left no entry")

            shown.storage.undoWriting = nil
            history.group(named: "Delete") { shown.storage.write({ db in try Book.deleteAll(db, ids: [2]) }) }
            XCTAssertTrue(shown.settle(matching: database))
            XCTAssertFalse(history.canUndo, "nothing says how to write the records back: no undo restores a wrong state")
        }
    }

    // MARK: - Helpers

    @MainActor
    private static func undoableList(
        _ database: BookDatabase, reordering: DatabaseReordering<Int64, String>? = nil
    ) throws -> (ShownBookList, UndoHistory) {
        let shown = try ShownBookList(database, reordering: reordering, movable: reordering != nil)
        XCTAssertTrue(shown.settle(matching: database))
        shown.storage.undoWriting = .records
        let history = UndoHistory()
        history.track(shown.storage)
        return (shown, history)
    }

    /// Undoes the last action and lets GTK run until the storage shows the result; returns the
    /// identities it put back.
    @MainActor @discardableResult
    private static func undo(_ history: UndoHistory) -> [ModelIdentity]? {
        var touched: [ModelIdentity]?
        history.undo { touched = $0 }
        XCTAssertTrue(GtkRuntime.iterate(until: { touched != nil }, timeout: .seconds(5)), "the undo completed")
        return touched
    }

    @MainActor
    private static func redo(_ history: UndoHistory) {
        var done = false
        history.redo { _ in done = true }
        XCTAssertTrue(GtkRuntime.iterate(until: { done }, timeout: .seconds(5)), "the redo completed")
    }
}
