/// The ordered log of what one transaction did to a storage.
///
/// Section and item operations are interleaved in the order they happened, and every entry's
/// indices are relative to the state after the entries before it. A host applies the entries one
/// by one, in order, and ends in the storage's new state. See ``StorageChange``.
///
/// A storage may write a run of item insertions or deletions as one ``Segment``
/// (``appendInsertion(of:at:)``, ``appendDeletion(of:inSection:)``): the log still reads as its
/// entries, one by one, but a host that reads ``segments`` applies the run as one splice, and the
/// log holds no entry per item. Expanding a tree node of a million children costs the list O(1)
/// entries this way.
///
/// Change sets compare equal entry by entry, however they hold them (models by value where they
/// are `Equatable`), and print one segment per line, so tests can assert exact logs.
public struct ChangeSet: Equatable, RandomAccessCollection, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The log as its storage wrote it: single entries and runs, in order.
    public private(set) var segments: [Segment]
    /// The number of entries up to the end of each segment; nil while every segment is one entry.
    private var entryEnds: [Int]?

    /// A change set of `changes`, in the order a host applies them; empty by default.
    public init(_ changes: [StorageChange] = []) {
        segments = changes.map(Segment.entry)
    }

    public init(arrayLiteral elements: StorageChange...) {
        self.init(elements)
    }

    /// The entries, in the order a host must apply them. O(entries): a host reads ``segments``.
    public var changes: [StorageChange] { Array(self) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entryEnds?.last ?? segments.count }

    /// The entry at `position`: O(1) while the log holds no run, else O(log segments).
    public subscript(position: Int) -> StorageChange {
        guard let entryEnds else { return segments[position].entry(at: 0) }
        precondition(position >= 0 && position < endIndex, "ChangeSet entry \(position) out of range")
        var low = 0, high = entryEnds.count - 1
        while low < high {
            let middle = (low + high) / 2
            if entryEnds[middle] > position { high = middle } else { low = middle + 1 }
        }
        let start = low == 0 ? 0 : entryEnds[low - 1]
        return segments[low].entry(at: position - start)
    }

    /// Whether every entry gives an item a new model in place (``StorageChange/updateItem(at:model:)``):
    /// a log that moves no row, which a reader applies without following positions. O(segments).
    package var updatesItemsOnly: Bool {
        for segment in segments {
            guard case .entry(.updateItem) = segment else { return false }
        }
        return !segments.isEmpty
    }

    /// Appends an entry at the end of the log.
    public mutating func append(_ change: StorageChange) {
        append(segment: .entry(change))
    }

    /// Appends `models`, inserted one after the other from `indexPath`: the same entries as
    /// inserting each at `indexPath.item`, `indexPath.item + 1`, …, held as one run. Nothing is
    /// appended for an empty run.
    public mutating func appendInsertion(of models: ModelRun, at indexPath: IndexPath) {
        guard !models.isEmpty else { return }
        append(segment: models.count == 1 ? .entry(.insertItem(at: indexPath, model: models[0])) : .insertion(of: models, at: indexPath))
    }

    /// Appends `models` as ``appendInsertion(of:at:)`` does, held as a run even when it has one
    /// model: its models are read only when a reader asks for them.
    mutating func appendLazyInsertion(of models: ModelRun, at indexPath: IndexPath) {
        guard !models.isEmpty else { return }
        append(segment: .insertion(of: models, at: indexPath))
    }

    /// Appends the deletion of the items at `items` of `section`: the same entries as deleting
    /// each, from the last to the first, held as one run. Nothing is appended for an empty range.
    public mutating func appendDeletion(of items: Range<Int>, inSection section: Int) {
        guard !items.isEmpty else { return }
        append(segment: .deletion(of: items, inSection: section))
    }

    /// Appends runs of a section's items deleted, then runs inserted: the same entries as
    /// ``ItemSplices/entry(at:)`` lists, held as one segment a host may apply as one splice.
    /// Nothing is appended when they change nothing.
    public mutating func appendSplices(_ splices: ItemSplices) {
        guard splices.entryCount > 0 else { return }
        append(segment: .splices(splices))
    }

    /// Appends the reordering of a section's items: the same entries as its moves, held as
    /// one segment that a host may apply at once. Nothing is appended when nothing moves.
    public mutating func appendReordering(_ reordering: ItemReordering) {
        guard reordering.moveCount > 0 else { return }
        append(segment: .reordering(reordering))
    }

    /// The same log with each reordering written out as its moves, one entry each: for a
    /// reader that applies moves one at a time and follows the log as it goes.
    public func expandingReorderings() -> ChangeSet {
        expanding(where: \.isReordering) { segment in segment.entries.map { .entry($0) } }
    }

    /// The same log with each ``Segment/splices(_:)`` written out as its plain runs
    /// (``ItemSplices/segments``): for a reader that applies runs one at a time and follows the
    /// log as it goes.
    public func expandingSplices() -> ChangeSet {
        expanding(where: \.isSplices) { segment in
            guard case let .splices(splices) = segment else { return [segment] }
            return splices.segments
        }
    }

    /// The same log with each segment that `matches` written out as the segments `expand` makes
    /// of it; the log itself when none matches.
    private func expanding(where matches: (Segment) -> Bool, into expand: (Segment) -> [Segment]) -> ChangeSet {
        guard segments.contains(where: matches) else { return self }
        var expanded = ChangeSet()
        for segment in segments {
            for part in matches(segment) ? expand(segment) : [segment] { expanded.append(segment: part) }
        }
        return expanded
    }

    /// Appends the entries of another log, which must start from this log's end state.
    public mutating func append(contentsOf other: ChangeSet) {
        for segment in other.segments { append(segment: segment) }
    }

    private mutating func append(segment: Segment) {
        if entryEnds == nil, case .entry = segment {
            segments.append(segment)
            return
        }
        if entryEnds == nil { entryEnds = segments.indices.map { $0 + 1 } }
        entryEnds!.append(endIndex + segment.entryCount)
        segments.append(segment)
    }

    public static func == (lhs: ChangeSet, rhs: ChangeSet) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public var description: String {
        segments.isEmpty
            ? "ChangeSet(empty)"
            : "ChangeSet(\n" + segments.map { "  \($0)\n" }.joined() + ")"
    }
}
