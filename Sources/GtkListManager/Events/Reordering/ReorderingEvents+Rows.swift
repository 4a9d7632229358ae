import ModelStorage

// Moving several rows at once: the pointer drag of several selected rows.
extension ReorderingEvents {
    /// Moves the items at `sources` (list order, the pressed `row`'s at `pressedSource` among
    /// them) so that they end up together, in their order, at the gap that `destination` (the
    /// pressed row's destination as a single row, after `targetIndexPathForMove`) stands for.
    ///
    /// One move per row that is not in its place yet, in list order, each told to the
    /// reactions (the type's sequence rule). The rows still to move are followed through each
    /// move arithmetically, O(rows) per move. A row whose move the storage refuses stays.
    func move(_ sources: [IndexPath], pressed row: BoundRow, at pressedSource: IndexPath, to destination: IndexPath) {
        manager.asUserAction(named: "Move") { moveEach(sources, pressed: row, at: pressedSource, to: destination) }
    }

    private func moveEach(_ sources: [IndexPath], pressed row: BoundRow, at pressedSource: IndexPath, to destination: IndexPath) {
        var pending = sources
        let pressedIndex = sources.firstIndex(of: pressedSource)
        var gap = gap(ofDestination: destination, from: pressedSource)
        for index in pending.indices {
            let source = pending[index]
            let target = self.destination(forGap: gap, from: source)
            // A row the storage refuses stays, and the gap with it; the next row goes there.
            guard target == source || moveOne(at: source, to: target, pressedRow: index == pressedIndex ? row : nil) else {
                continue
            }
            gap = IndexPath(item: target.item + 1, section: target.section)
            guard target != source else { continue }
            let move = StorageChange.moveItem(from: source, to: target)
            for later in pending.indices.dropFirst(index + 1) {
                pending[later] = move.destination(ofItemAt: pending[later]) ?? pending[later]  // a move keeps every item
            }
        }
    }

    /// The gap, read in the list as it is, that `destination` stands for as the destination
    /// of a row moved from `source` (``destination(forGap:from:)`` undone).
    func gap(ofDestination destination: IndexPath, from source: IndexPath) -> IndexPath {
        guard destination.section == source.section, destination.item >= source.item else { return destination }
        return IndexPath(item: destination.item + 1, section: destination.section)
    }

    /// One move of the sequence: the storage's (with a ``ReorderableStorage``), then the
    /// reactions, told the pressed row or, for the others, their row bound or a scratch one.
    /// False when the storage did not report the move.
    private func moveOne(at source: IndexPath, to destination: IndexPath, pressedRow: BoundRow?) -> Bool {
        var rowLocation = RowLocation.item(source)
        if let storage = manager.storage as? any ReorderableStorage {
            awaitedMove = (source, destination)
            awaitedMoveReported = false
            storage.moveItem(at: source, to: destination)
            awaitedMove = nil
            guard awaitedMoveReported else { return false }
            rowLocation = .item(destination)
        }
        if let pressedRow {
            let _: Void? = manager.events.perform(.move, input: destination, on: pressedRow, at: .item(source))
        } else {
            manager.withRow(at: rowLocation) { row in
                let _: Void? = manager.events.perform(.move, input: destination, on: row, at: .item(source))
            }
        }
        for observer in moveObservers { observer(source, destination) }
        return true
    }

    func listDidApply(_ changes: ChangeSet) {
        guard let awaitedMove else { return }
        for case let .entry(.moveItem(from, to)) in changes.segments
        where from == awaitedMove.source && to == awaitedMove.destination {
            awaitedMoveReported = true
        }
    }
}
