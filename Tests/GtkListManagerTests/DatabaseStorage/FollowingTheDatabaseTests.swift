import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A ListManager on a DatabaseStorage follows the database by itself: the GtkListBox equals a
/// fresh query after every write, whoever made it, with the fewest row operations.
final class FollowingTheDatabaseTests: XCTestCase {
    func testTheListShowsTheRequestInSectionsFromTheStart() throws {
        try withBooks(shelves: ["poetry", "art"], count: 3) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            XCTAssertEqual(
                shown.shownRows,
                [
                    "shelf art", "book art-0#4", "book art-1#5", "book art-2#6",
                    "shelf poetry", "book poetry-0#1", "book poetry-1#2", "book poetry-2#3",
                ])
            XCTAssertEqual(shown.storage.sectionKeys, ["art", "poetry"])
            XCTAssertEqual(shown.storage.record(at: IndexPath(item: 1, section: 1))?.title, "poetry-1")
        }
    }

    func testAWriteOnTheMainThreadReachesTheListAsTheFewestChanges() throws {
        try withBooks(shelves: ["art"], count: 4) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let widgets = Dictionary(
                uniqueKeysWithValues: (0..<4).map { item in
                    (Int64(item + 1), shown.manager.boundRow(at: IndexPath(item: item, section: 0))!.widget)
                })
            try database.queue.write { db in
                try db.execute(sql: "UPDATE book SET position = 10 WHERE id = 1")  // art-0 to the end
                try db.execute(sql: "UPDATE book SET title = 'renamed' WHERE id = 3")  // new content
                try db.execute(sql: "DELETE FROM book WHERE id = 2")
                try Book(id: 9, title: "new", shelf: "art", position: 5).insert(db)
            }
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.shownRows, ["shelf art", "book renamed#3", "book art-3#4", "book new#9", "book art-0#1"])
            guard case let .changes(changes) = try XCTUnwrap(shown.updates.last) else { return XCTFail("a reload") }
            XCTAssertEqual(
                changes.count, 5, "one delete, one insert, one move, two updates (the moved book has a new position): \(changes)")
            XCTAssertEqual(shown.updates.count, 1, "one write, one change set")
            for (id, item) in [(Int64(1), 3), (3, 0), (4, 1)] {
                XCTAssertEqual(
                    shown.manager.boundRow(at: IndexPath(item: item, section: 0))?.widget, widgets[id],
                    "book \(id) kept its row: moved or refreshed in place, not rebuilt")
            }
        }
    }

    func testWritesFromBackgroundThreadsAreFollowed() throws {
        try withBooks(shelves: ["a", "b"], count: 20) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let queue = database.queue
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                try! queue.write { db in
                    try Book(id: Int64(100 + worker), title: "w\(worker)", shelf: worker % 2 == 0 ? "a" : "c", position: Int64(worker))
                        .insert(db)
                    try db.execute(sql: "DELETE FROM book WHERE id = ?", arguments: [worker * 3 + 1])
                    try db.execute(sql: "UPDATE book SET shelf = 'c' WHERE id = ?", arguments: [worker * 3 + 2])
                }
            }
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.storage.sectionKeys, ["a", "b", "c"])
        }
    }

    func testWritesThroughAnotherConnectionAreNoticedWithinASecond() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            let shown = try ShownBookList(database, externalChangeInterval: .milliseconds(250))
            defer { shown.close() }
            let other = try database.otherConnection()
            try other.write { db in
                try Book(id: 50, title: "elsewhere", shelf: "z", position: 0).insert(db)
                try db.execute(sql: "DELETE FROM book WHERE id = 2")
            }
            let clock = ContinuousClock()
            let start = clock.now
            XCTAssertTrue(shown.settle(matching: database, timeout: .seconds(1)), "shows \(shown.shownRows)")
            XCTAssertLessThan(clock.now - start, .seconds(1))
            XCTAssertEqual(shown.shownRows.last, "book elsewhere#50")
        }
    }

    func testAStoppedStorageAppliesNothingMore() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            let before = shown.shownRows
            try database.queue.write { db in try db.execute(sql: "DELETE FROM book") }
            shown.storage.stopObserving()
            try database.otherConnection().write { db in try Book(id: 7, title: "late", shelf: "a", position: 0).insert(db) }
            shown.list.settle(milliseconds: 400)
            XCTAssertEqual(shown.shownRows, before)
            XCTAssertTrue(shown.updates.isEmpty)
        }
    }
}
