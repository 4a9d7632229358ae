/// The ranks a storage keeps of the columns it sorted by lately, aligned with its items: a
/// column sorted again (reversed, or back after another) reads its ranks here instead of
/// ranking every value again (building a million collation keys takes seconds).
///
/// Ranks hold only for the items and the column declaration they were made from: the storage
/// reorders them with its items and empties the cache when an item is added, removed or
/// changed; a column declared anew (another ``ColumnComparisons``) is ranked again.
struct RankCache: Sendable {
    /// How many columns are kept; the one used longest ago goes first (4 bytes an item each).
    static let capacity = 4

    private struct Entry: Sendable {
        let declaration: ColumnDeclaration
        var ranks: [Int32]
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var uses: UInt64 = 0

    /// The kept ranks of `column` as `declaration` declares it, if any.
    mutating func ranks(of column: String, declaredBy declaration: ColumnDeclaration) -> [Int32]? {
        guard let entry = entries[column], entry.declaration === declaration else { return nil }
        uses += 1
        entries[column]?.lastUse = uses
        return entry.ranks
    }

    /// Keeps `ranks` for `column`, making room when full.
    mutating func keep(_ ranks: [Int32], of column: String, declaredBy declaration: ColumnDeclaration) {
        if entries[column] == nil, entries.count >= Self.capacity,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        uses += 1
        entries[column] = Entry(declaration: declaration, ranks: ranks, lastUse: uses)
    }

    /// Follows the items into a new order: `order[i]` is the index before of the item now at `i`.
    mutating func reorder(by order: [Int]) {
        entries = entries.mapValues { entry in
            var moved = entry
            moved.ranks = entry.ranks.withUnsafeBufferPointer { old in order.map { old[$0] } }
            return moved
        }
    }

    /// Forgets every column: the items changed.
    mutating func removeAll() {
        entries.removeAll()
    }
}

/// The identity of one declaration of a column in a ``ColumnComparisons``: ranks made by it
/// are valid only for it (the same identifier may be declared another way elsewhere).
@usableFromInline
final class ColumnDeclaration: Sendable {
    @usableFromInline
    init() {}
}
