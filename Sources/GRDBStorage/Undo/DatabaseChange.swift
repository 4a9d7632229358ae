import GRDB
import ModelStorage

/// What one write through a ``DatabaseStorage`` changed in its request's records, read in the
/// write's transaction, as what takes it back: the records it deleted (all their values), the
/// ids it inserted, the old values of the records it updated, and the order of the sections
/// whose records it reordered.
struct DatabaseChange<Record: Identifiable & Equatable & Sendable, SectionKey: Hashable & Sendable>: Sendable
where Record.ID: Sendable {
    var deleted: [Record] = []
    var inserted: [Record.ID] = []
    var updated: [Record] = []
    /// Each reordered section's key and its ids before the write.
    var orders: [(key: SectionKey, ids: [Record.ID])] = []

    /// The change from `before` to `after` (two results of the request); nil when none.
    init?(from before: FetchedSections<Record, SectionKey>, to after: FetchedSections<Record, SectionKey>) {
        let old = before.records.flatMap { $0 }, new = after.records.flatMap { $0 }
        let newByID = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oldIDs = Set(old.map(\.id))
        for record in old {
            if let now = newByID[record.id] {
                if now != record { updated.append(record) }
            } else {
                deleted.append(record)
            }
        }
        inserted = new.map(\.id).filter { !oldIDs.contains($0) }
        for (section, key) in before.keys.enumerated() {
            guard let later = after.keys.firstIndex(of: key) else { continue }
            let kept = Set(after.identities[later])
            let was = before.identities[section].filter { kept.contains($0) }
            let stays = Set(was)
            if was != after.identities[later].filter({ stays.contains($0) }) { orders.append((key, before.identities[section])) }
        }
        if deleted.isEmpty, inserted.isEmpty, updated.isEmpty, orders.isEmpty { return nil }
    }

    /// Writes the records back: inserted ones deleted, deleted ones inserted, updated ones given
    /// their old values, then each section's order written again (`reorder`) among the ids that
    /// are there.
    func restore(
        in db: Database, with writing: DatabaseUndoWriting<Record>,
        reorder: DatabaseReordering<Record.ID, SectionKey>.Write?, current: (Database) throws -> FetchedSections<Record, SectionKey>
    ) throws {
        for id in inserted { try writing.delete(db, id) }
        for record in deleted { try writing.insert(db, record) }
        for record in updated { try writing.update(db, record) }
        guard let reorder, !orders.isEmpty else { return }
        let present = Set(try current(db).identities.flatMap { $0 })
        for (key, ids) in orders {
            let there = ids.filter { present.contains($0) }
            if let first = there.first { try reorder(db, key, there, first) }
        }
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
