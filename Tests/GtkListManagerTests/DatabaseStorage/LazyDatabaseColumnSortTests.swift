import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A LazyDatabaseStorage on the virtualized host follows a table's sort as DatabaseStorage does:
/// the identity query's ORDER BY changes live, rows move, records are read only for the rows on
/// screen, and the observation goes on in the new order.
final class LazyDatabaseColumnSortTests: XCTestCase {
    func testASortMovesTheRowsAndWritesAfterItAppearInTheSortedOrder() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()
            let before = shown.idsBySection
            let keys = [SortKey("title", ascending: false)]
            let sorted = SortedBooks.request(sortedBy: keys)

            shown.storage.sort(by: keys, using: SortedBooks.orderings, completion: outcomes.completion("title"))
            XCTAssertEqual(shown.storage.sortKeys, keys)
            XCTAssertTrue(shown.settle(showing: sorted, of: database), "\(shown.boundRows)")
            XCTAssertEqual(shown.idsBySection, [[1, 3, 4, 5, 2], [7, 6, 8]])
            let changes = shown.changes(since: 0)
            XCTAssertEqual(SortedBooks.notMoves(changes), [], "moves only")
            XCTAssertEqual(changes.count, SortedBooks.fewestMoves(from: before, to: shown.idsBySection))
            XCTAssertEqual(outcomes.all, ["title shown"])

            let start = shown.updates.count
            try database.queue.write { db in
                try db.execute(sql: "UPDATE book SET title = 'Yak' WHERE id = 2")
                try Book(id: 20, title: "Mango", shelf: "art", position: 9).insert(db)
            }
            XCTAssertTrue(shown.settle(showing: sorted, of: database), "\(shown.boundRows)")
            XCTAssertEqual(shown.idsBySection, [[1, 2, 20, 3, 4, 5], [7, 6, 8]])
            XCTAssertEqual(shown.changes(since: start).count, 3, "a move and an update of the renamed book, an insert")
        }
    }

    func testASupersededSortIsNeverAppliedAndAFailedOneGivesWayToTheOrderShown() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()

            shown.storage.sort(by: [SortKey("title")], using: SortedBooks.orderings, completion: outcomes.completion("title"))
            shown.storage.sort(
                by: [SortKey("position", ascending: false)], using: SortedBooks.orderings, completion: outcomes.completion("position"))
            let byPosition = SortedBooks.request(sortedBy: [SortKey("position", ascending: false)])
            XCTAssertTrue(shown.settle(showing: byPosition, of: database))
            XCTAssertEqual(shown.updates.count, 1, "only the newest sort was applied")
            XCTAssertEqual(outcomes.all, ["title superseded", "position shown"])

            let start = shown.updates.count
            let broken = SortedBooks.orderings.column("author", by: Column("author"))
            shown.storage.sort(by: [SortKey("author")], using: broken, completion: outcomes.completion("author"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all.count == 3 && !shown.storage.hasPendingChanges }))
            XCTAssertEqual(outcomes.all.last, "author failed fetchFailed")
            XCTAssertEqual(shown.storage.sortKeys, [SortKey("position", ascending: false)])
            XCTAssertEqual(shown.updates.count, start)

            try database.queue.write { db in try Book(id: 40, title: "Late", shelf: "poetry", position: 7).insert(db) }
            XCTAssertTrue(shown.settle(showing: byPosition, of: database))
            XCTAssertEqual(shown.idsBySection, [[5, 4, 3, 2, 1], [40, 8, 7, 6]])
        }
    }

    func testANewRequestKeepsTheSortAndItsRecordsAreReadWithIt() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            let keys = [SortKey("title")]
            shown.storage.sort(by: keys, using: SortedBooks.orderings)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: keys), of: database))

            let poetry = BookDatabase.request.filter(Column("shelf") == "poetry")
            shown.storage.setRequest(poetry)
            let expected = SortedBooks.orderings.request(poetry, sortedBy: keys)
            XCTAssertTrue(shown.settle(showing: expected, of: database), "\(shown.boundRows)")
            XCTAssertEqual(shown.idsBySection, [[8, 6, 7]])
            XCTAssertEqual(shown.storage.sortKeys, keys)

            try database.queue.write { db in
                try Book(id: 50, title: "Ariel", shelf: "poetry", position: 3).insert(db)
                try Book(id: 51, title: "Not shown", shelf: "art", position: 3).insert(db)
            }
            XCTAssertTrue(shown.settle(showing: expected, of: database), "\(shown.boundRows)")
            XCTAssertEqual(shown.idsBySection, [[50, 8, 6, 7]])
        }
    }

    func testSortingManyRecordsReadsTheirIdentitiesNotTheRecords() throws {
        try withBooks(shelves: ["a", "b"], count: 3_000) { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            let keys = [SortKey("position", ascending: false)]

            shown.storage.sort(by: keys, using: SortedBooks.orderings)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: keys), of: database, timeout: .seconds(20)))
            XCTAssertEqual(shown.idsBySection.map(\.first), [3_000, 6_000])
            XCTAssertEqual(SortedBooks.notMoves(shown.changes(since: 0)), [], "moves only")
            XCTAssertEqual(shown.changes(since: 0).count, 2 * 2_999, "each shelf reversed: all but one of its rows move")
            XCTAssertLessThanOrEqual(shown.storage.cachedRecordCount, 3 * 64, "records of the rows on screen, not of the table")
        }
    }
}
