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
    /// Sort by another comparator.
    case setComparator(@Sendable (Item, Item) -> Bool)
}
