import Foundation
import GRDB

/// The record the database benchmark keeps: a book on one of ten shelves.
struct BenchmarkBook: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    static let databaseTableName = "book"
    var id: Int64
    var title: String
    var shelf: String
    var position: Int64

    /// The request the storages show: by shelf, then position.
    static let shown = BenchmarkBook.select(Column("id"), Column("title"), Column("shelf"), Column("position")).order(
        Column("shelf"), Column("position"))
}

extension BenchmarkBook {
    /// Decodes by column index, the way GRDB recommends for speed: about three times faster than
    /// the `Decodable` decoding, which the full storage pays for every record of every result.
    init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        title = try row.decode(atIndex: 1)
        shelf = try row.decode(atIndex: 2)
        position = try row.decode(atIndex: 3)
    }
}

/// A temporary SQLite file (WAL, a `DatabasePool`) of `count` books on ten shelves, with the
/// revision trigger the lazy storage's change marker needs; removed when released.
final class BenchmarkBookFile {
    let folder: URL
    let pool: DatabasePool

    init(count: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The index orders the list and holds the change marker: the lazy storage's query of ids,
        // shelves and markers reads it alone, without visiting the table.
        // WAL with synchronous=NORMAL, the setting SQLite recommends for WAL: a commit does not
        // wait for the disk (a power cut may lose the last commits, never corrupt the file).
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        pool = try DatabasePool(path: folder.appendingPathComponent("books.sqlite").path, configuration: configuration)
        try pool.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, shelf TEXT NOT NULL,
                                       position INTEGER NOT NULL, revision INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX book_order ON book (shelf, position, revision);
                    CREATE TRIGGER book_revision AFTER UPDATE OF title, shelf, position ON book
                    BEGIN UPDATE book SET revision = revision + 1 WHERE id = NEW.id; END
                    """)
            let perShelf = max(count / 10, 1)
            for index in 0..<count {
                try BenchmarkBook(
                    id: Int64(index + 1), title: "Book \(index + 1)", shelf: "shelf \(index / perShelf)",
                    position: Int64(index % perShelf) * 10
                ).insert(db)
            }
        }
    }

    deinit {
        try? pool.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
