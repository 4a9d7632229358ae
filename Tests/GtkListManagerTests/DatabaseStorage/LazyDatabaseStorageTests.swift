import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A lazy database storage on the virtualized host: the list follows ids, sections and change
/// markers, and only the records of rows on screen (and a page around them) are read.
final class LazyDatabaseStorageTests: XCTestCase {
    func testOnlyTheRecordsOfRowsOnScreenAreReadWherevertheListScrolls() throws {
        try withBooks(shelves: ["a", "b", "c", "d", "e"], count: 4_000) { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            XCTAssertEqual(shown.host.rowCount, 20_005, "every book and every shelf has a row")
            XCTAssertEqual(shown.differences(from: database), [])
            XCTAssertGreaterThan(shown.boundRows.count, 5)
            XCTAssertLessThanOrEqual(shown.storage.cachedRecordCount, 64, "one page read for the first screen")

            for fraction in [0.5, 0.9, 0.1, 1.0, 0.37] {
                shown.scroll(toFraction: fraction)
                XCTAssertEqual(shown.differences(from: database), [], "scrolled to \(fraction)")
            }
            XCTAssertLessThanOrEqual(shown.storage.cachedRecordCount, 6 * 64, "a page per place visited, not the table")
        }
    }

    func testARequestBringingMoreRecordsThanTheCacheHoldsReadsOnlyTheRowsShownAndKeepsTheSelection() throws {
        try withBooks(shelves: ["a", "b", "c", "d", "e"], count: 4_000) { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            shown.manager.selectionMode = .multiple
            let outcomes = RequestOutcomes()
            shown.storage.setRequest(BookDatabase.request.filter(Column("shelf") == "c"), completion: outcomes.completion("c"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all == ["c shown"] }), "\(outcomes.all)")
            shown.list.settleFrame()
            XCTAssertEqual(shown.host.rowCount, 4_001)
            let chosen = try XCTUnwrap(shown.storage.id(at: IndexPath(item: 2, section: 0)))
            XCTAssertTrue(shown.manager.selectItem(at: IndexPath(item: 2, section: 0)))
            let cachedBefore = shown.storage.cachedRecordCount

            // 16,000 records come back, more than the cache's 1,024: none is carried.
            shown.storage.setRequest(BookDatabase.request, completion: outcomes.completion("all"))
            XCTAssertTrue(GtkRuntime.iterate(until: { outcomes.all == ["c shown", "all shown"] }), "\(outcomes.all)")
            shown.list.settleFrame()
            XCTAssertEqual(shown.differences(from: database), [], "what GTK shows is the table, read where it shows")
            XCTAssertLessThanOrEqual(shown.storage.cachedRecordCount, cachedBefore + 4 * 64, "pages for the rows shown, not 16,000")
            let chosenPlace = try XCTUnwrap(shown.storage.indexPath(ofID: chosen))
            XCTAssertEqual(shown.manager.selectedIndexPaths, [chosenPlace], "the selected book stays selected")
            for fraction in [0.1, 0.8] {
                shown.scroll(toFraction: fraction)
                XCTAssertEqual(shown.differences(from: database), [], "scrolled to \(fraction)")
            }
            XCTAssertTrue(shown.anomalies.isEmpty, "\(shown.anomalies)")
        }
    }

    func testWritesReachTheRowsOnScreenAsMovesAndInPlaceUpdates() throws {
        try withBooks(shelves: ["a", "b"], count: 2_000) { database in
            let shown = try ShownLazyBookList(database)
            defer { shown.close() }
            var start = shown.updates.count

            try database.queue.write { db in try db.execute(sql: "UPDATE book SET title = 'renamed' WHERE id = 3") }
            XCTAssertTrue(shown.settle(matching: database), "\(shown.differences(from: database))")
            let renamed = Book(id: 3, title: "renamed", shelf: "a", position: 2)
            XCTAssertEqual(
                shown.changes(since: start), [.updateItem(at: IndexPath(item: 2, section: 0), model: renamed)],
                "a new change marker refreshes the row in place with the record read off the main thread")
            shown.scroll(toFraction: 0.5)
            shown.scroll(toFraction: 0)
            XCTAssertEqual(shown.differences(from: database), [], "rows bound again read the renamed record, not an old copy")

            start = shown.updates.count
            try database.queue.write { db in try db.execute(sql: "UPDATE book SET position = -1 WHERE id = 5") }
            XCTAssertTrue(shown.settle(matching: database), "\(shown.differences(from: database))")
            let moved = Book(id: 5, title: "a-4", shelf: "a", position: -1)
            XCTAssertEqual(
                shown.changes(since: start),
                [
                    .moveItem(from: IndexPath(item: 4, section: 0), to: IndexPath(item: 0, section: 0)),
                    .updateItem(at: IndexPath(item: 0, section: 0), model: moved),
                ])

            start = shown.updates.count
            try database.queue.write { db in
                try db.execute(sql: "INSERT INTO book (id, title, shelf, position) VALUES (9001, 'new', 'a', 1)")
                try db.execute(sql: "DELETE FROM book WHERE id = 2")
            }
            XCTAssertTrue(shown.settle(matching: database), "\(shown.differences(from: database))")
            let inserted = shown.changes(since: start).compactMap { change -> Book? in
                if case let .insertItem(_, model) = change { model as? Book } else { nil }
            }
            XCTAssertEqual(inserted.map(\.title), ["new"], "an insert carries the full record")
        }
    }

    func testWritesByAnotherConnectionAreFollowed() throws {
        try withBooks(shelves: ["a", "b"], count: 500) { database in
            let shown = try ShownLazyBookList(database, externalChangeInterval: .milliseconds(50))
            defer { shown.close() }
            try database.otherConnection().write { db in
                try db.execute(sql: "UPDATE book SET title = title || ' (2nd ed.)' WHERE id <= 6")
                try db.execute(sql: "UPDATE book SET shelf = 'b' WHERE id = 7")
                try db.execute(sql: "INSERT INTO book (id, title, shelf, position) VALUES (0, 'first', 'a', -5)")
            }
            XCTAssertTrue(shown.settle(matching: database), "\(shown.differences(from: database))")
            XCTAssertEqual(shown.boundRows[2], "book a-0 (2nd ed.)#1")
        }
    }

    func testAMoveInTheListIsWrittenOnceAndShownOnce() throws {
        try withBooks(shelves: ["a", "b"], count: 300) { database in
            let shown = try ShownLazyBookList(database, reordering: .column("position", ofTable: "book", sectionColumn: "shelf"))
            defer { shown.close() }
            let start = shown.updates.count
            shown.storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
            XCTAssertTrue(shown.settle(matching: database), "\(shown.differences(from: database))")
            XCTAssertEqual(try database.freshRecords().prefix(4).map(\.id), [2, 3, 4, 1], "the new order is in the file")
            let changes = shown.changes(since: start)
            XCTAssertEqual(changes.first, .moveItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0)))
            XCTAssertEqual(
                changes.dropFirst().filter { if case .updateItem = $0 { false } else { true } }, [],
                "after the write, only in-place refreshes of the records whose position changed: no second animation")
        }
    }

    func testARecordDeletedBeforeItIsReadShowsNoWrongRecord() throws {
        try withBooks(shelves: ["a"], count: 5_000) { database in
            // Nothing watches other connections: the storage still lists the book it cannot read.
            let storage = try LazyDatabaseStorage<Book, String>(
                database.queue, request: BookDatabase.request, sectionedBy: Column("shelf"),
                changeMarker: Column("revision"), externalChangeInterval: nil)
            try database.otherConnection().write { db in _ = try Book.deleteOne(db, key: 4_001) }
            XCTAssertNil(storage.record(at: IndexPath(item: 4_000, section: 0)), "deleted: no record, never another one")
            XCTAssertEqual(storage.record(at: IndexPath(item: 4_001, section: 0))?.id, 4_002, "its neighbours read as they are")
            XCTAssertEqual(storage.id(at: IndexPath(item: 4_000, section: 0)), 4_001)
        }
    }

    func testAChangeMarkerThatIsNotAColumnThrowsAndAPageThatCannotBeReadIsReported() throws {
        try withBooks(shelves: ["a"], count: 200) { database in
            XCTAssertThrowsError(
                try LazyDatabaseStorage<Book, String>(
                    database.queue, request: BookDatabase.request, sectionedBy: Column("shelf"),
                    changeMarker: Column("updatedAt"), externalChangeInterval: nil)
            ) { error in
                XCTAssertTrue("\(error)".contains("updatedAt"), "\(error)")
            }

            let storage = try LazyDatabaseStorage<Book, String>(
                database.queue, request: BookDatabase.request, sectionedBy: Column("shelf"),
                changeMarker: Column("revision"), externalChangeInterval: nil)
            var reported: [DatabaseStorageAnomaly] = []
            storage.anomalyHandler.action = { reported.append($0) }
            storage.stopObserving()
            try database.queue.write { db in try db.execute(sql: "ALTER TABLE book RENAME COLUMN title TO name") }
            XCTAssertNil(storage.record(at: IndexPath(item: 10, section: 0)), "Book cannot be decoded any more")
            XCTAssertEqual(reported.map(\.description), ["fetchFailed"])
            XCTAssertEqual(storage.count, 200, "the ids shown stay")
        }
    }
}
