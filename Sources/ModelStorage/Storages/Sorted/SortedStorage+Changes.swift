// The changes a SortedStorage accepts. Each one is queued (or applied at once with
// `.immediate`); see "Threading" on SortedStorage.
extension SortedStorage {
    /// Inserts new identities and replaces stored ones, keeping the order.
    ///
    /// A replaced item that stays where it was is an update (its row refreshes in place); one
    /// that sorts elsewhere now is a move. When `items` repeats an identity, the last
    /// occurrence wins and ``StorageAnomaly/duplicateIdentifiers(kind:count:)`` is reported.
    public func upsert(_ items: [Item], execution: Execution = .background, completion: Completion? = nil) {
        submit(.upsert(items, firstSequence: reserveSequences(items.count)), execution, completion)
    }

    /// Removes the items with the identities of `items`.
    public func remove(_ items: [Item], execution: Execution = .background, completion: Completion? = nil) {
        remove(identifiers: items.map(\.diffIdentifier), execution: execution, completion: completion)
    }

    /// Removes the items with these identities. Identities that are not stored (when the change
    /// applies) are reported as ``StorageAnomaly/removeItemFailedItemNotFound(itemDescription:)``;
    /// the others are removed all the same.
    public func remove(identifiers: [Item.DiffIdentifier], execution: Execution = .background, completion: Completion? = nil) {
        submit(.remove(identifiers), execution, completion)
    }

    /// Replaces the content with `items`, diffed: identities that stay are updated or moved,
    /// never removed and inserted again. Repeated identities: the last one wins (reported).
    public func reset(_ items: [Item], execution: Execution = .background, completion: Completion? = nil) {
        submit(.reset(items, firstSequence: reserveSequences(items.count)), execution, completion)
    }

    /// Sorts by `comparator` from now on. Observers receive one ``ItemReordering`` per section
    /// whose order changed, which reads as moves only, the fewest possible.
    public func setComparator(_ comparator: @escaping Comparator, execution: Execution = .background, completion: Completion? = nil) {
        submit(.setComparator(comparator), execution, completion)
    }

    private func reserveSequences(_ count: Int) -> UInt64 {
        defer { nextSequence += UInt64(count) }
        return nextSequence
    }
}
