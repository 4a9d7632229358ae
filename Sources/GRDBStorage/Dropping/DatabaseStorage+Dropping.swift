import GRDB
import ModelStorage

/// A dropped item as the database stored it: the record the storage keeps, and the model its
/// row shows (the same record, or for ``LazyDatabaseStorage`` the full record of an identity).
struct StoredDrop<Record: Sendable>: Sendable {
    let record: Record
    let shown: any Sendable
}

// Drops: a placeholder row, then the dropped record shown at once and written on the writer's
// queue, in one transaction with its section's order. Results wait while any drop is unsettled
// (see `DropOverlay`), so the rows around a placeholder never shift under it.
extension DatabaseStorage: PlaceholderStorage {
    /// Makes the write of a dropped item, or nil when the storage does not store items like it.
    typealias DroppedItemWriter = (_ item: Any) -> (@Sendable (_ db: Database, _ section: SectionKey?) throws -> StoredDrop<Record>)?

    /// Shows `model` at `indexPath` until ``commitPlaceholder(at:with:)`` or
    /// ``removePlaceholder(at:)``; results of other writes wait until then. `indexPath` is in
    /// a shown section or the one after the last.
    public func insertPlaceholder(_ model: Any, at indexPath: IndexPath) throws(StorageAnomaly) {
        MainActorConfinement.check("DatabaseStorage was changed")
        try validateDropTarget(indexPath)
        showDrop(model, at: indexPath, isWriting: false)
    }

    /// Shows `item` in the placeholder's row (one update) and inserts it into the database with
    /// ``dropInsertion``. When the write is over the list follows the database: the record
    /// stays, or moves where the request's order puts it; a failed write removes the row and
    /// is reported as ``DatabaseStorageAnomaly/writeFailed(reason:)``.
    public func commitPlaceholder(at indexPath: IndexPath, with item: Any) throws(StorageAnomaly) {
        MainActorConfinement.check("DatabaseStorage was changed")
        guard let placeholder = drops.entry(at: indexPath), !placeholder.isWriting else {
            throw refuseDrop(
                .itemIndexPathOutOfRange(indexPath: indexPath, countOfElementsInSection: numberOfItems(inSection: indexPath.section)))
        }
        let write = try dropWrite(of: item)
        drops.startWriting(placeholder.token, showing: item)
        broadcaster.deliver(.changes([.updateItem(at: indexPath, model: item)]), from: sender)
        startWriting(placeholder.token, with: write)
    }

    /// Removes the placeholder at `indexPath` (one removal); held results follow.
    public func removePlaceholder(at indexPath: IndexPath) {
        MainActorConfinement.check("DatabaseStorage was changed")
        guard let placeholder = drops.entry(at: indexPath), !placeholder.isWriting else {
            _ = refuseDrop(
                .itemIndexPathOutOfRange(indexPath: indexPath, countOfElementsInSection: numberOfItems(inSection: indexPath.section)))
            return
        }
        removeDrop(placeholder.token)
        startNextDiff()
    }

    /// Shows `item` at `indexPath` (one insert) and inserts it into the database, as
    /// ``commitPlaceholder(at:with:)`` does.
    public func insertItem(_ item: Any, to indexPath: IndexPath) throws(StorageAnomaly) {
        MainActorConfinement.check("DatabaseStorage was changed")
        try validateDropTarget(indexPath)
        let write = try dropWrite(of: item)
        let token = showDrop(item, at: indexPath, isWriting: true)
        startWriting(token, with: write)
    }

    // MARK: - Showing drops

    /// A drop goes into a shown section, or opens the one after the last section of records.
    private func validateDropTarget(_ indexPath: IndexPath) throws(StorageAnomaly) {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.item >= 0 else {
            throw refuseDrop(.invalidIndexPath(indexPath: indexPath))
        }
        guard indexPath.section <= sections.keys.count else {
            throw refuseDrop(
                .sectionIndexOutOfRange(operation: .insertSection, index: indexPath.section, numberOfSections: numberOfSections))
        }
        let count = numberOfItems(inSection: indexPath.section)
        guard indexPath.item <= count else {
            throw refuseDrop(.insertionIndexPathTooBig(indexPath: indexPath, countOfElementsInSection: count))
        }
    }

    /// The write of `item`, or the reason it cannot be stored.
    private func dropWrite(of item: Any) throws(StorageAnomaly) -> @Sendable (Database, SectionKey?) throws -> StoredDrop<Record> {
        guard database is any DatabaseWriter else {
            throw refuseDrop(.itemNotAccepted(typeName: "\(type(of: item))", reason: "the storage reads a database it cannot write"))
        }
        guard let writeDroppedItem else {
            throw refuseDrop(.itemNotAccepted(typeName: "\(type(of: item))", reason: "the storage was made without a dropInsertion"))
        }
        guard let write = writeDroppedItem(item) else {
            throw refuseDrop(.itemNotAccepted(typeName: "\(type(of: item))", reason: "the storage stores \(Record.self) records"))
        }
        return write
    }

    @discardableResult
    private func showDrop(_ model: Any, at indexPath: IndexPath, isWriting: Bool) -> Int {
        let opensSection = indexPath.section == numberOfSections
        let token = drops.insert(model, at: indexPath, isWriting: isWriting)
        // A diff running now was made for the rows without this one: it is redone later.
        jobs.stateDidChange()
        var changes: [StorageChange] = opensSection ? [.insertSection(indexPath.section)] : []
        changes.append(.insertItem(at: indexPath, model: model))
        broadcaster.deliver(.changes(ChangeSet(changes)), from: sender)
        return token
    }

    /// Takes the drop's row away (and the section it opened, left empty).
    private func removeDrop(_ token: Int) {
        guard let entry = drops.remove(token) else { return }
        jobs.stateDidChange()
        var changes: [StorageChange] = [.deleteItem(at: entry.indexPath)]
        if entry.indexPath.section >= sections.keys.count, drops.count(inSection: entry.indexPath.section) == 0 {
            changes.append(.deleteSection(entry.indexPath.section))
        }
        broadcaster.deliver(.changes(ChangeSet(changes)), from: sender)
    }

    // MARK: - Writing drops

    /// Writes the drop named `token` with its section's order. Results fetched before the
    /// write committed are not applied, as for a reorder.
    private func startWriting(_ token: Int, with write: @escaping @Sendable (Database, SectionKey?) throws -> StoredDrop<Record>) {
        guard let entry = drops.entry(named: token), let writer = database as? any DatabaseWriter else { return }
        let section = entry.indexPath.section
        let key = sections.keys.indices.contains(section) ? sections.keys[section] : nil
        let orderedIDs = key == nil ? [] : sections.identities[section]
        let position = entry.indexPath.item - drops.entriesBefore(entry.indexPath)
        let order = reordering?.write, sectionKey = sectionKey
        ownWritesStarted += 1
        ownWritesRequired = ownWritesStarted
        let ownWrites = ownWrites, handOff = handOff
        writer.asyncWrite(
            { db in
                let stored = try write(db, key)
                if let order, let key, sectionKey(stored.record) == key {
                    var ids = orderedIDs.filter { $0 != stored.record.id }
                    ids.insert(stored.record.id, at: min(position, ids.count))
                    try order(db, key, ids, stored.record.id)
                }
                return stored
            },
            completion: { [weak self] _, result in
                ownWrites.increment()
                handOff.handOff { [weak self] in self?.finishWriting(token, result) }
            })
    }

    /// Puts the stored record among the records, in the drop's row, or takes the row away when
    /// the write failed or the record belongs elsewhere; then the list follows the database.
    private func finishWriting(_ token: Int, _ result: Result<StoredDrop<Record>, any Error>) {
        ownWritesFinished += 1
        defer { refetch() }
        switch result {
        case let .failure(error):
            removeDrop(token)
            anomalyHandler.report(.writeFailed(reason: String(describing: error)))
        case let .success(stored):
            guard let entry = drops.entry(named: token), canPlace(stored.record, at: entry.indexPath) else {
                // Shown elsewhere already, or its section is another one: the refetch shows it there.
                return removeDrop(token)
            }
            drops.remove(token)
            let place = IndexPath(item: entry.indexPath.item - drops.entriesBefore(entry.indexPath), section: entry.indexPath.section)
            let opensSection = place.section == sections.keys.count
            sections.insertRecord(stored.record, at: place, key: sectionKey(stored.record))
            jobs.stateDidChange()
            var changes: [StorageChange] =
                opensSection ? [.updateSection(place.section, supplements: supplements(ofSection: place.section))] : []
            changes.append(.updateItem(at: entry.indexPath, model: stored.shown))
            willDeliverCarriedModels?([stored.record.id: stored.shown])
            broadcaster.deliver(.changes(ChangeSet(changes)), from: sender)
        }
    }

    /// Whether `record` can take the drop's row at `indexPath`: it is not shown yet, and a
    /// section the drop opened gets a key no other section has.
    private func canPlace(_ record: Record, at indexPath: IndexPath) -> Bool {
        guard !sections.identities.contains(where: { $0.contains(record.id) }) else { return false }
        return indexPath.section < sections.keys.count || !sections.keys.contains(sectionKey(record))
    }

    /// Reports a refused drop and returns the anomaly to throw.
    private func refuseDrop(_ anomaly: StorageAnomaly) -> StorageAnomaly {
        anomalyHandler.report(.dropRefused(anomaly))
        return anomaly
    }
}
