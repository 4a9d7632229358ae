import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A search field over the database storages through SQLite FTS5 (`FullTextSearch`): the storage
/// takes each search as a new request, the rows that still match keep their place in the
/// selection, and the index follows the table's writes.
final class FullTextSearchTests: XCTestCase {
    private static let search = FullTextSearch(index: "book_ft")

    /// The books' titles indexed by an FTS5 table kept up to date by triggers.
    @MainActor private static func indexTitles(of database: BookDatabase) throws {
        try database.queue.write { db in
            try db.create(virtualTable: "book_ft", using: FTS5()) { table in
                table.synchronize(withTable: "book")
                table.column("title")
            }
        }
    }

    /// What the tests' request shows for `text`, read by a fresh query of the same search.
    @MainActor private static func expectedIDs(_ database: BookDatabase, _ text: String) throws -> [Int64] {
        try database.queue.read { db in try search.request(BookDatabase.request, matching: text).fetchAll(db).map(\.id) }
    }

    func testWordsMatchAsPrefixesInAnyOrderCaseInsensitively() throws {
        try SortedBooks.withDatabase { database in
            try Self.indexTitles(of: database)
            XCTAssertEqual(try Self.expectedIDs(database, "son"), [7], "Sonnets")
            XCTAssertEqual(try Self.expectedIDs(database, "ITEM"), [3, 4], "Item 10, item 9")
            XCTAssertEqual(try Self.expectedIDs(database, "9 it"), [4], "every word, any order")
            XCTAssertEqual(
                try Self.expectedIDs(database, "  "),
                SortedBooks.books.sorted { ($0.shelf, $0.position) < ($1.shelf, $1.position) }.map(\.id), "blank: all")
            XCTAssertEqual(try Self.expectedIDs(database, "!!"), [], "no word: nothing")
        }
    }

    func testASearchIsANewRequestTheSelectionOfRowsThatStillMatchStays() throws {
        try SortedBooks.withDatabase { database in
            try Self.indexTitles(of: database)
            let shown = try ShownBookList(database)
            defer { shown.close() }
            XCTAssertTrue(GtkRuntime.iterate(until: { shown.shownRows.count == 10 }), "\(shown.shownRows)")
            shown.manager.selectionMode = .multiple
            let item9 = try XCTUnwrap(shown.storage.indexPath(ofID: 4))
            XCTAssertTrue(shown.manager.selectItem(at: item9))

            let outcomes = RequestOutcomes()
            shown.storage.setRequest(Self.search.request(BookDatabase.request, matching: "item"), completion: outcomes.completion("item"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all == ["item shown"] }), "\(outcomes.all)")
            shown.list.settleFrame()
            XCTAssertEqual(shown.shownRows, ["shelf art", "book Item 10#3", "book item 9#4"])
            XCTAssertEqual(shown.manager.selectedIndexPaths, [try XCTUnwrap(shown.storage.indexPath(ofID: 4))], "item 9 stays selected")

            // A write the index follows: a new matching book shows, through the same request.
            try database.queue.write { db in try Book(id: 9, title: "Item 11", shelf: "art", position: 5).insert(db) }
            XCTAssertTrue(GtkRuntime.iterate(until: { shown.shownRows.count == 4 }), "\(shown.shownRows)")
            XCTAssertEqual(shown.shownRows, ["shelf art", "book Item 10#3", "book item 9#4", "book Item 11#9"])
        }
    }

    func testTheLazyStorageSearchesAsWell() throws {
        try SortedBooks.withDatabase { database in
            try Self.indexTitles(of: database)
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()
            shown.storage.setRequest(Self.search.request(BookDatabase.request, matching: "b"), completion: outcomes.completion("b"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all == ["b shown"] }), "\(outcomes.all)")
            shown.list.settleFrame()
            XCTAssertEqual(
                shown.boundRows.sorted { $0.key < $1.key }.map(\.value),
                ["shelf art", "book Banana#5", "shelf poetry", "book ballads#8"])
            XCTAssertTrue(shown.anomalies.isEmpty, "\(shown.anomalies)")
        }
    }

    func testTheLazyStorageReadsItsRowsWithoutRunningTheSearchAgainWhenToldHow() throws {
        try SortedBooks.withDatabase { database in
            try Self.indexTitles(of: database)
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()
            shown.storage.setRequest(
                Self.search.request(BookDatabase.request, matching: "son"), readingRecordsWith: BookDatabase.request,
                completion: outcomes.completion("son"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all == ["son shown"] }), "\(outcomes.all)")
            // From here, the rows "b" brings are read by id.
            let reads = StatementLog()
            database.queue.inDatabase { db in db.trace { reads.append(String(describing: $0)) } }
            shown.storage.setRequest(
                Self.search.request(BookDatabase.request, matching: "b"), readingRecordsWith: BookDatabase.request,
                completion: outcomes.completion("b"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all == ["son shown", "b shown"] }), "\(outcomes.all)")
            shown.list.settleFrame()
            XCTAssertEqual(
                shown.boundRows.sorted { $0.key < $1.key }.map(\.value),
                ["shelf art", "book Banana#5", "shelf poetry", "book ballads#8"])
            let recordReads = reads.all.filter { $0.contains("\"id\" IN (") }
            XCTAssertFalse(recordReads.isEmpty, "the rows' records were read by id: \(reads.all)")
            XCTAssertEqual(recordReads.filter { $0.contains("MATCH") }, [], "without the search")
            XCTAssertTrue(reads.all.contains { $0.contains("MATCH") }, "the ids were read with it")
        }
    }
}

/// The SQL statements a connection ran, as its trace told them.
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func append(_ statement: String) {
        lock.withLock { statements.append(statement) }
    }

    var all: [String] { lock.withLock { statements } }
}
