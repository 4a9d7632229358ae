// swift-format-ignore-file
// The examples of GRDBStorage's DocC article, as printed there (checked by
// scripts/check-doc-examples.sh).
import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage

enum GRDBStorageArticle {
    struct Book: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
        var id: Int64
        var title: String
        var shelf: String
        var position: Int64
    }

    final class BookRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with book: Book) { gtk_label_set_text(gcast(widget), book.title) }
    }

    typealias ShelfRow = LabelRow<String>

    @MainActor
    static func storage(at path: String) throws -> (DatabaseStorage<Book, String>, ListManager) {
        let database = try DatabaseQueue(path: path)
        let storage = try DatabaseStorage(
            database,
            request: Book.order(Column("shelf"), Column("position")),
            sectionedBy: { $0.shelf },
            reordering: .column("position", ofTable: "book", sectionColumn: "shelf"),
            handOff: GLibMainActorHandOff())
        storage.sectionHeader = { shelf in shelf }

        let manager = ListManager(host: .listBox, storage: storage)
        manager.register(BookRow.self) { $0.canMove { _, _, _ in true } }
        manager.registerHeader(ShelfRow.self)

        // Anywhere, on any thread, in this process or another: the list follows.
        try database.write { db in try Book(id: 7, title: "Dune", shelf: "SF", position: 0).insert(db) }
        return (storage, manager)
    }

    @MainActor
    static func drops(into storage: DatabaseStorage<Book, String>, of manager: ListManager, title: String, newID: Int64) {
        storage.dropInsertion = .inserting { book, shelf in
            if let shelf { book.shelf = shelf }   // nil: the drop opened the list's first section
        }
        manager.performDrop { session in
            guard let indexPath = session.destinationIndexPath, let item = session.items.first else { return }
            let placeholder = manager.drop(item, toPlaceholderAt: indexPath, showing: "Adding…")
            // … when the data arrived:
            placeholder.commitInsertion(ofItem: Book(id: newID, title: title, shelf: "", position: 0))
        }
    }

    @MainActor
    static func sortByColumn(_ storage: DatabaseStorage<Book, String>, keys: [SortKey]) {
        let orderings = DatabaseColumnOrderings(sections: [Column("shelf")])   // shelves stay in order
            .column("title", byText: Column("title"))     // as a file manager sorts names
            .column("position")                           // the table column of that name
        storage.sort(by: keys, using: orderings) { outcome in
            print("sorted: \(outcome)")                  // .shown once the rows moved
        }
        // A new filter keeps the sort.
        storage.setRequest(Book.filter(Column("shelf") != "Drafts").order(Column("shelf"), Column("position")))
    }

    @MainActor
    static func search(_ storage: DatabaseStorage<Book, String>, database: DatabaseQueue, typed: String) throws {
        try database.write { db in
            try db.create(virtualTable: "book_ft", using: FTS5()) { table in
                table.synchronize(withTable: "book")        // kept up to date by triggers
                table.column("title")
            }
        }
        let search = FullTextSearch(index: "book_ft")
        storage.setRequest(search.request(Book.order(Column("shelf"), Column("position")), matching: typed))
    }

    /// Keep the search as long as the list: it follows the table's writes.
    @MainActor
    static func searchInMemory(_ books: LazyDatabaseStorage<Book, String>, pool: DatabasePool, typed: String) throws
        -> (ListManager, FullTextFilter<Int64>)
    {
        try pool.write { db in
            try db.create(virtualTable: "book_ft", using: FTS5()) { table in
                table.synchronize(withTable: "book")        // kept up to date by triggers
                table.prefixes = [1, 2]                     // the shortest prefixes indexed too
                table.column("title")
            }
        }
        let shown = FilteredStorage(keysOf: books, handOff: GLibMainActorHandOff())   // filters the ids
        let search = FullTextFilter(FullTextSearch(index: "book_ft"), filtering: shown, in: pool, handOff: GLibMainActorHandOff())
        let manager = ListManager(host: .virtualized, storage: shown)
        search.setText(typed)                            // each keystroke: the ids found, a scan
        return (manager, search)
    }

    @MainActor
    static func lazyStorage(_ pool: DatabasePool) throws -> ListManager {
        try pool.write { db in
            // A revision every UPDATE bumps: the change marker.
            try db.execute(sql: """
                ALTER TABLE book ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                CREATE TRIGGER book_revision AFTER UPDATE OF title, shelf, position ON book
                BEGIN UPDATE book SET revision = revision + 1 WHERE id = NEW.id; END
                """)
        }

        let storage = try LazyDatabaseStorage<Book, String>(
            pool,
            request: Book.order(Column("shelf"), Column("position")),
            sectionedBy: Column("shelf"),
            changeMarker: Column("revision"),
            reordering: .column("position", ofTable: "book", sectionColumn: "shelf"),
            handOff: GLibMainActorHandOff())
        let manager = ListManager(host: .virtualized, storage: storage)
        return manager
    }
}
