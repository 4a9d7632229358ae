import GRDB
import ModelStorage

/// What one write through a database storage changed in the rows of its records' table, as what
/// takes it back: the records it deleted (all their values), the ids it inserted, and the old
/// values of the records it updated. An order kept in a column of the table comes back with the
/// records' old values.
struct DatabaseChange<Record: Identifiable & Sendable>: Sendable where Record.ID: Sendable {
    var deleted: [Record] = []
    var inserted: [Record.ID] = []
    var updated: [Record] = []

    /// The change `rows` describe (``TouchedRows/finish(in:)``), each row decoded with `decode`;
    /// nil when none.
    init?(_ rows: (deleted: [Row], updated: [Row], inserted: [Row]), decode: (Row) throws -> Record) throws {
        deleted = try rows.deleted.map(decode)
        updated = try rows.updated.map(decode)
        inserted = try rows.inserted.map { try decode($0).id }
        if deleted.isEmpty, inserted.isEmpty, updated.isEmpty { return nil }
    }

    /// Writes the records back: inserted ones deleted, deleted ones inserted, updated ones given
    /// their old values.
    func restore(in db: Database, with writing: DatabaseUndoWriting<Record>) throws {
        for id in inserted { try writing.delete(db, id) }
        for record in deleted { try writing.insert(db, record) }
        for record in updated { try writing.update(db, record) }
    }

    /// The records the change puts back or changes, to select them once it applied.
    var touchedIdentities: [ModelIdentity] {
        (deleted + updated).compactMap { ModelIdentity(of: $0) }
    }

    /// The change as the one step a history keeps of it.
    var step: UndoStep {
        .storageDefined(StorageUndoStep(self, touching: touchedIdentities))
    }
}
