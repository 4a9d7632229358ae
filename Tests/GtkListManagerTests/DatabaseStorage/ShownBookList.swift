import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A book's row: its title.
final class BookRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() { gtk_widget_set_size_request(widget, -1, 30) }
    func update(with book: Book) { gtk_label_set_text(gcast(widget), book.title) }
}

/// A shelf's header row: its name.
final class ShelfRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with shelf: String) { gtk_label_set_text(gcast(widget), shelf) }
}

/// A ListManager over a GtkListBox in a mapped window, showing a database storage of books in
/// shelves, a header per shelf ("shelf NAME").
@MainActor
final class ShownBookList {
    let storage: DatabaseStorage<Book, String>
    let list: ShownList
    var manager: ListManager { list.manager }
    /// Every update the manager was handed, in order.
    private(set) var updates: [StorageUpdate] = []

    init(
        _ database: BookDatabase, reordering: DatabaseReordering<Int64, String>? = nil,
        externalChangeInterval: Duration? = .milliseconds(100), movable: Bool = false
    ) throws {
        storage = try DatabaseStorage(
            database.queue, request: BookDatabase.request, sectionedBy: { $0.shelf }, reordering: reordering,
            externalChangeInterval: externalChangeInterval, handOff: GLibMainActorHandOff())
        storage.sectionHeader = { "shelf \($0)" }
        let manager = ListManager(host: .listBox, storage: storage)
        manager.register(BookRow.self) { mapping in
            if movable { mapping.canMove { _, _, _ in true } }
        }
        manager.registerHeader(ShelfRow.self)
        list = ShownList(manager)
        manager.willUpdateContent = { [weak self] update in self?.updates.append(update) }
    }

    func close() {
        list.close()
    }

    /// The rows the GtkListBox holds, read through GTK: "shelf NAME" for a header, "book
    /// TITLE#ID" for a book.
    var shownRows: [String] {
        inspectRows(of: manager.listBox!).map { row in
            row.role == .header ? row.model : "book \(row.model)"
        }
    }

    /// The changes handed to the list since `start`, every update a change set.
    func changes(since start: Int) -> [StorageChange] {
        changeLog(of: updates[start...])
    }

    /// Lets the GLib loop run until the storage holds what a fresh query returns, the list
    /// shows it, and the storage has nothing pending; false on timeout. (A write by another
    /// connection is pending only once a poll noticed it: the records are compared, not only
    /// the rows, which may not change.)
    @discardableResult
    func settle(matching database: BookDatabase, timeout: Duration = .seconds(5)) -> Bool {
        GtkRuntime.iterate(
            until: {
                !self.storage.hasPendingChanges && (try? database.freshRecords()) == self.storage.records
                    && (try? database.expectedRows()) == self.shownRows
            },
            timeout: timeout)
    }
}

/// The changes of `updates`, one after the other; a reload fails the test.
func changeLog(of updates: ArraySlice<StorageUpdate>) -> [StorageChange] {
    updates.flatMap { update -> [StorageChange] in
        guard case let .changes(changes) = update else { XCTFail("a reload"); return [] }
        return Array(changes)
    }
}

/// The anomalies a database storage reports from now on, in order.
@MainActor
final class ReportedAnomalies {
    private(set) var all: [DatabaseStorageAnomaly] = []

    init<SectionKey>(of storage: DatabaseStorage<Book, SectionKey>) {
        storage.anomalyHandler.action = { [unowned self] in all.append($0) }
    }
}

/// Runs `body` on the main actor with GTK and a database of `count` books on each of `shelves`.
func withBooks(shelves: [String], count: Int, _ body: @MainActor (BookDatabase) throws -> Void) throws {
    try MainActor.assumeIsolated {
        try requireGtk()
        try body(BookDatabase(books: BookDatabase.books(shelves: shelves, count: count)))
    }
}
