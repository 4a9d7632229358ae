import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A search field over a lazy storage that narrows its rows in memory (`FullTextFilter` over a
/// `FilteredStorage(keysOf:)`): each text asks the FTS5 index alone for the matching ids, the rows
/// read back from GTK are the matches in the request's order, the selection of rows that still
/// match stays, writes are searched again, and a failed search shows nothing and says why.
final class FullTextFilterTests: XCTestCase {
    /// The shown list of every book, filtered by id, with a search of the titles' FTS5 index.
    @MainActor private struct SearchedBooks {
        let shown: ShownLazyBookList
        let search: FullTextFilter<Int64>
        let statements = StatementLog()
        var anomalies: [DatabaseStorageAnomaly] { failures.all }
        private let failures = AnomalyLog()

        init(_ database: BookDatabase) throws {
            try database.queue.write { db in
                try db.create(virtualTable: "book_ft", using: FTS5()) { table in
                    table.synchronize(withTable: "book")
                    table.prefixes = [1, 2]
                    table.column("title")
                }
            }
            shown = try ShownLazyBookList(database, filteredByID: true)
            search = FullTextFilter(
                FullTextSearch(index: "book_ft"), filtering: shown.filtered!, in: database.queue, handOff: GLibMainActorHandOff())
            search.anomalyHandler.action = { [failures] in failures.append($0) }
            let statements = statements
            database.queue.inDatabase { db in db.trace { statements.append(String(describing: $0)) } }
        }

        /// Sets `text` and waits until it shows.
        func show(_ text: String) -> Bool {
            var shownText = false
            search.setText(text) { shownText = true }
            guard GtkRuntime.iterate(until: { shownText }) else { return false }
            shown.list.settleFrame()
            return true
        }

        /// The rows GTK shows, top to bottom.
        var rows: [String] { shown.boundRows.sorted { $0.key < $1.key }.map(\.value) }
    }

    func testATextShowsTheMatchesInTheRequestsOrderWithoutRunningTheRequestAgain() throws {
        try SortedBooks.withDatabase { database in
            let books = try SearchedBooks(database)
            defer { books.shown.close() }
            XCTAssertTrue(GtkRuntime.iterate(until: { books.rows.count == 10 }), "\(books.rows)")

            XCTAssertTrue(books.show("b"))
            XCTAssertEqual(books.rows, ["shelf art", "book Banana#5", "shelf poetry", "book ballads#8"])
            XCTAssertTrue(books.show("ITEM 9"))
            XCTAssertEqual(books.rows, ["shelf art", "book item 9#4", "shelf poetry"], "every word, as a prefix, any case")
            XCTAssertTrue(books.show("  "))
            XCTAssertEqual(books.rows.count, 10, "blank text: every book")
            XCTAssertTrue(books.show("!!"))
            XCTAssertEqual(books.rows, ["shelf art", "shelf poetry"], "no word: nothing")

            let searches = books.statements.all.filter { $0.contains("MATCH") }
            XCTAssertEqual(searches.count, 2, "the index is asked once a text with words: \(searches)")
            XCTAssertTrue(searches.allSatisfy { $0.hasPrefix("SELECT rowid FROM \"book_ft\"") }, "\(searches)")
            XCTAssertFalse(books.statements.all.contains { $0.contains("\"revision\"") }, "the request's ids are not read again")
            XCTAssertTrue(books.anomalies.isEmpty, "\(books.anomalies)")
        }
    }

    func testTheSelectionOfRowsThatStillMatchStays() throws {
        try SortedBooks.withDatabase { database in
            let books = try SearchedBooks(database)
            defer { books.shown.close() }
            XCTAssertTrue(GtkRuntime.iterate(until: { books.rows.count == 10 }), "\(books.rows)")
            let manager = books.shown.manager, filtered = books.shown.filtered!
            manager.selectionMode = .multiple
            XCTAssertTrue(manager.selectItem(at: try XCTUnwrap(filtered.indexPath(forBaseIndexPath: IndexPath(item: 3, section: 0)))))

            XCTAssertTrue(books.show("item"))
            XCTAssertEqual(books.rows, ["shelf art", "book Item 10#3", "book item 9#4", "shelf poetry"])
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], "item 9 stays selected")
            XCTAssertTrue(books.show(""))
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 0)], "and stays when every book shows again")
        }
    }

    func testWritesAreSearchedAgain() throws {
        try SortedBooks.withDatabase { database in
            let books = try SearchedBooks(database)
            defer { books.shown.close() }
            XCTAssertTrue(books.show("item"))
            XCTAssertEqual(books.rows, ["shelf art", "book Item 10#3", "book item 9#4", "shelf poetry"])

            try database.queue.write { db in
                try Book(id: 9, title: "Item 11", shelf: "poetry", position: 3).insert(db)
                try db.execute(sql: "UPDATE book SET title = 'Pear' WHERE id = 3")
            }
            let expected = ["shelf art", "book item 9#4", "shelf poetry", "book Item 11#9"]
            XCTAssertTrue(
                GtkRuntime.iterate(until: {
                    books.shown.list.settleFrame(); return books.rows == expected
                }), "\(books.rows)")
            XCTAssertFalse(books.search.storage.hasPendingFilter)
        }
    }

    func testIdsSpreadFarApartAreFoundAsWell() throws {
        try SortedBooks.withDatabase { database in
            // Rowids a bit set cannot span: the search keeps them in a hash set instead.
            try database.queue.write { db in
                try Book(id: -(1 << 40), title: "Item low", shelf: "poetry", position: 3).insert(db)
                try Book(id: 1 << 40, title: "Item high", shelf: "poetry", position: 4).insert(db)
            }
            let books = try SearchedBooks(database)
            defer { books.shown.close() }
            XCTAssertTrue(books.show("item"))
            XCTAssertEqual(
                books.rows,
                [
                    "shelf art", "book Item 10#3", "book item 9#4", "shelf poetry", "book Item low#\(-(1 << 40))",
                    "book Item high#\(1 << 40)",
                ])
            XCTAssertTrue(books.show("item h"))
            XCTAssertEqual(books.rows, ["shelf art", "shelf poetry", "book Item high#\(1 << 40)"])
        }
    }

    func testANewTextSupersedesOneStillSearchedAndEveryCompletionRunsInOrder() throws {
        try SortedBooks.withDatabase { database in
            let books = try SearchedBooks(database)
            defer { books.shown.close() }
            var completed: [String] = []
            for text in ["b", "ba", "son"] { books.search.setText(text) { completed.append(text) } }
            XCTAssertTrue(GtkRuntime.iterate(until: { completed.count == 3 }), "\(completed)")
            books.shown.list.settleFrame()
            XCTAssertEqual(completed, ["b", "ba", "son"])
            XCTAssertEqual(books.rows, ["shelf art", "shelf poetry", "book Sonnets#7"], "the newest text shows")
        }
    }

    func testAFailedSearchShowsNoRowAndSaysWhy() throws {
        try SortedBooks.withDatabase { database in
            let books = try SearchedBooks(database)
            defer { books.shown.close() }
            XCTAssertTrue(books.show("b"))
            try database.queue.write { db in try db.drop(table: "book_ft") }

            XCTAssertTrue(books.show("son"))
            XCTAssertTrue(GtkRuntime.iterate(until: { !books.anomalies.isEmpty }))
            XCTAssertEqual(books.rows, ["shelf art", "shelf poetry"], "never the rows of an older text")
            guard case let .fetchFailed(reason) = books.anomalies.first else { return XCTFail("\(books.anomalies)") }
            XCTAssertTrue(reason.contains("book_ft"), reason)
        }
    }
}

/// The anomalies a handler reported, in order.
@MainActor private final class AnomalyLog {
    private(set) var all: [DatabaseStorageAnomaly] = []

    func append(_ anomaly: DatabaseStorageAnomaly) { all.append(anomaly) }
}
