import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// Moving rows of a database storage: the move shows at once, its order is written in one
/// transaction, and the database's own answer animates nothing more.
final class ReorderingInTheDatabaseTests: XCTestCase {
    /// The books of `shelf` in the database's order, by title.
    private static func titles(_ database: BookDatabase, shelf: String) throws -> [String] {
        try database.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM book WHERE shelf = ? ORDER BY position, id", arguments: [shelf])
        }
    }

    func testARealDragWritesTheNewOrderAndAnimatesOnce() throws {
        try withBooks(shelves: ["a"], count: 5) { database in
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"), movable: true)
            defer { shown.close() }
            let dragged = shown.list.listRow(at: IndexPath(item: 0, section: 0))
            let start = shown.updates.count

            shown.list.drag(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0), lowerHalf: true)
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")

            XCTAssertEqual(try Self.titles(database, shelf: "a"), ["a-1", "a-2", "a-3", "a-0", "a-4"])
            XCTAssertEqual(shown.manager.boundRow(at: IndexPath(item: 3, section: 0))?.listBoxRow, dragged, "the same row widget moved")
            let changes = shown.changes(since: start)
            XCTAssertEqual(changes.filter { if case .moveItem = $0 { true } else { false } }.count, 1, "one move: \(changes)")
            XCTAssertTrue(
                changes.dropFirst().allSatisfy { if case .updateItem = $0 { true } else { false } },
                "after the move only in-place refreshes (new positions): \(changes)")
            XCTAssertEqual(changes.count, 5, "the move, then the four books whose position changed")
        }
    }

    func testAltArrowsMoveARecordAcrossShelvesAndWriteItsShelf() throws {
        try withBooks(shelves: ["a", "b"], count: 2) { database in
            let shown = try ShownBookList(
                database, reordering: .column("position", ofTable: "book", sectionColumn: "shelf"), movable: true)
            defer { shown.close() }
            shown.list.focus(IndexPath(item: 1, section: 0))  // a-1, the last of shelf a

            shown.list.press("alt+Down")
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")

            XCTAssertEqual(try Self.titles(database, shelf: "a"), ["a-0"])
            XCTAssertEqual(try Self.titles(database, shelf: "b"), ["a-1", "b-0", "b-1"])
            XCTAssertEqual(shown.shownRows, ["shelf a", "book a-0#1", "shelf b", "book a-1#2", "book b-0#3", "book b-1#4"])
            XCTAssertEqual(shown.storage.record(at: IndexPath(item: 0, section: 1))?.shelf, "b", "the record shown is the one written")
        }
    }

    func testAMoveToAnotherShelfIsRefusedWhenTheShelfCannotBeWritten() throws {
        try withBooks(shelves: ["a", "b"], count: 2) { database in
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            let before = shown.shownRows

            shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
            shown.storage.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 0))
            shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
            shown.list.settle(milliseconds: 200)

            XCTAssertEqual(
                anomalies.all.map(\.description),
                ["invalidMove(s0.i0 → s1.i0)", "invalidMove(s0.i5 → s0.i0)", "invalidMove(s0.i0 → s0.i2)"])
            XCTAssertEqual(shown.shownRows, before)
            XCTAssertEqual(try database.expectedRows(), before, "nothing written")
        }
    }

    func testAStorageWithoutReorderingRefusesMoves() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
            XCTAssertEqual(anomalies.all, [.notReorderable])
            XCTAssertTrue(shown.updates.isEmpty)
        }
    }

    func testAFailedWriteReturnsTheListToTheDatabasesOrder() throws {
        try withBooks(shelves: ["a"], count: 4) { database in
            try database.queue.write { db in
                try db.execute(
                    sql: "CREATE TRIGGER frozen BEFORE UPDATE OF position ON book BEGIN SELECT RAISE(ABORT, 'positions are frozen'); END")
            }
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            let before = shown.shownRows

            shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
            XCTAssertNotEqual(shown.shownRows, before, "the move shows at once")
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")

            XCTAssertEqual(shown.shownRows, before, "back in the database's order")
            XCTAssertEqual(anomalies.all.count, 1)
            guard case let .writeFailed(reason) = anomalies.all.first else { return XCTFail("\(anomalies.all)") }
            XCTAssertTrue(reason.contains("positions are frozen"), reason)
        }
    }
}
