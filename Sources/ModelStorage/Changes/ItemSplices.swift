/// Runs of one section's items deleted, then runs inserted, held together: what a new filter
/// does to a section, tens of thousands of runs for one keystroke at a million items.
///
/// Written as one ``ChangeSet/Segment/deletion(of:inSection:)`` or
/// ``ChangeSet/Segment/insertion(of:at:)`` per run, every reader pays per run — a host, the
/// selection, the mirror of the storage each follow each run. As one
/// ``ChangeSet/Segment/splices(_:)`` a host takes all the runs in one splice, and
/// ``destination(ofItemAt:)`` follows an item through all of them in O(log runs). The same
/// change still reads as its entries (``entryCount``, ``entry(at:)``), or as its plain runs
/// (``segments``):
/// - the deletions first, bottom to top, each a range of items as they were before any of the
///   splices (a lower run is gone before a higher one, so both read the same);
/// - then the insertions, top to bottom, each a range of items as they are after all of them.
///
/// ```swift
/// // Section 0 was [a, b, c, d]; b and c stop passing, x and y start: it becomes [x, a, d, y].
/// let splices = ItemSplices(section: 0, deletions: [1..<3], insertions: [0..<1, 3..<4], models: ModelRun([x, y]))!
/// splices.destination(ofItemAt: IndexPath(item: 3, section: 0))  // d: item 2
/// ```
public struct ItemSplices {
    /// The section whose items are spliced.
    public let section: Int
    /// The runs deleted, bottom to top, as items before the splices; none empty or overlapping.
    public let deletions: [Range<Int>]
    /// The runs inserted, top to bottom, as items after the splices; none empty or overlapping.
    public let insertions: [Range<Int>]
    /// The inserted models, the insertions' one after the other.
    public let models: ModelRun

    /// For each deletion, the items deleted up to its end (bottom to top).
    private let deletedThrough: [Int]
    /// For each insertion, the items inserted up to its end (top to bottom).
    private let insertedThrough: [Int]

    /// The splices of `section`: `deletions` bottom to top, as items before the splices, then
    /// `insertions` top to bottom, as items after them, with `models` (as many as they insert).
    /// Nil when the runs are out of that order, empty, or overlapping, or `models` has another
    /// count.
    public init?(section: Int, deletions: [Range<Int>], insertions: [Range<Int>], models: ModelRun) {
        guard let sums = Self.sums(deletions: deletions, insertions: insertions), models.count == sums.insertedThrough.last ?? 0
        else { return nil }
        self.init(
            section: section, deletions: deletions, insertions: insertions, models: models, deletedThrough: sums.deletedThrough,
            insertedThrough: sums.insertedThrough)
    }

    /// The splices of `section` as ``init(section:deletions:insertions:models:)`` makes them,
    /// with the model of each inserted item given by its item after the splices: read when a
    /// reader asks for it, from a copy of the storage's state (as ``ModelRun`` says).
    public init?(
        section: Int, deletions: [Range<Int>], insertions: [Range<Int>], modelOfItem: @escaping (Int) -> Any
    ) {
        guard let sums = Self.sums(deletions: deletions, insertions: insertions) else { return nil }
        let insertedThrough = sums.insertedThrough
        let models = ModelRun(count: insertedThrough.last ?? 0) { model in
            let run = insertedThrough.partitionPoint { $0 > model }
            return modelOfItem(insertions[run].lowerBound + model - (run == 0 ? 0 : insertedThrough[run - 1]))
        }
        self.init(
            section: section, deletions: deletions, insertions: insertions, models: models, deletedThrough: sums.deletedThrough,
            insertedThrough: insertedThrough)
    }

    /// The items deleted and inserted up to the end of each run; nil when the runs are out of
    /// order, empty or overlapping.
    private static func sums(deletions: [Range<Int>], insertions: [Range<Int>]) -> (deletedThrough: [Int], insertedThrough: [Int])? {
        var deletedThrough: [Int] = [], insertedThrough: [Int] = []
        deletedThrough.reserveCapacity(deletions.count)
        insertedThrough.reserveCapacity(insertions.count)
        var deleted = 0, inserted = 0
        for (offset, run) in deletions.enumerated() {
            guard !run.isEmpty, run.lowerBound >= 0, offset == 0 || run.upperBound <= deletions[offset - 1].lowerBound else { return nil }
            deleted += run.count
            deletedThrough.append(deleted)
        }
        for (offset, run) in insertions.enumerated() {
            guard !run.isEmpty, run.lowerBound >= 0, offset == 0 || run.lowerBound >= insertions[offset - 1].upperBound else { return nil }
            inserted += run.count
            insertedThrough.append(inserted)
        }
        return (deletedThrough, insertedThrough)
    }

    private init(
        section: Int, deletions: [Range<Int>], insertions: [Range<Int>], models: ModelRun, deletedThrough: [Int],
        insertedThrough: [Int]
    ) {
        self.section = section
        self.deletions = deletions
        self.insertions = insertions
        self.models = models
        self.deletedThrough = deletedThrough
        self.insertedThrough = insertedThrough
    }

    /// The number of items deleted.
    public var deletedCount: Int { deletedThrough.last ?? 0 }

    /// The number of items inserted.
    public var insertedCount: Int { insertedThrough.last ?? 0 }

    /// The number of entries the splices stand for: one per item deleted or inserted.
    public var entryCount: Int { deletedCount + insertedCount }

    /// The entry at `offset`: the deletions' entries (each run from its last item to its first),
    /// then the insertions' (each run from its first item). O(log runs).
    public func entry(at offset: Int) -> StorageChange {
        precondition(offset >= 0 && offset < entryCount, "ItemSplices entry \(offset) out of 0..<\(entryCount)")
        if offset < deletedCount {
            let run = deletedThrough.partitionPoint { $0 > offset }
            let before = run == 0 ? 0 : deletedThrough[run - 1]
            return .deleteItem(at: IndexPath(item: deletions[run].upperBound - 1 - (offset - before), section: section))
        }
        let model = offset - deletedCount
        let run = insertedThrough.partitionPoint { $0 > model }
        let before = run == 0 ? 0 : insertedThrough[run - 1]
        return .insertItem(at: IndexPath(item: insertions[run].lowerBound + model - before, section: section), model: models[model])
    }

    /// The same change as plain runs, in order: one ``ChangeSet/Segment/deletion(of:inSection:)``
    /// per deletion, then one ``ChangeSet/Segment/insertion(of:at:)`` per insertion. O(runs):
    /// for a reader that follows runs one at a time.
    public var segments: [ChangeSet.Segment] {
        var segments: [ChangeSet.Segment] = deletions.map { .deletion(of: $0, inSection: section) }
        for (run, items) in insertions.enumerated() {
            let first = run == 0 ? 0 : insertedThrough[run - 1]
            let models = models
            segments.append(
                .insertion(of: ModelRun(count: items.count) { models[first + $0] }, at: IndexPath(item: items.lowerBound, section: section))
            )
        }
        return segments
    }

    /// Where the item at `indexPath` is once the splices are made; nil when they delete it.
    /// O(log runs).
    public func destination(ofItemAt indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section == section else { return indexPath }
        // The deletions above it (bottom to top: those from `below` on end at or before it).
        let item = indexPath.item
        let below = deletions.partitionPoint { $0.lowerBound <= item }
        if below < deletions.count, deletions[below].contains(item) { return nil }
        let kept = item - (below == 0 ? deletedCount : deletedCount - deletedThrough[below - 1])
        // The kept items fill the places the insertions leave: `kept` lands after every
        // insertion that starts before as many kept items as it has.
        let after = insertions.indices.partitionPoint { run in
            insertions[run].lowerBound - (run == 0 ? 0 : insertedThrough[run - 1]) > kept
        }
        return IndexPath(item: kept + (after == 0 ? 0 : insertedThrough[after - 1]), section: section)
    }

    /// The splices left once their first `applied` entries are made. O(runs): for a reader that
    /// applied part of them one entry at a time.
    public func remainder(after applied: Int) -> ItemSplices {
        guard applied > 0 else { return self }
        precondition(applied <= entryCount, "ItemSplices: \(applied) entries applied of \(entryCount)")
        var deletions = deletions, insertions = insertions, models = models
        if applied <= deletedCount {
            // Whole runs from the bottom, then the bottom of the next one.
            let whole = deletedThrough.partitionPoint { $0 > applied }
            deletions.removeFirst(whole)
            let left = applied - (whole == 0 ? 0 : deletedThrough[whole - 1])
            if left > 0 { deletions[0] = deletions[0].lowerBound..<deletions[0].upperBound - left }
        } else {
            deletions = []
            let inserted = applied - deletedCount
            let whole = insertedThrough.partitionPoint { $0 > inserted }
            insertions.removeFirst(whole)
            let left = inserted - (whole == 0 ? 0 : insertedThrough[whole - 1])
            if left > 0 { insertions[0] = insertions[0].lowerBound + left..<insertions[0].upperBound }
            models = models.dropping(first: inserted)
        }
        return ItemSplices(section: section, deletions: deletions, insertions: insertions, models: models)!
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `isInSecondPart`, which must be false up to some
    /// index and true from it on; `endIndex` when none does. A binary search.
    fileprivate func partitionPoint(where isInSecondPart: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isInSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
