import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A DatabaseStorage under a real list follows the sort a user picks in a table's headers: its
/// request's ORDER BY changes live, the rows move (the fewest moves, no row rebuilt), and the
/// database observation goes on with the new order.
final class DatabaseColumnSortTests: XCTestCase {
    func testASortMovesTheRowsWithinTheirShelvesTheFewestMovesKeepingTheirWidgets() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()
            let before = shown.idsBySection
            let widgets = Dictionary(
                uniqueKeysWithValues: shown.storage.records.map { book in
                    (book.id, shown.manager.boundRow(at: shown.storage.indexPath(ofID: book.id)!)!.widget)
                })

            let keys = [SortKey("title")]
            shown.storage.sort(by: keys, using: SortedBooks.orderings, completion: outcomes.completion("title"))
            XCTAssertEqual(shown.storage.sortKeys, keys, "the sort asked for, before its result is shown")
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: keys), of: database), "shows \(shown.shownRows)")

            XCTAssertEqual(
                shown.shownRows,
                [
                    "shelf art", "book apple#2", "book Banana#5", "book item 9#4", "book Item 10#3", "book Zebra#1",
                    "shelf poetry", "book ballads#8", "book odes#6", "book Sonnets#7",
                ],
                "as a person sorts titles: case second, numbers by value; shelves stay first")
            let changes = shown.changes(since: 0)
            XCTAssertEqual(SortedBooks.notMoves(changes), [], "moves only")
            XCTAssertEqual(changes.count, SortedBooks.fewestMoves(from: before, to: shown.idsBySection))
            XCTAssertEqual(shown.updates.count, 1, "one change set")
            XCTAssertEqual(outcomes.all, ["title shown"])
            for book in shown.storage.records {
                XCTAssertEqual(
                    shown.manager.boundRow(at: shown.storage.indexPath(ofID: book.id)!)?.widget, widgets[book.id],
                    "\(book) kept its row: moved, not rebuilt")
            }
        }
    }

    func testSeveralKeysReversalAndAnUnknownColumn() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)

            shown.storage.sort(by: [SortKey("bytes", ascending: false)], using: SortedBooks.orderings)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("bytes", ascending: false)]), of: database))
            XCTAssertEqual(shown.idsBySection, [[4, 2, 1, 3, 5], [6, 8, 7]], "code-point order, reversed")

            let start = shown.updates.count
            let keys = [SortKey("colour"), SortKey("bytes")]
            shown.storage.sort(by: keys, using: SortedBooks.orderings)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("bytes")]), of: database))
            XCTAssertEqual(shown.idsBySection, [[5, 3, 1, 2, 4], [7, 8, 6]])
            XCTAssertEqual(anomalies.all, [.unknownSortColumn(column: "colour", knownColumns: ["title", "position", "bytes"])])
            let changes = shown.changes(since: start)
            XCTAssertEqual(SortedBooks.notMoves(changes), [])
            XCTAssertEqual(changes.count, 4 + 2, "reversing n distinct rows moves n - 1 of them")
            XCTAssertEqual(shown.storage.sortKeys, keys)
        }
    }

    func testTiesAreBrokenByTheTieBreakersThenThePrimaryKeyWhicheverWayTheKeyPoints() throws {
        try SortedBooks.withDatabase { database in
            try database.queue.write { db in try db.execute(sql: "UPDATE book SET title = 'same' WHERE id IN (1, 3, 4)") }
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let byTitle = SortedBooks.orderings.column("title", byText: Column("title"))
            let reversedTies = DatabaseColumnOrderings(sections: [Column("shelf")], breakingTiesBy: [Column("position").desc])
                .column("title", byText: Column("title"))

            for ascending in [true, false] {
                shown.storage.sort(by: [SortKey("title", ascending: ascending)], using: byTitle)
                XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("title", ascending: ascending)]), of: database))
                let same = shown.storage.records(inSection: 0).filter { $0.title == "same" }.map(\.id)
                XCTAssertEqual(same, [1, 3, 4], "ties by primary key, not reversed (ascending: \(ascending))")
            }
            shown.storage.sort(by: [SortKey("title")], using: reversedTies)
            XCTAssertTrue(
                GtkRuntime.iterate(until: {
                    !shown.storage.hasPendingChanges
                        && shown.storage.records(inSection: 0).filter { $0.title == "same" }.map(\.id) == [4, 3, 1]
                }),
                "ties by the tie-breaker first: \(shown.storage.records)")
        }
    }

    func testAWriteAfterTheSortAndAWriteWhileItRunsAppearInTheSortedOrder() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let keys = [SortKey("title", ascending: false)]
            let sorted = SortedBooks.request(sortedBy: keys)

            shown.storage.sort(by: keys, using: SortedBooks.orderings)
            // Committed while the storage changes observations: neither fetch may miss it.
            try database.queue.write { db in try Book(id: 20, title: "Mango", shelf: "art", position: 9).insert(db) }
            XCTAssertTrue(shown.settle(showing: sorted, of: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.idsBySection[0], [1, 20, 3, 4, 5, 2])

            let start = shown.updates.count
            try database.queue.write { db in
                try db.execute(sql: "UPDATE book SET title = 'aardvark' WHERE id = 1")
                try Book(id: 21, title: "Quartets", shelf: "poetry", position: 0).insert(db)
            }
            XCTAssertTrue(shown.settle(showing: sorted, of: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.idsBySection, [[20, 3, 4, 5, 2, 1], [7, 21, 6, 8]])
            let changes = shown.changes(since: start)
            XCTAssertEqual(changes.count, 3, "the renamed book moves and refreshes, the new one is inserted: \(changes)")

            try database.otherConnection().write { db in try db.execute(sql: "UPDATE book SET title = 'Zz' WHERE id = 8") }
            XCTAssertTrue(shown.settle(showing: sorted, of: database), "another connection's write, in the sorted order")
            XCTAssertEqual(shown.idsBySection[1], [8, 7, 21, 6])
        }
    }

    func testASortAskedBeforeThePreviousOneIsShownSupersedesIt() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()

            shown.storage.sort(by: [SortKey("title")], using: SortedBooks.orderings, completion: outcomes.completion("title"))
            shown.storage.sort(by: [SortKey("bytes")], using: SortedBooks.orderings, completion: outcomes.completion("bytes"))
            shown.storage.sort(
                by: [SortKey("position", ascending: false)], using: SortedBooks.orderings, completion: outcomes.completion("position"))
            XCTAssertTrue(shown.storage.hasPendingChanges)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("position", ascending: false)]), of: database))

            XCTAssertEqual(shown.updates.count, 1, "only the newest sort was applied: \(shown.updates)")
            XCTAssertEqual(shown.idsBySection, [[5, 4, 3, 2, 1], [8, 7, 6]])
            XCTAssertEqual(outcomes.all, ["title superseded", "bytes superseded", "position shown"])
        }
    }

    func testAnEmptySortGoesBackToTheRequestsOwnOrder() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            shown.storage.sort(by: [SortKey("title")], using: SortedBooks.orderings)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("title")]), of: database))

            shown.storage.sort(by: [], using: SortedBooks.orderings)
            XCTAssertEqual(shown.storage.sortKeys, [])
            XCTAssertTrue(shown.settle(matching: database), "the request's ORDER BY: \(shown.shownRows)")
            XCTAssertEqual(SortedBooks.notMoves(shown.changes(since: 0)), [])
        }
    }

    func testANewRequestKeepsTheSortAndIsFollowedLive() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let outcomes = RequestOutcomes()
            let keys = [SortKey("title")]
            shown.storage.sort(by: keys, using: SortedBooks.orderings)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: keys), of: database))
            let start = shown.updates.count

            let filtered = BookDatabase.request.filter(Column("title") != "odes" && Column("id") != 3)
            shown.storage.setRequest(filtered, completion: outcomes.completion("filter"))
            XCTAssertEqual(shown.storage.sortKeys, keys, "the sort stays")
            let expected = SortedBooks.orderings.request(filtered, sortedBy: keys)
            XCTAssertTrue(shown.settle(showing: expected, of: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.idsBySection, [[2, 5, 4, 1], [8, 7]])
            XCTAssertEqual(
                shown.changes(since: start),
                [.deleteItem(at: IndexPath(item: 3, section: 0)), .deleteItem(at: IndexPath(item: 1, section: 1))])
            XCTAssertEqual(outcomes.all, ["filter shown"])

            try database.queue.write { db in try Book(id: 30, title: "Cherry", shelf: "poetry", position: 5).insert(db) }
            XCTAssertTrue(shown.settle(showing: expected, of: database))
            XCTAssertEqual(shown.idsBySection, [[2, 5, 4, 1], [8, 30, 7]])
        }
    }

    func testASortThatCannotRunIsReportedAndTheStorageKeepsFollowingItsOrder() throws {
        try SortedBooks.withDatabase { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            let outcomes = RequestOutcomes()
            let broken = SortedBooks.orderings.column("author", by: Column("author"))
            shown.storage.sort(by: [SortKey("position", ascending: false)], using: broken)
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("position", ascending: false)]), of: database))
            let start = shown.updates.count

            shown.storage.sort(by: [SortKey("author")], using: broken, completion: outcomes.completion("author"))
            XCTAssertTrue(GtkRuntime.iterate(until: { !outcomes.all.isEmpty && !shown.storage.hasPendingChanges }))

            guard case let .fetchFailed(reason)? = anomalies.all.first else { return XCTFail("\(anomalies.all)") }
            XCTAssertTrue(reason.contains("no such column: author"), reason)
            XCTAssertEqual(outcomes.all, ["author failed fetchFailed"])
            XCTAssertEqual(shown.storage.sortKeys, [SortKey("position", ascending: false)], "back to the sort shown")
            XCTAssertEqual(shown.updates.count, start, "nothing moved")

            try database.queue.write { db in try Book(id: 40, title: "Late", shelf: "art", position: 7).insert(db) }
            XCTAssertTrue(shown.settle(showing: SortedBooks.request(sortedBy: [SortKey("position", ascending: false)]), of: database))
            XCTAssertEqual(shown.idsBySection[0], [40, 5, 4, 3, 2, 1], "still following the database, in the order shown")
        }
    }

    func testAStorageOverSQLRefusesToSortAndKeepsItsOrder() throws {
        try SortedBooks.withDatabase { database in
            let storage = try DatabaseStorage(
                database.queue, request: SQLRequest<Book>(sql: "SELECT * FROM book ORDER BY shelf, position"), sectionedBy: { $0.shelf },
                handOff: GLibMainActorHandOff())
            let anomalies = ReportedAnomalies(of: storage)
            let outcomes = RequestOutcomes()
            let recorder = StorageUpdateLog(observing: storage)
            let before = storage.records

            storage.sort(by: [SortKey("title")], using: SortedBooks.orderings, completion: outcomes.completion("title"))
            XCTAssertTrue(GtkRuntime.iterate(until: { !outcomes.all.isEmpty }))
            XCTAssertEqual(outcomes.all, ["title failed requestNotSortable"])
            XCTAssertEqual(anomalies.all, [.requestNotSortable])
            XCTAssertEqual(storage.sortKeys, [])
            XCTAssertEqual(storage.records, before)
            XCTAssertTrue(recorder.updates.isEmpty)

            // A request of the query interface can be sorted.
            storage.setRequest(BookDatabase.request)
            storage.sort(by: [SortKey("title")], using: SortedBooks.orderings, completion: outcomes.completion("title again"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all.count == 2 }))
            XCTAssertEqual(outcomes.all.last, "title again shown")
            XCTAssertEqual(storage.records.map(\.id), [2, 5, 4, 3, 1, 8, 6, 7])
            XCTAssertEqual(SortedBooks.notMoves(changeLog(of: recorder.updates[...])), [])
        }
    }
}

/// A storage observer that keeps every update, for a storage shown in no list.
@MainActor
final class StorageUpdateLog: StorageObserver {
    private(set) var updates: [StorageUpdate] = []
    init(observing storage: some ObservableStorage) { storage.addObserver(self) }
    func storage(_ storage: any Storage, didPerform changes: ChangeSet) { updates.append(.changes(changes)) }
    func storageNeedsReload(_ storage: any Storage) { updates.append(.reload) }
}
