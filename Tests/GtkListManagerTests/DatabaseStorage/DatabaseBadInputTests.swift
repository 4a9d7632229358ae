import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// Bad input around a database storage: a clear error or anomaly each time, the last good
/// content kept, and the database file never damaged or overwritten.
final class DatabaseBadInputTests: XCTestCase {
    /// A storage of books over `database` (an unsectioned one: errors don't depend on sections).
    @MainActor private static func storage(
        _ database: any DatabaseReader, request: some FetchRequest<Book> = BookDatabase.request
    ) throws -> DatabaseStorage<Book, Unsectioned> {
        try DatabaseStorage(database, request: request, externalChangeInterval: .milliseconds(50), handOff: GLibMainActorHandOff())
    }

    /// Asserts that making a storage throws an error whose text contains `expected`.
    @MainActor private static func assertRefused(
        _ expected: String, line: UInt = #line, _ make: () throws -> some AnyObject
    ) {
        do {
            _ = try make()
            XCTFail("made a storage", line: line)
        } catch {
            XCTAssertTrue(String(describing: error).contains(expected), "\(error)", line: line)
        }
    }

    func testAMissingFileOpenedReadOnlyIsAnErrorAndIsNotCreated() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let database = try BookDatabase()
            let missing = database.folder.appendingPathComponent("missing.sqlite").path
            var configuration = Configuration()
            configuration.readonly = true
            Self.assertRefused("unable to open") { try Self.storage(DatabaseQueue(path: missing, configuration: configuration)) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
            // Opened read-write, SQLite makes an empty database: the storage names the missing table.
            Self.assertRefused("no such table: book") { try Self.storage(DatabaseQueue(path: missing)) }
        }
    }

    func testAFileThatIsNotADatabaseOrIsDamagedIsAnErrorAndStaysAsItWas() throws {
        try withBooks(shelves: ["a"], count: 300) { database in
            let notADatabase = database.folder.appendingPathComponent("notes.txt")
            let text = Data(String(repeating: "not a database, just notes\n", count: 200).utf8)
            try text.write(to: notADatabase)
            Self.assertRefused("file is not a database") { try Self.storage(DatabaseQueue(path: notADatabase.path)) }
            XCTAssertEqual(try Data(contentsOf: notADatabase), text, "never overwritten")

            // A real database whose pages after the first were overwritten with garbage.
            try database.queue.close()
            let damaged = URL(fileURLWithPath: database.path)
            var bytes = try Data(contentsOf: damaged)
            for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
            try bytes.write(to: damaged)
            Self.assertRefused("malformed") { try Self.storage(DatabaseQueue(path: damaged.path)) }
            XCTAssertEqual(try Data(contentsOf: damaged), bytes, "never overwritten")
        }
    }

    func testAMissingColumnOrAnSQLErrorInTheRequestIsAnError() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            Self.assertRefused("no such column: author") {
                try Self.storage(database.queue, request: Book.order(Column("author")))
            }
            Self.assertRefused("syntax error") {
                try Self.storage(database.queue, request: SQLRequest<Book>(sql: "SELEC * FROM book"))
            }
            Self.assertRefused("column not found: \"position\"") {
                try Self.storage(database.queue, request: SQLRequest<Book>(sql: "SELECT id, title, shelf FROM book"))
            }
        }
    }

    func testAConstraintViolationIsThrownToTheWriterAndTheListIsUnchanged() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let before = shown.shownRows
            XCTAssertThrowsError(
                try database.queue.write { db in
                    try Book(id: 9, title: "new", shelf: "a", position: 9).insert(db)
                    try Book(id: 1, title: "same id", shelf: "a", position: 0).insert(db)
                }
            ) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
            shown.list.settle(milliseconds: 300)
            XCTAssertEqual(shown.shownRows, before, "the transaction rolled back as a whole: nothing to show")
            XCTAssertTrue(shown.updates.isEmpty)
        }
    }

    func testADatabaseLockedByAnotherConnectionDelaysTheWriteThenFailsItCleanly() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            var configuration = Configuration()
            configuration.busyMode = .timeout(0.2)
            let queue = try DatabaseQueue(path: database.path, configuration: configuration)
            let storage = try DatabaseStorage(
                queue, request: BookDatabase.request, reordering: .column("position", ofTable: "book"),
                externalChangeInterval: .milliseconds(50), handOff: GLibMainActorHandOff())
            let anomalies = ReportedAnomalies(of: storage)

            // Another connection holds the write lock for longer than the busy timeout.
            let other = try database.otherConnection()
            let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                try? other.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN EXCLUSIVE")
                    locked.signal()
                    release.wait()
                    try db.execute(sql: "ROLLBACK")
                }
            }
            locked.wait()
            storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
            XCTAssertTrue(GtkRuntime.iterate(until: { anomalies.all.contains { if case .writeFailed = $0 { true } else { false } } }))
            XCTAssertTrue(anomalies.all.contains { "\($0.debugDescription)".contains("database is locked") }, "\(anomalies.all)")
            release.signal()

            XCTAssertTrue(
                GtkRuntime.iterate(until: { !storage.hasPendingChanges && storage.records.map(\.id) == [1, 2, 3] }),
                "back in the database's order once it can be read: \(storage.records)")
        }
    }

    func testTheSchemaChangingUnderTheStorageIsReportedAndFollowedOnceRepaired() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            let before = shown.shownRows

            try database.queue.write { db in try db.execute(sql: "ALTER TABLE book RENAME TO old_book") }
            XCTAssertTrue(GtkRuntime.iterate(until: { !anomalies.all.isEmpty }))
            guard case let .fetchFailed(reason) = anomalies.all.first else { return XCTFail("\(anomalies.all)") }
            XCTAssertTrue(reason.contains("no such table: book"), reason)
            shown.list.settle(milliseconds: 200)
            XCTAssertEqual(shown.shownRows, before, "the last good content stays")

            try database.queue.write { db in
                try db.execute(sql: "ALTER TABLE old_book RENAME TO book")
                try Book(id: 8, title: "back", shelf: "a", position: 9).insert(db)
            }
            XCTAssertTrue(shown.settle(matching: database), "follows again: \(shown.shownRows)")
            XCTAssertEqual(shown.shownRows.last, "book back#8")
        }
    }

    func testAReorderOnAReadOnlyDatabaseFailsCleanly() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            var configuration = Configuration()
            configuration.readonly = true
            let storage = try DatabaseStorage(
                DatabaseQueue(path: database.path, configuration: configuration), request: BookDatabase.request,
                reordering: .column("position", ofTable: "book"), handOff: GLibMainActorHandOff())
            let anomalies = ReportedAnomalies(of: storage)
            storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
            XCTAssertEqual(storage.records.map(\.id), [2, 1, 3], "shown at once")
            XCTAssertTrue(GtkRuntime.iterate(until: { !storage.hasPendingChanges && storage.records.map(\.id) == [1, 2, 3] }))
            XCTAssertEqual(anomalies.all.count, 1)
            XCTAssertTrue(anomalies.all.first?.debugDescription.contains("readonly") == true, "\(anomalies.all)")
        }
    }

    func testRepeatedIdsInTheResultAreReportedAndShownOnce() throws {
        try withBooks(shelves: ["a"], count: 2) { database in
            try database.queue.write { db in
                try db.execute(sql: "CREATE TABLE review (book INTEGER, stars INTEGER)")
                try db.execute(sql: "INSERT INTO review VALUES (1, 5), (1, 3), (2, 4)")
            }
            var anomalies: [DatabaseStorageAnomaly] = []
            let previous = AnomalyReporting.defaultAction
            AnomalyReporting.defaultAction = { anomalies.append($0 as! DatabaseStorageAnomaly) }  // reported while made
            defer { AnomalyReporting.defaultAction = previous }
            let storage = try Self.storage(
                database.queue,
                request: SQLRequest<Book>(sql: "SELECT book.* FROM book JOIN review ON review.book = book.id ORDER BY book.id"))
            XCTAssertEqual(storage.records.map(\.id), [1, 2])
            XCTAssertEqual(anomalies, [.duplicateIdentifiers(count: 1)])
        }
    }
}
