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

    /// The runs of `changes`, in order.
    static func runs(of changes: ChangeSet) -> [ChangeRun] {
        var runs: [ChangeRun] = []
        for change in changes {
            if let last = runs.last, let merged = last.merging(change) {
                runs[runs.count - 1] = merged
            } else {
                runs.append(.single(change))
            }
        }
        return runs
    }

    /// This run with `change` added, or nil when `change` does not continue it: an insertion
    /// right after the last inserted item; a deletion just before the deleted items (deleting
    /// from the end) or at their start (deleting forwards).
    private func merging(_ change: StorageChange) -> ChangeRun? {
        switch (self, change) {
        case let (.single(.insertItem(first, firstModel)), .insertItem(next, model))
            where next.section == first.section && next.item == first.item + 1:
            return .insertItems([firstModel, model], at: first)
        case let (.insertItems(models, start), .insertItem(next, model))
            where next.section == start.section && next.item == start.item + models.count:
            var models = models
            models.append(model)
            return .insertItems(models, at: start)
        case let (.single(.deleteItem(first)), .deleteItem(next)) where next.section == first.section:
            return Self.deletion(first.item..<first.item + 1, inSection: first.section, extendedBy: next.item)
        case let (.deleteItems(items, section), .deleteItem(next)) where next.section == section:
            return Self.deletion(items, inSection: section, extendedBy: next.item)
        default:
            return nil
        }
    }

    /// `items` (of the items before any of them was deleted) and one more deletion at `item`
    /// (read after them), when that one is adjacent.
    private static func deletion(_ items: Range<Int>, inSection section: Int, extendedBy item: Int) -> ChangeRun? {
        if item == items.lowerBound - 1 { return .deleteItems(item..<items.upperBound, inSection: section) }
        if item == items.lowerBound { return .deleteItems(items.lowerBound..<items.upperBound + 1, inSection: section) }
        return nil
    }

    /// The entries this run stands for, for whoever follows entries one by one.
    var changes: [StorageChange] {
        switch self {
        case let .single(change):
            return [change]
        case let .insertItems(models, start):
            return models.enumerated().map { .insertItem(at: IndexPath(item: start.item + $0.offset, section: start.section), model: $0.element) }
        case let .deleteItems(items, section):
            return items.reversed().map { .deleteItem(at: IndexPath(item: $0, section: section)) }
        }
    }
}
