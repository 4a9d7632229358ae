/// One change requested of a ``SortedStorage``, as a `Sendable` value: it is applied on the
/// background queue, and applied again to a newer state when its first result came back stale.
enum SortedOperation<Item: Diffable & Sendable>: Sendable where Item.DiffIdentifier: Sendable {
    /// Insert or update by identity. A new identity at batch offset `i` gets sequence
    /// `firstSequence + i` (reserved when the call was made, so ties break in call order).
    case upsert([Item], firstSequence: UInt64)
    /// Remove these identities.
    case remove([Item.DiffIdentifier])
    /// Replace the content; identities that stay keep their sequence.
    case reset([Item], firstSequence: UInt64)
    /// Sort by another comparator; `ordering`, when given, sorts a whole list faster in the
    /// comparator's order (see `SortedOrdering`).
    case setComparator(@Sendable (Item, Item) -> Bool, ordering: SortedOrdering<Item>? = nil)
}

/// The indices of a list of items in a comparator's order, ties ordered by the function given
/// (the storage's own rule): what a column sort computes from ranks instead of comparisons,
/// reading and keeping them in the storage's ``RankCache`` (aligned with the list).
typealias SortedOrdering<Item> = @Sendable ([Item], _ ranks: inout RankCache, _ tie: (Int, Int) -> Bool) -> [Int]
