import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A row state (`StatefulRow`) lives as long as its model: a model deleted and a new one
/// inserted later with the same identity (SQLite reuses a deleted rowid) starts from its
/// default state, while a model moved by a deletion and an insertion in one change set, or by
/// a diffed replacement, keeps its own. Toggles are read back from GTK.
final class RowStateDeletionTests: XCTestCase {
    func testANewModelWithADeletedModelsIdentityShowsNoInheritedState() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.listBox, .virtualizedList] {
                let shown = ToggleList(kind, storage: MemoryStorage(), count: 20)
                defer { shown.list.close() }
                let storage = shown.manager.memoryStorage!
                storage.setItems((0..<20).map { Note(id: $0, title: "note \($0)") })
                shown.list.settleFrame()
                shown.setToggle(true, of: 3)
                shown.setToggle(true, of: 7)

                storage.removeItems(at: [IndexPath(item: 3, section: 0)])
                shown.list.settleFrame()
                XCTAssertNil(shown.toggle(of: 3), "\(kind): the row left")
                try storage.insertItem(Note(id: 3, title: "another note"), to: IndexPath(item: 10, section: 0))
                shown.list.settleFrame()
                XCTAssertEqual(shown.title(of: 3), "another note", "\(kind)")
                XCTAssertEqual(shown.shownToggles()[3], false, "\(kind): the new model does not inherit the deleted one's state")
                XCTAssertEqual(shown.shownToggles()[7], true, "\(kind): the others keep theirs")
            }
        }
    }

    func testAModelMovedByADeletionAndAnInsertionOrADiffKeepsItsState() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.listBox, .virtualizedList] {
                let shown = ToggleList(kind, storage: MemoryStorage(), count: 20)
                defer { shown.list.close() }
                let storage = shown.manager.memoryStorage!
                var notes = (0..<20).map { Note(id: $0, title: "note \($0)") }
                storage.setItems(notes)
                shown.list.settleFrame()
                shown.setToggle(true, of: 3)

                try storage.performUpdates {
                    storage.removeItems(at: [IndexPath(item: 3, section: 0)])
                    try storage.insertItem(Note(id: 3, title: "moved"), to: IndexPath(item: 12, section: 0))
                }
                shown.list.settleFrame()
                XCTAssertEqual(shown.title(of: 3), "moved", "\(kind)")
                XCTAssertEqual(shown.shownToggles()[3], true, "\(kind): deleted and inserted in one change set, it moved")

                notes.removeAll { $0.id == 3 }
                notes.insert(Note(id: 3, title: "moved again"), at: 0)
                storage.setItems(notes, diffing: true)
                shown.list.settleFrame()
                XCTAssertEqual(shown.title(of: 3), "moved again", "\(kind)")
                XCTAssertEqual(shown.shownToggles()[3], true, "\(kind): a diffed replacement moves it")
            }
        }
    }

    func testADeletedRecordsRowidReusedByANewRecordShowsNoInheritedState() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let database = try BookDatabase(books: (1...6).map { Book(id: $0, title: "book \($0)", shelf: "A", position: $0) })
            for kind in [HostKind.listBox, .virtualizedList] {
                let storage: DatabaseStorage<Book, Unsectioned> = try DatabaseStorage(
                    database.queue, request: BookDatabase.request, externalChangeInterval: nil, handOff: GLibMainActorHandOff())
                let shown = ToggleList(kind, storage: storage, count: 6)
                defer { shown.list.close() }
                XCTAssertTrue(shown.list.wait { shown.title(of: 6) == "book 6" }, "\(kind)")
                shown.setToggle(true, of: 6)
                shown.setToggle(true, of: 2)

                // The highest rowid deleted: SQLite gives the next record without one the same id.
                try database.queue.write { db in try db.execute(sql: "DELETE FROM book WHERE id = 6") }
                XCTAssertTrue(shown.list.wait { shown.toggle(of: 6) == nil }, "\(kind): the record's row left")
                try database.queue.write { db in
                    try db.execute(sql: "INSERT INTO book (title, shelf, position) VALUES ('a new book', 'A', 7)")
                    XCTAssertEqual(db.lastInsertedRowID, 6, "SQLite reused the rowid")
                }
                XCTAssertTrue(shown.list.wait { shown.title(of: 6) == "a new book" }, "\(kind)")
                XCTAssertEqual(shown.shownToggles()[6], false, "\(kind): the new record does not inherit the deleted one's state")
                XCTAssertEqual(shown.shownToggles()[2], true, "\(kind)")

                // For the next host: the database as it was.
                try database.queue.write { db in
                    try db.execute(sql: "UPDATE book SET title = 'book 6', position = 6 WHERE id = 6")
                }
            }
        }
    }
}

/// A note with an identity and a title that may change.
private struct Note: Identifiable {
    let id: Int
    let title: String
}

/// A manager over `kind` showing `storage`'s notes or books, each a toggle row.
@MainActor
private final class ToggleList {
    let manager: ListManager
    let host: any ListHost
    let list: ShownList

    init(_ kind: HostKind, storage: any Storage, count: Int) {
        host = kind.makeHost()
        manager = ListManager(host: host, storage: storage)
        manager.register(NoteToggleRow.self)
        manager.register(BookToggleRow.self)
        list = ShownList(manager, width: 440, height: 900)
    }

    /// The toggle GTK shows for each bound model, by identity.
    func shownToggles() -> [Int: Bool] {
        var toggles: [Int: Bool] = [:]
        host.forEachBoundRow { _, row in
            guard let id = Self.id(of: row.model) else { return }
            toggles[id] = gtk_toggle_button_get_active(gcast(row.widget)) != 0
        }
        return toggles
    }

    /// The toggle of the row showing `id`, when one is bound.
    func toggle(of id: Int) -> UnsafeMutablePointer<GtkWidget>? {
        var found: UnsafeMutablePointer<GtkWidget>?
        host.forEachBoundRow { _, row in
            if Self.id(of: row.model) == id { found = row.widget }
        }
        return found
    }

    func title(of id: Int) -> String? {
        toggle(of: id).map { String(cString: gtk_button_get_label(gcast($0))) }
    }

    /// Sets the toggle of the row showing `id`, as a click would.
    func setToggle(_ isOn: Bool, of id: Int) {
        guard let toggle = toggle(of: id) else { return XCTFail("no row shows \(id)") }
        gtk_toggle_button_set_active(gcast(toggle), isOn ? 1 : 0)
    }

    private static func id(of model: Any) -> Int? {
        if let note = model as? Note { return note.id }
        if let book = model as? Book { return Int(book.id) }
        return nil
    }
}

/// A toggle button labelled with its note's title; whether it is on is the row's own state.
private final class NoteToggleRow: RowView, StatefulRow {
    let widget = gtk_toggle_button_new()!
    init() { gtk_widget_set_size_request(widget, -1, 30) }
    func update(with note: Note) { gtk_button_set_label(gcast(widget), note.title) }
    var rowState: Bool? { gtk_toggle_button_get_active(gcast(widget)) != 0 ? true : nil }
    func restoreState(_ isOn: Bool?) { gtk_toggle_button_set_active(gcast(widget), isOn == true ? 1 : 0) }
}

/// The same for a book, by its rowid.
private final class BookToggleRow: RowView, StatefulRow {
    let widget = gtk_toggle_button_new()!
    init() { gtk_widget_set_size_request(widget, -1, 30) }
    func update(with book: Book) { gtk_button_set_label(gcast(widget), book.title) }
    var rowState: Bool? { gtk_toggle_button_get_active(gcast(widget)) != 0 ? true : nil }
    func restoreState(_ isOn: Bool?) { gtk_toggle_button_set_active(gcast(widget), isOn == true ? 1 : 0) }
}
