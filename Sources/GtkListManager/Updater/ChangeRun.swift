import ModelStorage

/// A change set's entries as splices: consecutive item insertions, or deletions, in one
/// section become one splice, and so does each run a storage wrote as one segment; a
/// section's reordering stays one.
///
/// Most storages report one entry per item (1,000 for `insertItems` of 1,000 models). Applied
/// one by one, each would move every later item of the shown section: a thousand moves of a
/// million models for one batch. As one splice the section moves once.
enum ChangeRun {
    /// Any other entry, applied as it is.
    case single(StorageChange)
    /// Items inserted at `indexPath` and the ones after it, in order.
    case insertItems(ModelRun, at: IndexPath)
    /// The items at `items` of `section`, deleted.
    case deleteItems(Range<Int>, inSection: Int)
    /// The items of a section put in a new order: its moves, applied as one.
    case reorderItems(ItemReordering)
    /// Runs of a section's items deleted, then runs inserted: applied as one splice.
    case spliceItems(ItemSplices)

    /// The runs of `changes`, in order. O(segments).
    static func runs(of changes: ChangeSet) -> [ChangeRun] {
        var builder = Builder(capacity: changes.segments.count)
        for segment in changes.segments { builder.add(segment) }
        return builder.finish()
    }

    /// The number of entries the run stands for.
    var entryCount: Int {
        switch self {
        case .single: 1
        case let .insertItems(models, _): models.count
        case let .deleteItems(items, _): items.count
        case let .reorderItems(reordering): reordering.moveCount
        case let .spliceItems(splices): splices.entryCount
        }
    }

    /// Collects runs, keeping the one being extended in plain variables so that its models
    /// array grows in place (an array inside an enum case is copied on every append).
    private struct Builder {
        private var runs: [ChangeRun] = []
        /// Models inserted from `start` on, one after the other.
        private var insertion: (models: [Any], start: IndexPath)?
        /// Items of one section deleted together (positions before any of them was deleted).
        private var deletion: (items: Range<Int>, section: Int)?

        /// A builder with room for `capacity` runs: a filter's keystroke brings tens of thousands.
        init(capacity: Int) { runs.reserveCapacity(capacity) }

        mutating func add(_ segment: ChangeSet.Segment) {
            switch segment {
            case let .entry(change):
                add(change)
            case let .insertion(models, indexPath):
                flush()
                runs.append(.insertItems(models, at: indexPath))
            case let .deletion(items, section):
                flush()
                runs.append(.deleteItems(items, inSection: section))
            case let .reordering(reordering):
                flush()
                runs.append(.reorderItems(reordering))
            case let .splices(splices):
                flush()
                runs.append(.spliceItems(splices))
            }
        }

        private mutating func add(_ change: StorageChange) {
            switch change {
            case let .insertItem(indexPath, model):
                if let run = insertion, indexPath.section == run.start.section, indexPath.item == run.start.item + run.models.count {
                    insertion!.models.append(model)
                    return
                }
                flush()
                insertion = ([model], indexPath)
            case let .deleteItem(indexPath):
                if let run = deletion, indexPath.section == run.section, let items = Self.extend(run.items, by: indexPath.item) {
                    deletion!.items = items
                    return
                }
                flush()
                deletion = (indexPath.item..<indexPath.item + 1, indexPath.section)
            default:
                flush()
                runs.append(.single(change))
            }
        }

        mutating func finish() -> [ChangeRun] {
            flush()
            return runs
        }

        /// Ends the run being extended.
        private mutating func flush() {
            if let run = insertion {
                runs.append(
                    run.models.count == 1
                        ? .single(.insertItem(at: run.start, model: run.models[0]))
                        : .insertItems(ModelRun(run.models), at: run.start))
                insertion = nil
            }
            if let run = deletion {
                runs.append(
                    run.items.count == 1
                        ? .single(.deleteItem(at: IndexPath(item: run.items.lowerBound, section: run.section)))
                        : .deleteItems(run.items, inSection: run.section))
                deletion = nil
            }
        }

        /// `items` (of the items before any of them was deleted) and one more deletion at `item`
        /// (read after them), when that one is adjacent: deleting from the end, or forwards.
        private static func extend(_ items: Range<Int>, by item: Int) -> Range<Int>? {
            if item == items.lowerBound - 1 { return item..<items.upperBound }
            if item == items.lowerBound { return items.lowerBound..<items.upperBound + 1 }
            return nil
        }
    }

    /// Whether the run gives an item or a section new models in place: it moves nothing.
    var updatesInPlace: Bool {
        switch self {
        case .single(.updateItem), .single(.updateSection): true
        default: false
        }
    }

    /// The run as one segment of a change set.
    var segment: ChangeSet.Segment {
        switch self {
        case let .single(change): .entry(change)
        case let .insertItems(models, start): .insertion(of: models, at: start)
        case let .deleteItems(items, section): .deletion(of: items, inSection: section)
        case let .reorderItems(reordering): .reordering(reordering)
        case let .spliceItems(splices): .splices(splices)
        }
    }

    /// The entries this run stands for, for whoever follows entries one by one. O(entries):
    /// follow a run with ``destination(ofItemAt:)``.
    var changes: [StorageChange] { segment.entries }

    /// Where the item at `indexPath` is once the run is applied; nil when it deletes it. O(1).
    func destination(ofItemAt indexPath: IndexPath) -> IndexPath? {
        segment.destination(ofItemAt: indexPath)
    }

    /// Where the section at `index` is once the run is applied; nil when it deletes it.
    func destination(ofSection index: Int) -> Int? {
        segment.destination(ofSection: index)
    }
}
