import GRDB
import ModelStorage

// A move made in the list: shown at once, written in one transaction on the writer's queue.
extension DatabaseStorage: ReorderableStorage {
    /// Moves the record at `source` to `destination` (read after its removal) and writes the
    /// new order with the storage's ``DatabaseReordering``. Observers see one move now; the
    /// result after the write only refreshes in place the records whose order value changed.
    /// An invalid move, a move to another section the reordering cannot write, a move while a
    /// drop is not settled, or a storage without reordering is refused with an anomaly.
    public func moveItem(at source: IndexPath, to destination: IndexPath) {
        MainActorConfinement.check("DatabaseStorage was changed")
        guard let reordering, let writer = database as? any DatabaseWriter else {
            return anomalyHandler.report(.notReorderable)
        }
        guard drops.isEmpty else {
            return anomalyHandler.report(.moveWhileDropping(source: source, destination: destination))
        }
        guard let moved = sections.record(at: source), isValidDestination(destination, from: source),
            source.section == destination.section || reordering.movesAcrossSections
        else {
            return anomalyHandler.report(.invalidMove(source: source, destination: destination))
        }
        guard source != destination else { return }
        sections.moveRecord(from: source, to: destination)
        jobs.stateDidChange()
        broadcaster.deliver(.changes([.moveItem(from: source, to: destination)]), from: sender)
        write(sectionOf: destination.section, moved: moved.id, with: reordering, to: writer)
    }

    private func isValidDestination(_ destination: IndexPath, from source: IndexPath) -> Bool {
        guard destination.count == 2, sections.keys.indices.contains(destination.section), destination.item >= 0
        else { return false }
        let available = numberOfItems(inSection: destination.section) - (destination.section == source.section ? 1 : 0)
        return destination.item <= available
    }

    /// Writes the order of `section` as the list shows it now. Results fetched before the write
    /// is over are not applied; the fetch after it brings the list in line with the database,
    /// whether the write committed or failed. Inside a group of an `UndoHistory`, what the write
    /// changed is recorded.
    private func write(
        sectionOf section: Int, moved: Record.ID, with reordering: DatabaseReordering<Record.ID, SectionKey>,
        to writer: any DatabaseWriter
    ) {
        let key = sections.keys[section], ids = sections.identities[section]
        let write = reordering.write
        let action = undoReporter?.actionForChange()
        recordedWrite({ db in try write(db, key, ids, moved) }, to: writer, recording: action != nil) { [weak self] result in
            guard let self else { return }
            if case let .failure(error) = result { anomalyHandler.report(.writeFailed(reason: String(describing: error))) }
            if let action { report(result, for: action) }
        }
    }
}
