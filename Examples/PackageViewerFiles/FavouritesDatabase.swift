import Foundation
import GRDB
import GRDBStorage
import ModelStorage

/// The favourites file: an SQLite database with one table, `favourite`, that every window and
/// process opening the same file shares, and its full-text index, `favourite_ft` (SQLite FTS5,
/// kept up to date by triggers), which the pane's search looks in.
///
/// Opening it never harms what is there. A file that is not SQLite, is damaged, or holds another
/// program's tables is refused before anything is written to it (``OpenError``), and the viewer
/// runs without favourites; one whose schema cannot be brought up to date is put back as it was.
/// A missing file is created, with its folder.
package final class FavouritesDatabase: Sendable {
    /// Why the favourites file cannot be used.
    package struct OpenError: Error, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "cannot use the favourites file \(path): \(reason)" }
    }

    /// The favourites in the pane's order.
    package static let request = Favourite.order(Column("position"), Column("id"))

    /// The pane's search: the package ids' words (`libc6:amd64` is `libc6` and `amd64`), each word
    /// typed matching the start of one.
    package static let search = FullTextSearch(index: "favourite_ft")

    /// How a drag in the pane is stored: the order column, renumbered only where it changed.
    package static let reordering = DatabaseReordering<String, Unsectioned>.column("position", ofTable: Favourite.databaseTableName)

    /// The file.
    package let path: String
    /// The connection this process reads and writes through. Other connections and processes
    /// share the file through SQLite's locks, waiting up to the busy timeout for each other.
    package let queue: DatabaseQueue

    /// Opens the favourites file at `path`, creating it (and its folder) when missing.
    package init(path: String) throws(OpenError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        do {
            // The XDG specification asks for 0700 on data folders it makes.
            try FileManager.default.createDirectory(
                atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw OpenError(path: path, reason: "cannot create its folder (\(Self.reason(error)))")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "package-viewer favourites"
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw OpenError(path: path, reason: Self.reason(error))
        }
        do {
            // Checked before the migrator may write: refusing must leave the file as it was.
            try queue.read(Self.checkBelongsToTheViewer)
        } catch {
            throw OpenError(path: path, reason: Self.reason(error))
        }
        // The file as it is, when a migration is to write to it: each runs in a transaction of
        // its own, and one that fails after others succeeded would leave a refused file changed.
        let migrated = (try? queue.read { try Self.migrator.hasCompletedMigrations($0) }) == true
        let before = migrated ? nil : FileManager.default.contents(atPath: path)
        do {
            try Self.migrator.migrate(queue)
        } catch {
            try? queue.close()
            if let before { try? before.write(to: URL(fileURLWithPath: path)) }
            throw OpenError(path: path, reason: "cannot prepare it (\(Self.reason(error)))")
        }
    }

    // MARK: - Writing

    /// Stars `packageIDs` at the end of the favourites, in order, now; those starred already
    /// stay where they are.
    package func add(_ packageIDs: [String]) throws {
        try queue.write { db in
            for id in packageIDs { try Self.append(id, in: db) }
        }
    }

    /// Stars `packageID` at the end of the favourites, on the database's queue (a lock held by
    /// another process must not freeze the window); `completion` gets the error, if any.
    package func add(_ packageID: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        queue.asyncWrite({ db in try Self.append(packageID, in: db) }) { _, result in
            completion(result.error)
        }
    }

    /// The longest note the file takes, in characters (a CHECK constraint of the table).
    package static let noteLimit = 140

    /// Why a note was not stored.
    package struct NoteRefused: Error, CustomStringConvertible {
        package let description: String
    }

    /// Stores `note` for the favourite `packageID` now, on the calling thread: the pane's editor
    /// waits for the answer, and stays open with the reason when the file refuses the note
    /// (``NoteRefused``: too long, the file locked for longer than the busy timeout, read-only).
    package func setNote(_ note: String, of packageID: String) throws(NoteRefused) {
        do {
            try queue.write { db in
                try db.execute(sql: "UPDATE favourite SET note = ? WHERE id = ?", arguments: [note, packageID])
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK {
            throw NoteRefused(description: "A note has at most \(Self.noteLimit) characters.")
        } catch {
            throw NoteRefused(description: "The note was not saved: \(Self.reason(error)).")
        }
    }

    private static func append(_ packageID: String, in db: Database) throws {
        // Another window or process may have starred it meanwhile: then it keeps its place.
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO favourite (id, position, addedAt)
                SELECT ?, COALESCE(MAX(position) + 1, 0), ? FROM favourite
                """,
            arguments: [packageID, Date()])
    }

    // MARK: - Opening

    /// The schema, created on first use and extended by later versions of the viewer.
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favourite") { db in
            try db.create(table: Favourite.databaseTableName) { table in
                table.primaryKey("id", .text)
                table.column("position", .integer).notNull()
                table.column("addedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: favourite_ft") { db in
            // Filled with the favourites there are, then kept up to date by triggers.
            try db.create(virtualTable: "favourite_ft", using: FTS5()) { table in
                table.synchronize(withTable: Favourite.databaseTableName)
                table.column("id")
            }
        }
        migrator.registerMigration("v3: favourite note") { db in
            try db.execute(
                sql: "ALTER TABLE favourite ADD COLUMN note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= \(noteLimit))")
        }
        return migrator
    }

    /// Throws unless the database is sound and empty or a favourites file already.
    @Sendable
    private static func checkBelongsToTheViewer(_ db: Database) throws {
        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard problems == ["ok"] else {
            throw Refusal(reason: "the file is damaged (\(problems.prefix(3).joined(separator: "; ")))")
        }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        guard tables.isEmpty || tables.contains(Favourite.databaseTableName) else {
            throw Refusal(reason: "it is another program's database (tables \(tables.joined(separator: ", ")))")
        }
    }

    /// Why the file is refused, when SQLite itself had nothing to complain about.
    private struct Refusal: Error {
        let reason: String
    }

    /// What went wrong, without SQL or Swift type names.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let refusal as Refusal: refusal.reason
        case let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT:
            "the file is damaged (\(error.message ?? "\(error.resultCode)"))"
        case let error as DatabaseError where error.resultCode == .SQLITE_NOTADB:
            "it is not an SQLite database (\(error.message ?? "\(error.resultCode)"))"
        case let error as DatabaseError: error.message ?? "\(error.resultCode)"
        default: error.localizedDescription
        }
    }
}

extension Result {
    /// The failure, if any.
    fileprivate var error: Failure? {
        if case let .failure(error) = self { error } else { nil }
    }
}
