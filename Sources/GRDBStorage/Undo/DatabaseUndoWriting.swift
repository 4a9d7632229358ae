import GRDB

/// How a ``DatabaseStorage`` writes records back to undo or redo a change: a deleted record
/// inserted again with all its columns, an inserted one deleted, an updated one given its old
/// values. Set it as the storage's ``DatabaseStorage/undoWriting``; `.records` does it for a
/// `PersistableRecord` that carries every column of its row.
///
/// ```swift
/// storage.undoWriting = .records
/// ```
public struct DatabaseUndoWriting<Record: Identifiable & Sendable>: Sendable where Record.ID: Sendable {
    /// Inserts `record` again, as it was fetched.
    public typealias Insert = @Sendable (_ db: Database, _ record: Record) throws -> Void
    /// Writes `record`'s values over the row with its id.
    public typealias Update = @Sendable (_ db: Database, _ record: Record) throws -> Void
    /// Deletes the row with `id`.
    public typealias Delete = @Sendable (_ db: Database, _ id: Record.ID) throws -> Void

    let insert: Insert
    let update: Update
    let delete: Delete

    /// Writes records back with these three writes, run inside the storage's transaction.
    public init(insert: @escaping Insert, update: @escaping Update, delete: @escaping Delete) {
        self.insert = insert
        self.update = update
        self.delete = delete
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
