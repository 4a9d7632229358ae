import Foundation
import GRDB
import GtkListManager
import ModelStorage
import XCTest

@testable import GRDBStorage

/// A database storage's undo records the rows of its records' table a write touches, with their
/// values before it, rather than reading the request before and after: rows the request does
/// not return come back too, and a write to a large table costs what it touches.
final class DatabaseUndoTouchedRowsTests: XCTestCase {
    func testRowsTheRequestDoesNotReturnAreTakenBackToo() throws {
        try withBooks(shelves: ["art", "bio"], count: 3) { database in
            let storage = try DatabaseStorage(
                database.queue, request: Book.filter(Column("shelf") == "art").order(Column("position")), sectionedBy: { $0.shelf },
                externalChangeInterval: nil, handOff: GLibMainActorHandOff())
            storage.undoWriting = .records
            let history = UndoHistory()
            history.track(storage)
            let original = try database.freshRecords()

            Self.wait(for: storage) {
                history.group(named: "Clear") {
                    storage.write({ db in
                        try Book.deleteAll(db, ids: [1, 5])  // art-0, and bio-1, which the request does not show
                        try db.execute(sql: "UPDATE book SET title = 'moved', shelf = 'art' WHERE id = 6")
                    })
                }
            }
            XCTAssertEqual(storage.records.map(\.description), ["art-1#2", "art-2#3", "moved#6"])

            var done = false
            history.undo { _ in done = true }
            XCTAssertTrue(GtkRuntime.iterate(until: { done && !storage.hasPendingChanges }))
            XCTAssertEqual(
                try database.freshRecords(), original, "book 5 is back and book 6 on its shelf, though the list never showed them")
            XCTAssertEqual(storage.records.map(\.id), [1, 2, 3])
        }
    }

    func testAWriteThatDropsTheTableGoesThroughUnrecordedAndTheNextIsRecordedAgain() throws {
        let database = try BookDatabase(books: BookDatabase.books(shelves: ["art"], count: 2))
        let writing = DatabaseUndoWriting<Book>.records
        let steps = try database.queue.write { db in
            try writing.recording({ db in try db.execute(sql: "DROP TABLE book") }, in: db).steps
        }
        XCTAssertNil(steps, "nothing says how to bring a table back: the history is cleared")
        try database.queue.write { db in
            try db.execute(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, shelf TEXT, position INTEGER)")
            XCTAssertEqual(
                try writing.recording({ db in _ = try Book.deleteAll(db) }, in: db).steps?.count, 0, "a write that changes nothing")
            XCTAssertEqual(
                try writing.recording({ db in try Book(id: 1, title: "a", shelf: "art", position: 0).insert(db) }, in: db).steps?.count, 1,
                "recorded again")
        }
    }

    /// One write deleting a book of a table of 100,000, timed in its transaction: plain, recorded
    /// as the storages record it now, and with what the recording replaced, reading the request
    /// before and after the write. Prints the medians.
    func testARecordedWriteToAHundredThousandRowsCostsWhatItTouches() throws {
        let database = try BookDatabase()
        try database.queue.write { db in
            let insert = try db.makeStatement(sql: "INSERT INTO book (id, title, shelf, position) VALUES (?, ?, 'art', ?)")
            for id in 1...100_000 { try insert.execute(arguments: [id, "book \(id)", id]) }
        }
        let writing = DatabaseUndoWriting<Book>.records
        var nextID: Int64 = 1
        func timed(_ write: (Database, (Database) throws -> Void) throws -> Void) throws -> Double {
            let id = nextID
            nextID += 1
            return try database.queue.write { db in
                let start = ContinuousClock.now
                try write(db) { db in try Book.deleteOne(db, id: id) }
                return (ContinuousClock.now - start) / .milliseconds(1)
            }
        }
        var steps: [UndoStep]?
        let plain = try Self.median((0..<5).map { _ in try timed { db, delete in try delete(db) } })
        let recorded = try Self.median((0..<5).map { _ in try timed { db, delete in steps = try writing.recording(delete, in: db).steps } })
        let readTwice = try Self.median(
            (0..<3).map { _ in
                try timed { db, delete in
                    _ = try BookDatabase.request.fetchAll(db)
                    try delete(db)
                    _ = try BookDatabase.request.fetchAll(db)
                }
            })
        print("100,000 books, one delete: \(plain) ms, recorded \(recorded) ms; reading the request before and after: \(readTwice) ms")
        XCTAssertEqual(steps?.count, 1, "the delete is recorded")
        XCTAssertLessThan(recorded, 20, "the recording costs what the write touches, not the table")
        XCTAssertLessThan(recorded * 10, readTwice)
    }

    // MARK: - Helpers

    @MainActor
    private static func wait(for storage: DatabaseStorage<Book, String>, _ write: () -> Void) {
        write()
        XCTAssertTrue(GtkRuntime.iterate(until: { !storage.hasPendingChanges }))
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}
