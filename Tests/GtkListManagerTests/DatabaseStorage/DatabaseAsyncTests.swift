import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// The database storages' `async` forms: each returns the outcome its completion would get, once
/// that is known (the storage shows the new request or sort when it returns with `.shown`), a
/// superseded call with `.superseded` once the newer one shows; the search's once its rows show.
final class DatabaseAsyncTests: XCTestCase {
    func testSetRequestAndSortReturnShownOnceTheResultIsShown() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            XCTAssertTrue(shown.settle(matching: database))
            let storage = shown.storage
            let artOnly = BookDatabase.request.filter(Column("shelf") == "art")

            let request = AwaitedListCall { (await storage.setRequestAndWait(artOnly), storage.records.map(\.id)) }
            XCTAssertTrue(request.waitForReturn())
            XCTAssertEqual(request.result?.0, .shown)
            XCTAssertEqual(request.result?.1, [1, 2, 3, 4, 5], "the new request's records when it returned")

            let keys = [SortKey("title", ascending: false)]
            let expected = try database.queue.read { db in
                try SortedBooks.orderings.request(artOnly, sortedBy: keys).fetchAll(db).map(\.id)
            }
            let sort = AwaitedListCall { (await storage.sortAndWait(by: keys, using: SortedBooks.orderings), storage.records.map(\.id)) }
            XCTAssertTrue(sort.waitForReturn())
            XCTAssertEqual(sort.result?.0, .shown)
            XCTAssertEqual(sort.result?.1, expected, "sorted when it returned")
            XCTAssertEqual(shown.updates.count, 2, "the list received each change before its call returned")
        }
    }

    func testASupersededSortReturnsSupersededOnceTheNewerOneShows() throws {
        try SortedBooks.withDatabase { database in
            let handOff = ParkedHandOffs()
            let storage = try DatabaseStorage(
                database.queue, request: BookDatabase.request, sectionedBy: { $0.shelf }, externalChangeInterval: nil, handOff: handOff)
            handOff.drain()  // the observation's first value
            let outcomes = RequestOutcomes()

            let first = AwaitedListCall {
                (await storage.sortAndWait(by: [SortKey("title")], using: SortedBooks.orderings), storage.records.map(\.id))
            }
            XCTAssertTrue(handOff.waitForParked(), "the call was made: its result is fetched")
            storage.sort(by: [SortKey("bytes")], using: SortedBooks.orderings, completion: outcomes.completion("bytes"))
            handOff.deliverNext()  // the title sort's result: dropped
            _ = GtkRuntime.iterate(until: { false }, timeout: .milliseconds(50))
            XCTAssertFalse(first.hasReturned, "it waits until the newer sort's outcome is known")
            handOff.drain()

            XCTAssertTrue(first.waitForReturn())
            XCTAssertEqual(first.result?.0, .superseded)
            XCTAssertEqual(first.result?.1, [5, 3, 1, 2, 4, 7, 8, 6], "the newer sort shows when it returns")
            XCTAssertEqual(outcomes.all, ["bytes shown"])
        }
    }

    func testASortTheRequestCannotTakeReturnsFailed() throws {
        try SortedBooks.withDatabase { database in
            let storage = try DatabaseStorage(
                database.queue, request: SQLRequest<Book>(sql: "SELECT * FROM book ORDER BY shelf, position"), sectionedBy: { $0.shelf },
                handOff: GLibMainActorHandOff())
            let sort = AwaitedListCall { await storage.sortAndWait(by: [SortKey("title")], using: SortedBooks.orderings) }
            XCTAssertTrue(sort.waitForReturn())
            XCTAssertEqual(sort.result, .failed(.requestNotSortable))
        }
    }

    func testTheLazyStoragesRequestAndSortReturnOnceShownOrSuperseded() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            XCTAssertTrue(shown.settle(matching: database))
            let storage = shown.storage
            let poetry = BookDatabase.request.filter(Column("shelf") == "poetry")

            let request = AwaitedListCall { (await storage.setRequestAndWait(poetry), shown.shownIDs) }
            XCTAssertTrue(request.waitForReturn())
            XCTAssertEqual(request.result?.0, .shown)
            XCTAssertEqual(request.result?.1, [6, 7, 8])

            // Both asked before either result: the first returns superseded, once the second shows.
            let byTitle = AwaitedListCall {
                (await storage.sortAndWait(by: [SortKey("title")], using: SortedBooks.orderings), shown.shownIDs)
            }
            let byPosition = AwaitedListCall {
                (await storage.sortAndWait(by: [SortKey("position", ascending: false)], using: SortedBooks.orderings), shown.shownIDs)
            }
            XCTAssertTrue(byTitle.waitForReturn() && byPosition.waitForReturn())
            XCTAssertEqual(byTitle.result?.0, .superseded)
            XCTAssertEqual(byTitle.result?.1, [8, 7, 6], "the newer sort shows when it returns")
            XCTAssertEqual(byPosition.result?.0, .shown)
            XCTAssertEqual(byPosition.result?.1, [8, 7, 6])
        }
    }

    func testTheSearchReturnsOnceItsTextShowsAndASupersededTextWithTheNewerOne() throws {
        try SortedBooks.withDatabase { database in
            try database.queue.write { db in
                try db.create(virtualTable: "book_ft", using: FTS5()) { table in
                    table.synchronize(withTable: "book")
                    table.column("title")
                }
            }
            let shown = try ShownLazyBookList(database, filteredByID: true)
            defer { shown.close() }
            XCTAssertTrue(shown.settle(matching: database))
            let filtered = try XCTUnwrap(shown.filtered)
            let search = FullTextFilter(
                FullTextSearch(index: "book_ft"), filtering: filtered, in: database.queue, handOff: GLibMainActorHandOff())
            let books = shown.storage
            let ids: @MainActor () -> [Int64] = {
                (0..<filtered.numberOfSections).flatMap { section in
                    (0..<filtered.numberOfItems(inSection: section)).compactMap { item in
                        filtered.baseIndexPath(for: IndexPath(item: item, section: section)).flatMap(books.id(at:))
                    }
                }
            }

            let first = AwaitedListCall {
                await search.setTextAndWait("b")
                return ids()
            }
            let second = AwaitedListCall {
                await search.setTextAndWait("item")
                return ids()
            }
            XCTAssertTrue(first.waitForReturn() && second.waitForReturn())
            XCTAssertEqual(second.result, [3, 4], "the matches show when it returns")
            XCTAssertEqual(first.result, [3, 4], "superseded or not, it returns once the newer text shows")

            let all = AwaitedListCall {
                await search.setTextAndWait("")
                return ids()
            }
            XCTAssertTrue(all.waitForReturn())
            XCTAssertEqual(all.result?.count, 8)
        }
    }
}
