import ModelStorage

/// A section's runs of inserted or removed items, or its moved items, gathered for a host that
/// takes its splices at once (``SpliceBatching``; CONTRIBUTING, Hot paths: 11).
///
/// Insertions and moves enter the row map as they are gathered (each position is read with the
/// earlier ones made, as the host reads them); removals enter it only once the host removed
/// their rows, so that the rows leaving are unbound at the places they had, as one at a time.
struct PendingSplices {
    var section = 0
    /// Top to bottom, in the row map already.
    var insertions: [(position: Int, count: Int)] = []
    /// Bottom to top, not in the row map yet.
    var removals: [(positions: Range<Int>, items: Range<Int>)] = []
    /// In order, each read after the ones before, in the row map already: a re-sort's.
    var moves: [(from: Int, to: Int)] = []

    var isEmpty: Bool { insertions.isEmpty && removals.isEmpty && moves.isEmpty }
}

extension ListUpdater {
    /// Gathers `run` into `pending` when it is an insertion or a removal of items; false for
    /// other runs, which the caller applies alone after flushing `pending`.
    func gather(_ run: ChangeRun, into pending: inout PendingSplices) -> Bool {
        switch run {
        case let .insertItems(models, indexPath):
            gatherInsertion(of: models, at: indexPath, into: &pending)
        case let .single(.insertItem(indexPath, model)):
            gatherInsertion(of: ModelRun([model]), at: indexPath, into: &pending)
        case let .deleteItems(items, section):
            gatherRemoval(of: items, inSection: section, into: &pending)
        case let .single(.deleteItem(indexPath)):
            gatherRemoval(of: indexPath.item..<indexPath.item + 1, inSection: indexPath.section, into: &pending)
        case let .single(.moveItem(from, to)) where from.section == to.section && !configuration.animateMoveAsDeleteAndInsert:
            gatherMove(from: from, to: to, into: &pending)
        default:
            return false
        }
        return true
    }

    /// Hands what `pending` gathered to the host, then the row map takes the removals and the
    /// section's supplementary rows follow; `pending` is empty after.
    func flush(_ pending: inout PendingSplices) {
        guard !pending.isEmpty, let host = batchingHost else { return }
        defer { factory.releasePreparedRows() }
        if pending.insertions.count == 1, let only = pending.insertions.first {
            host.insertRows(at: only.position, count: only.count)
        } else if !pending.insertions.isEmpty {
            host.insertRows(pending.insertions)
        }
        if pending.removals.count == 1, let only = pending.removals.first {
            host.removeRows(at: only.positions)
        } else if !pending.removals.isEmpty {
            host.removeRows(pending.removals.map(\.positions))
        }
        if !pending.moves.isEmpty { host.moveRows(pending.moves) }
        for removal in pending.removals { rowMap.removeItems(removal.items, inSection: pending.section) }
        reconcileSupplementaryRows(inSection: pending.section)
        pending = PendingSplices()
    }

    private func gatherMove(from: IndexPath, to: IndexPath, into pending: inout PendingSplices) {
        if !pending.insertions.isEmpty || !pending.removals.isEmpty || pending.section != from.section { flush(&pending) }
        let source = rowMap.position(of: from)
        rowMap.moveItem(from: from, to: to)
        pending.section = from.section
        pending.moves.append((source, rowMap.position(of: to)))
    }

    private func gatherInsertion(of models: ModelRun, at indexPath: IndexPath, into pending: inout PendingSplices) {
        if !pending.removals.isEmpty || !pending.moves.isEmpty || pending.section != indexPath.section { flush(&pending) }
        // One above those gathered: they go first, read without it, as they were. The row map
        // takes it only after the host took them: a host binding their positions would find this
        // run's models there (ChangeSetFuzz).
        if let last = pending.insertions.last, rowMap.position(of: indexPath) < last.position + last.count { flush(&pending) }
        rowMap.insertItems(models, at: indexPath)
        let position = rowMap.position(of: indexPath)
        pending.section = indexPath.section
        pending.insertions.append((position, models.count))
    }

    private func gatherRemoval(of items: Range<Int>, inSection section: Int, into pending: inout PendingSplices) {
        if !pending.insertions.isEmpty || !pending.moves.isEmpty || pending.section != section { flush(&pending) }
        func positionsNow() -> Range<Int> {
            let first = rowMap.position(of: IndexPath(item: items.lowerBound, section: section))
            return first..<first + items.count
        }
        var positions = positionsNow()
        // Not above those gathered: they go first, and this one is read after them.
        if let last = pending.removals.last, positions.upperBound > last.positions.lowerBound {
            flush(&pending)
            positions = positionsNow()
        }
        pending.section = section
        pending.removals.append((positions, items))
    }
}

extension ListUpdater {
    /// Applies a section's runs of deletions, then of insertions, each kind in one call to the
    /// batching host: O(runs) of plain integers, whatever the list's length. Loops, not
    /// closures: a keystroke brings tens of thousands of runs (CONTRIBUTING, Hot paths: 3, 15).
    func apply(_ splices: ItemSplices) {
        guard let host = batchingHost else { return }
        defer { factory.releasePreparedRows() }
        let section = splices.section
        // The rows leave at the places they had, then the row map follows (as `flush(_:)`).
        var first = rowMap.position(of: IndexPath(item: 0, section: section))
        if !splices.deletions.isEmpty {
            var removals = splices.deletions
            if first > 0 {
                for run in removals.indices { removals[run] = first + removals[run].lowerBound..<first + removals[run].upperBound }
            }
            host.removeRows(removals)
            rowMap.removeItems(runs: splices.deletions, inSection: section)
        }
        if !splices.insertions.isEmpty {
            rowMap.insertItems(splices.models, runs: splices.insertions, inSection: section)
            first = rowMap.position(of: IndexPath(item: 0, section: section))
            var insertions: [(position: Int, count: Int)] = []
            insertions.reserveCapacity(splices.insertions.count)
            for run in splices.insertions { insertions.append((first + run.lowerBound, run.count)) }
            host.insertRows(insertions)
        }
        reconcileSupplementaryRows(inSection: section)
    }
}
