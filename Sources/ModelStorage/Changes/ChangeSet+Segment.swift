extension ChangeSet {
    /// A stretch of a change set as its storage wrote it: one entry, or a run of item entries
    /// that a host applies as one splice, or a section's items put in a new order.
    ///
    /// Reading ``ChangeSet/segments`` instead of the entries costs a host what the change
    /// touches: expanding a node of a million children is one ``insertion(of:at:)``, not a
    /// million entries. A segment stands for exactly the entries it lists in ``entries``.
    public enum Segment {
        /// One entry.
        case entry(StorageChange)
        /// `models` inserted one after the other from `indexPath`: the entries
        /// `insertItem(indexPath)`, `insertItem(indexPath + 1)`, ….
        indirect case insertion(of: ModelRun, at: IndexPath)
        /// The items at `items` of `section` deleted: the entries from the last item to the
        /// first, so each index is valid when it is applied.
        indirect case deletion(of: Range<Int>, inSection: Int)
        /// The items of a section put in a new order (a re-sort): the entries of its moves,
        /// ``ItemReordering/move(at:)``, which a host may apply as one reordering instead.
        indirect case reordering(ItemReordering)
        /// Runs of a section's items deleted, then runs inserted (a filter's change): the
        /// entries of ``ItemSplices/entry(at:)``, which a host may apply as one splice.
        indirect case splices(ItemSplices)

        /// The number of entries the segment stands for.
        public var entryCount: Int {
            switch self {
            case .entry: 1
            case let .insertion(models, _): models.count
            case let .deletion(items, _): items.count
            case let .reordering(reordering): reordering.moveCount
            case let .splices(splices): splices.entryCount
            }
        }

        /// The item and its new model when the segment is one
        /// ``StorageChange/updateItem(at:model:)``; nil for any other.
        package var itemUpdate: (indexPath: IndexPath, model: Any)? {
            guard case let .entry(.updateItem(indexPath, model)) = self else { return nil }
            return (indexPath, model)
        }

        /// Whether the segment is a ``reordering(_:)``.
        public var isReordering: Bool {
            if case .reordering = self { true } else { false }
        }

        /// Whether the segment is a ``splices(_:)``.
        public var isSplices: Bool {
            if case .splices = self { true } else { false }
        }

        /// The entry at `offset` of the ones the segment stands for.
        public func entry(at offset: Int) -> StorageChange {
            switch self {
            case let .entry(change):
                return change
            case let .insertion(models, start):
                return .insertItem(at: IndexPath(item: start.item + offset, section: start.section), model: models[offset])
            case let .deletion(items, section):
                return .deleteItem(at: IndexPath(item: items.upperBound - 1 - offset, section: section))
            case let .reordering(reordering):
                let move = reordering.move(at: offset)
                return .moveItem(
                    from: IndexPath(item: move.from, section: reordering.section),
                    to: IndexPath(item: move.to, section: reordering.section))
            case let .splices(splices):
                return splices.entry(at: offset)
            }
        }

        /// The entries the segment stands for, in order.
        public var entries: [StorageChange] {
            (0..<entryCount).map(entry(at:))
        }

        /// The segment left once its first `applied` entries are applied; nil when none is left.
        public func remainder(after applied: Int) -> Segment? {
            guard applied < entryCount else { return nil }
            guard applied > 0 else { return self }
            switch self {
            case .entry:
                return self
            case let .insertion(models, start):
                return .insertion(
                    of: models.dropping(first: applied), at: IndexPath(item: start.item + applied, section: start.section))
            case let .deletion(items, section):
                return .deletion(of: items.lowerBound..<items.upperBound - applied, inSection: section)
            case let .reordering(reordering):
                return .reordering(reordering.remainder(afterMoves: applied))
            case let .splices(splices):
                return .splices(splices.remainder(after: applied))
            }
        }

        /// Where the item at `indexPath` is once the segment is applied; nil when it deletes it.
        /// O(1), however many entries the segment stands for.
        public func destination(ofItemAt indexPath: IndexPath) -> IndexPath? {
            switch self {
            case let .entry(change):
                return change.destination(ofItemAt: indexPath)
            case let .insertion(models, start):
                guard indexPath.section == start.section, indexPath.item >= start.item else { return indexPath }
                return IndexPath(item: indexPath.item + models.count, section: indexPath.section)
            case let .deletion(items, section):
                guard indexPath.section == section, indexPath.item >= items.lowerBound else { return indexPath }
                if items.contains(indexPath.item) { return nil }
                return IndexPath(item: indexPath.item - items.count, section: section)
            case let .reordering(reordering):
                guard indexPath.section == reordering.section, reordering.destinations.indices.contains(indexPath.item) else {
                    return indexPath
                }
                return IndexPath(item: reordering.destinations[indexPath.item], section: indexPath.section)
            case let .splices(splices):
                return splices.destination(ofItemAt: indexPath)
            }
        }

        /// Where the section at `index` is once the segment is applied; nil when it deletes it.
        public func destination(ofSection index: Int) -> Int? {
            guard case let .entry(change) = self else { return index }
            return change.destination(ofSection: index)
        }
    }
}

extension ChangeSet.Segment: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .entry(change):
            return change.description
        case let .insertion(models, start):
            return "insert \(models.count) items from \(start.shortDescription)"
        case let .deletion(items, section):
            return "delete items \(items.lowerBound)..<\(items.upperBound) of section \(section)"
        case let .reordering(reordering):
            return "reorder \(reordering.count) items of section \(reordering.section) (\(reordering.moveCount) moves)"
        case let .splices(splices):
            return
                "splice section \(splices.section): delete \(splices.deletedCount) items in \(splices.deletions.count) runs, insert \(splices.insertedCount) in \(splices.insertions.count)"
        }
    }
}
