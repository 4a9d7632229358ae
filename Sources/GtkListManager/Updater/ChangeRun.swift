import ModelStorage

/// A change set's entries as splices: consecutive item insertions, or deletions, in one
/// section become one splice.
///
/// A storage reports one entry per item (1,000 for `insertItems` of 1,000 models). Applied one
/// by one, each would move every later item of the shown section: a thousand moves of a
/// million models for one batch. As one splice the section moves once.
enum ChangeRun {
    /// Any other entry, applied as it is.
    case single(StorageChange)
    /// Items inserted at `indexPath` and the ones after it, in order.
    case insertItems([Any], at: IndexPath)
    /// The items at `items` of `section`, deleted.
    case deleteItems(Range<Int>, inSection: Int)

    /// The runs of `changes`, in order. O(entries).
    static func runs(of changes: ChangeSet) -> [ChangeRun] {
        var builder = Builder()
        for change in changes { builder.add(change) }
        return builder.finish()
    }

    /// Collects runs, keeping the one being extended in plain variables so that its models
    /// array grows in place (an array inside an enum case is copied on every append).
    private struct Builder {
        private var runs: [ChangeRun] = []
        /// Models inserted from `start` on, one after the other.
        private var insertion: (models: [Any], start: IndexPath)?
        /// Items of one section deleted together (positions before any of them was deleted).
        private var deletion: (items: Range<Int>, section: Int)?

        mutating func add(_ change: StorageChange) {
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
                        ? .single(.insertItem(at: run.start, model: run.models[0])) : .insertItems(run.models, at: run.start))
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

    /// The entries this run stands for, for whoever follows entries one by one.
    var changes: [StorageChange] {
        switch self {
        case let .single(change):
            return [change]
        case let .insertItems(models, start):
            return models.enumerated().map {
                .insertItem(at: IndexPath(item: start.item + $0.offset, section: start.section), model: $0.element)
            }
        case let .deleteItems(items, section):
            return items.reversed().map { .deleteItem(at: IndexPath(item: $0, section: section)) }
        }
    }
}
