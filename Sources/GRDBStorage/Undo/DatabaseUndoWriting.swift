import GRDB
import ModelStorage

/// How a database storage records a write and writes records back to undo or redo it: the table
/// its records are rows of, how a row of it decodes, and the three writes (a deleted record
/// inserted again with all its columns, an inserted one deleted, an updated one given its old
/// values). Set it as the storage's ``DatabaseStorage/undoWriting`` or
/// ``LazyDatabaseStorage/undoWriting``; `.records` does it for a `PersistableRecord` that carries
/// every column of its row.
///
/// ```swift
/// storage.undoWriting = .records
/// ```
///
/// A write records the rows of that table it inserts, updates or deletes, whether the storage's
/// request returns them or not, with their values before the write; other tables are not
/// recorded.
public struct DatabaseUndoWriting<Record: Identifiable & Sendable>: Sendable where Record.ID: Sendable {
    /// Inserts `record` again, as it was fetched.
    public typealias Insert = @Sendable (_ db: Database, _ record: Record) throws -> Void
    /// Writes `record`'s values over the row with its id.
    public typealias Update = @Sendable (_ db: Database, _ record: Record) throws -> Void
    /// Deletes the row with `id`.
    public typealias Delete = @Sendable (_ db: Database, _ id: Record.ID) throws -> Void
    /// Decodes a record from a row of its table (every column, in the table's order).
    public typealias Decode = @Sendable (_ row: Row) throws -> Record

    /// The table and decoding when known (given, or `Record`'s own as a `TableRecord` and
    /// `FetchableRecord`); nil: a write cannot be recorded, and one inside a group clears the
    /// history.
    let table: String?
    let decode: Decode?
    let insert: Insert
    let update: Update
    let delete: Delete

    /// Records writes to `table`, whose rows `decoding` makes records of, and writes records
    /// back with these three writes, run inside the storage's transaction.
    public init(table: String, decoding: @escaping Decode, insert: @escaping Insert, update: @escaping Update, delete: @escaping Delete) {
        self.table = table
        decode = decoding
        self.insert = insert
        self.update = update
        self.delete = delete
    }

    /// Writes records back with these three writes, run inside the storage's transaction. The
    /// table recorded is `Record`'s `databaseTableName`, its rows decoded with `init(row:)`; a
    /// `Record` that is not a `TableRecord` and a `FetchableRecord` cannot be recorded: name its
    /// table with ``init(table:decoding:insert:update:delete:)``.
    public init(insert: @escaping Insert, update: @escaping Update, delete: @escaping Delete) {
        table = (Record.self as? any TableRecord.Type)?.databaseTableName
        decode = Self.fetchableDecoding
        self.insert = insert
        self.update = update
        self.delete = delete
    }

    /// `Record`'s `init(row:)` when it is a `FetchableRecord`.
    private static var fetchableDecoding: Decode? {
        guard Record.self is any FetchableRecord.Type else { return nil }
        let decode: Decode = { row in try decodeFetchable(row) }
        return decode
    }

    private static func decodeFetchable(_ row: Row) throws -> Record {
        guard let type = Record.self as? any FetchableRecord.Type, let record = try decodeRow(row, as: type) as? Record else {
            throw DatabaseError(message: "\(Record.self) is not a FetchableRecord")
        }
        return record
    }

    private static func decodeRow<Fetched: FetchableRecord>(_ row: Row, as _: Fetched.Type) throws -> Fetched {
        try Fetched(row: row)
    }
}

extension DatabaseUndoWriting where Record: PersistableRecord, Record.ID: DatabaseValueConvertible {
    /// Writes records back as GRDB persists them: `insert`, `update` and `deleteOne(_:id:)`.
    /// The record must hold every column that matters (its order key included): what it does
    /// not hold gets the column's default when a deleted record is inserted again.
    public static var records: Self {
        Self(
            insert: { db, record in try record.insert(db) },
            update: { db, record in try record.update(db) },
            delete: { db, id in _ = try Record.deleteOne(db, id: id) })
    }
}

/// A storage's way of recording its writes, of any record type: what the lazy storage's storage
/// of identities runs with the full records.
protocol DatabaseChangeRecording: Sendable {
    /// Runs `updates` in `db`'s transaction and returns its value and the steps that take it
    /// back: empty when it changed nothing, nil when it cannot be recorded.
    func recording<Value>(_ updates: (Database) throws -> Value, in db: Database) throws -> (value: Value, steps: [UndoStep]?)
    /// The write that applies the steps of `steps` this recording made; nil when none is.
    func restoring(_ steps: [UndoStep]) -> (@Sendable (Database) throws -> Void)?
}

extension DatabaseUndoWriting: DatabaseChangeRecording {
    func recording<Value>(_ updates: (Database) throws -> Value, in db: Database) throws -> (value: Value, steps: [UndoStep]?) {
        guard let table, let decode, let touched = TouchedRows.start(table: table, in: db) else { return (try updates(db), nil) }
        let value = try updates(db)
        // A write that changed the table's shape (dropped it, added a column) cannot be read back
        // as records: it goes through, unrecorded (the history is cleared).
        do {
            let change = try DatabaseChange(try touched.finish(in: db), decode: decode)
            return (value, change.map { [$0.step] } ?? [])
        } catch {
            return (value, nil)
        }
    }

    func restoring(_ steps: [UndoStep]) -> (@Sendable (Database) throws -> Void)? {
        let changes = steps.compactMap { step -> DatabaseChange<Record>? in
            guard case let .storageDefined(defined) = step else { return nil }
            return defined.value as? DatabaseChange<Record>
        }
        guard !changes.isEmpty else { return nil }
        return { db in
            for change in changes { try change.restore(in: db, with: self) }
        }
    }
}
