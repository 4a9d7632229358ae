import Foundation
import GRDB
import GRDBStorage
import ModelStorage

/// A book on a shelf: the record the database storage tests keep in SQLite.
struct Book: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int64
    var title: String
    var shelf: String
    var position: Int64

    var description: String { "\(title)#\(id)" }
    var debugDescription: String { "\(title)#\(id) \(shelf)@\(position)" }
}

/// A real SQLite file in a new temporary folder, with the `book` table; removed with its folder
/// when released.
final class BookDatabase: Sendable {
    let folder: URL
    let path: String
    /// The connection the storage reads and the tests write through (its writes are observed).
    let queue: DatabaseQueue

    init(books: [Book] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("books.sqlite").path
        queue = try DatabaseQueue(path: path, configuration: Self.configuration)
        try queue.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, shelf TEXT NOT NULL, position INTEGER NOT NULL, revision INTEGER NOT NULL DEFAULT 0)"
            )
            // The change marker LazyDatabaseStorage follows: every write to a book bumps it.
            try db.execute(
                sql: """
                    CREATE TRIGGER book_revision AFTER UPDATE OF title, shelf, position ON book
                    BEGIN UPDATE book SET revision = revision + 1 WHERE id = NEW.id; END
                    """)
            for book in books { try book.insert(db) }
        }
    }

    deinit {
        try? queue.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Books on `shelves`, `count` each, numbered from 1, positions 0, 1, 2, … per shelf.
    static func books(shelves: [String], count: Int) -> [Book] {
        shelves.enumerated().flatMap { index, shelf in
            (0..<count).map { item in
                let id = Int64(index * count + item + 1)
                return Book(id: id, title: "\(shelf)-\(item)", shelf: shelf, position: Int64(item))
            }
        }
    }

    /// The request the tests' storages show: by shelf, then position.
    static let request = Book.order(Column("shelf"), Column("position"), Column("id"))

    /// The request's records, fetched now.
    func freshRecords() throws -> [Book] {
        try queue.read { db in try Self.request.fetchAll(db) }
    }

    /// What a fresh query says the list must show: per shelf its name, then its books.
    func expectedRows() throws -> [String] {
        let books = try freshRecords()
        var rows: [String] = [], shelves: Set<String> = []
        for book in books {
            if shelves.insert(book.shelf).inserted { rows.append("shelf \(book.shelf)") }
            rows.append("book \(book)")
        }
        return rows
    }

    /// A second connection to the same file, as another program would open it: its writes are
    /// invisible to GRDB's observation of ``queue``.
    func otherConnection() throws -> DatabaseQueue {
        try DatabaseQueue(path: path, configuration: Self.configuration)
    }

    /// Connections wait for each other's locks, as programs sharing a file do.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
