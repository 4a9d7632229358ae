import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// Drops into a database storage: a placeholder row while the data arrives, then the record,
/// inserted in one transaction with its shelf's order; writes made meanwhile wait until the
/// drop settled.
final class DroppingIntoTheDatabaseTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    /// Inserts a dropped book on the shelf it was dropped into.
    static let onTheDroppedShelf = DatabaseInsertion<Book, String>.inserting { book, shelf in
        if let shelf { book.shelf = shelf }
    }

    /// The books of `shelf` in the database's order, by title.
    private static func titles(_ database: BookDatabase, shelf: String) throws -> [String] {
        try database.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM book WHERE shelf = ? ORDER BY position, id", arguments: [shelf])
        }
    }

    func testABookDraggedInFromAnotherListShowsAPlaceholderThenItsRecordWhereItWasDropped() throws {
        try withBooks(shelves: ["a"], count: 3) { database in
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            shown.storage.dropInsertion = Self.onTheDroppedShelf
            var placeholder: DropPlaceholder?
            shown.manager.dropSessionDidUpdate { _, _ in .copy }
            shown.manager.performDrop { [unowned shown] session in
                guard let indexPath = session.destinationIndexPath, let item = session.items.first else { return }
                // A book standing in for the one arriving: its row is refreshed in place.
                placeholder = shown.manager.drop(
                    item, toPlaceholderAt: indexPath, showing: Book(id: -1, title: "loading…", shelf: "", position: 0))
            }
            let source = ListManager()
            source.register(NameRow.self) { mapping in
                mapping.itemsForBeginningDrag { _, title, _ in [DragItem(text: title)] }
            }
            source.memoryStorage?.setItems(["Dune"])
            let sourceList = ShownList(source)
            defer { sourceList.close() }
            shown.list.moveWindow(toX: 500)
            let start = shown.updates.count

            // "Dune" onto the lower half of a-0: dropped at item 1.
            let target = shown.list.listRow(at: IndexPath(item: 0, section: 0))
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(gcast(target), &allocation)
            sourceList.drag(
                from: sourceList.screenPoint(in: gcast(sourceList.listRow(at: IndexPath(item: 0, section: 0))), x: 60),
                to: shown.list.screenPoint(in: gcast(target), x: 60, y: allocation.height * 3 / 4), steps: 6)
            let dropped = try XCTUnwrap(placeholder, "the drop reached performDrop")
            XCTAssertEqual(shown.shownRows, ["shelf a", "book a-0#1", "book loading…#-1", "book a-1#2", "book a-2#3"])
            let placeholderRow = shown.manager.boundRow(at: IndexPath(item: 1, section: 0))?.listBoxRow

            // Another writer adds a book meanwhile: it waits until the drop settled.
            try database.queue.write { db in try Book(id: 50, title: "a-9", shelf: "a", position: 9).insert(db) }
            shown.list.settle(milliseconds: 300)
            XCTAssertEqual(shown.shownRows[2], "book loading…#-1", "rows do not shift under the placeholder")
            XCTAssertEqual(shown.shownRows.count, 5)
            XCTAssertTrue(shown.storage.hasPendingChanges, "the other write's result is held")

            // The data arrives.
            let title = try XCTUnwrap(dropped.item.text)
            XCTAssertEqual(
                dropped.commitInsertion(ofItem: Book(id: 100, title: title, shelf: "?", position: 0)), IndexPath(item: 1, section: 0))
            XCTAssertEqual(shown.shownRows[2], "book Dune#100", "shown at once, in the placeholder's row")
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")

            XCTAssertEqual(try Self.titles(database, shelf: "a"), ["a-0", "Dune", "a-1", "a-2", "a-9"], "written with the shelf's order")
            XCTAssertEqual(
                shown.manager.boundRow(at: IndexPath(item: 1, section: 0))?.listBoxRow, placeholderRow,
                "the placeholder's row became the record's")
            let changes = shown.changes(since: start)
            XCTAssertEqual(changes.filter { if case .deleteItem = $0 { true } else { false } }.count, 0, "nothing removed: \(changes)")
            XCTAssertEqual(
                changes.filter { if case .insertItem = $0 { true } else { false } }.count, 2, "the placeholder and a-9: \(changes)")
        }
    }

    func testARemovedPlaceholderLeavesTheDatabaseAloneAndLetsHeldWritesThrough() throws {
        try withBooks(shelves: ["a", "b"], count: 2) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            shown.storage.dropInsertion = Self.onTheDroppedShelf
            shown.manager.register(NameRow.self)
            let before = shown.shownRows

            let placeholder = shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 2, section: 0), showing: "loading…")
            XCTAssertEqual(
                shown.shownRows, ["shelf a", "book a-0#1", "book a-1#2", "book loading…", "shelf b", "book b-0#3", "book b-1#4"])
            try database.queue.write { db in try db.execute(sql: "UPDATE book SET title = 'b-renamed' WHERE id = 3") }
            shown.list.settle(milliseconds: 200)
            XCTAssertEqual(shown.shownRows[5], "book b-0#3", "held while the placeholder shows")

            placeholder.deletePlaceholder()
            XCTAssertEqual(Array(shown.shownRows.prefix(4)), Array(before.prefix(3)) + ["shelf b"])
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.shownRows[4], "book b-renamed#3")
            XCTAssertEqual(try database.freshRecords().count, 4, "nothing written")
        }
    }

    func testADropIntoAnEmptyListOpensItsShelf() throws {
        try withBooks(shelves: [], count: 0) { database in
            let shown = try ShownBookList(database)
            defer { shown.close() }
            shown.storage.dropInsertion = .inserting { book, shelf in
                XCTAssertNil(shelf, "no shelf to drop onto yet")
            }
            shown.manager.register(NameRow.self)

            let placeholder = shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 0, section: 0), showing: "loading…")
            XCTAssertEqual(shown.shownRows, ["book loading…"], "a section without header yet")
            placeholder.commitInsertion(ofItem: Book(id: 7, title: "first", shelf: "new", position: 0))
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")
            XCTAssertEqual(shown.shownRows, ["shelf new", "book first#7"], "its shelf's header came with the record")
        }
    }

    func testADropWithoutPlaceholderIsInsertedAtOnceAndWhereTheOrderPutsIt() throws {
        try withBooks(shelves: ["a", "b"], count: 2) { database in
            // Without a reordering the request's order decides: the book goes to its own shelf.
            let shown = try ShownBookList(database)
            defer { shown.close() }
            shown.storage.dropInsertion = .inserting()

            let placeholder = shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 0, section: 0))
            placeholder.commitInsertion(ofItem: Book(id: 9, title: "b-first", shelf: "b", position: -1))
            XCTAssertEqual(shown.shownRows[1], "book b-first#9", "shown where it was dropped at once")
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")
            XCTAssertEqual(
                shown.shownRows, ["shelf a", "book a-0#1", "book a-1#2", "shelf b", "book b-first#9", "book b-0#3", "book b-1#4"])
        }
    }

    func testAFailedInsertRemovesTheRowReportsItAndWritesNothing() throws {
        try withBooks(shelves: ["a"], count: 2) { database in
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            let anomalies = ReportedAnomalies(of: shown.storage)
            shown.storage.dropInsertion = Self.onTheDroppedShelf
            shown.manager.register(NameRow.self)
            let before = shown.shownRows

            let placeholder = shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 0, section: 0), showing: "loading…")
            placeholder.commitInsertion(ofItem: Book(id: 1, title: "same id as a-0", shelf: "a", position: 0))
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")

            XCTAssertEqual(shown.shownRows, before)
            XCTAssertEqual(try Self.titles(database, shelf: "a"), ["a-0", "a-1"], "the order was not written either")
            guard case let .writeFailed(reason) = anomalies.all.first, anomalies.all.count == 1 else { return XCTFail("\(anomalies.all)") }
            XCTAssertTrue(reason.contains("UNIQUE constraint failed"), reason)
        }
    }

    func testDropsTheStorageCannotTakeAreRefusedWithAnAnomaly() throws {
        try withBooks(shelves: ["a"], count: 2) { database in
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"))
            defer { shown.close() }
            shown.manager.register(NameRow.self)
            let anomalies = ReportedAnomalies(of: shown.storage)
            let before = shown.shownRows

            XCTAssertNil(
                shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 0, section: 0))
                    .commitInsertion(ofItem: Book(id: 9, title: "no insertion", shelf: "a", position: 0)))
            shown.storage.dropInsertion = Self.onTheDroppedShelf
            XCTAssertNil(
                shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 0, section: 0))
                    .commitInsertion(ofItem: "not a book"))
            XCTAssertThrowsError(try shown.storage.insertPlaceholder("x", at: IndexPath(item: 3, section: 0)))
            XCTAssertThrowsError(try shown.storage.insertPlaceholder("x", at: IndexPath(item: 0, section: 2)))
            XCTAssertThrowsError(try shown.storage.commitPlaceholder(at: IndexPath(item: 0, section: 0), with: "no placeholder there"))
            shown.storage.removePlaceholder(at: IndexPath(item: 1, section: 0))
            XCTAssertEqual(shown.shownRows, before)

            let placeholder = shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 0, section: 0), showing: "loading…")
            shown.storage.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 2, section: 0))
            placeholder.deletePlaceholder()
            shown.list.settle(milliseconds: 100)

            XCTAssertEqual(
                anomalies.all.map(\.description),
                [
                    "dropRefused(itemNotAccepted)", "dropRefused(itemNotAccepted)", "dropRefused(insertionIndexPathTooBig)",
                    "dropRefused(sectionIndexOutOfRange)", "dropRefused(itemIndexPathOutOfRange)",
                    "dropRefused(itemIndexPathOutOfRange)", "moveWhileDropping(s0.i1 → s0.i2)",
                ])
            XCTAssertEqual(shown.shownRows, before)
            XCTAssertEqual(try database.expectedRows(), before, "nothing written")
        }
    }

    func testALazyStorageTakesADropAndReadsTheStoredRecord() throws {
        try withBooks(shelves: ["a", "b"], count: 3) { database in
            let shown = try ShownLazyBookList(database, reordering: .column("position", ofTable: "book", sectionColumn: "shelf"))
            defer { shown.close() }
            shown.storage.dropInsertion = Self.onTheDroppedShelf
            shown.manager.register(NameRow.self)

            let placeholder = shown.manager.drop(DragItem(text: "x"), toPlaceholderAt: IndexPath(item: 1, section: 1), showing: "loading…")
            shown.list.settleFrame()
            XCTAssertEqual(shown.boundRows[6], "book loading…#-1")
            placeholder.commitInsertion(ofItem: Book(id: 70, title: "lazy", shelf: "?", position: 0))
            XCTAssertTrue(shown.settle(matching: database), "differs: \(shown.differences(from: database))")

            XCTAssertEqual(try Self.titles(database, shelf: "b"), ["b-0", "lazy", "b-1", "b-2"])
            shown.list.settleFrame()
            XCTAssertEqual(shown.boundRows[6], "book lazy#70")
            XCTAssertEqual(shown.storage.id(at: IndexPath(item: 1, section: 1)), 70)
            XCTAssertTrue(shown.anomalies.isEmpty, "\(shown.anomalies)")
        }
    }
}
