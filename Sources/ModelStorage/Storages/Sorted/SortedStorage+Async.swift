// The changes a SortedStorage accepts, as `async` functions that return once the change is
// applied. They are named `…AndWait`: an `async` overload named as the completion-based call
// would be chosen in every async context, and a call there without a completion would stop
// compiling without `await`.
//
// Each returns when its completion runs, which it always does: a job that comes back stale is
// computed again, a sort superseded by a newer one completes with it, and an immediate change
// completes before it returns. Cancelling the awaiting task cancels no change.
extension SortedStorage {
    /// Inserts new identities and replaces stored ones, and returns once the change is applied:
    /// ``upsert(_:execution:completion:)``, awaited.
    ///
    /// ```swift
    /// await storage.upsertAndWait([updated])
    /// let row = storage.indexPath(ofIdentifier: updated.diffIdentifier)   // where the list shows it
    /// ```
    ///
    /// It returns on the main actor once the change is applied and observers have seen it (with
    /// the changes asked before it, and those asked while it waited for the queue, as one
    /// change set). A result that comes back stale is computed again: the call still returns,
    /// once the change is applied. Cancelling the task that awaits it cancels nothing: the change
    /// is applied all the same.
    ///
    /// - Parameters:
    ///   - items: the items to insert or replace, by identity.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func upsertAndWait(_ items: [Item], execution: Execution = .background) async {
        await withCheckedContinuation { continuation in
            upsert(items, execution: execution) { continuation.resume() }
        }
    }

    /// Removes the items with the identities of `items`, and returns once the change is applied:
    /// ``remove(_:execution:completion:)``, awaited.
    ///
    /// It returns as ``upsertAndWait(_:execution:)`` does: on the main actor once the change is
    /// applied and observers have seen it, even when a stale result was computed again.
    /// Cancelling the task that awaits it cancels nothing.
    ///
    /// - Parameters:
    ///   - items: the items to remove, by identity.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func removeAndWait(_ items: [Item], execution: Execution = .background) async {
        await withCheckedContinuation { continuation in
            remove(items, execution: execution) { continuation.resume() }
        }
    }

    /// Removes the items with these identities, and returns once the change is applied:
    /// ``remove(identifiers:execution:completion:)``, awaited.
    ///
    /// It returns as ``upsertAndWait(_:execution:)`` does: on the main actor once the change is
    /// applied and observers have seen it, even when a stale result was computed again.
    /// Cancelling the task that awaits it cancels nothing.
    ///
    /// - Parameters:
    ///   - identifiers: the identities to remove.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func removeAndWait(identifiers: [Item.DiffIdentifier], execution: Execution = .background) async {
        await withCheckedContinuation { continuation in
            remove(identifiers: identifiers, execution: execution) { continuation.resume() }
        }
    }

    /// Replaces the content with `items`, diffed, and returns once the change is applied:
    /// ``reset(_:execution:completion:)``, awaited.
    ///
    /// It returns as ``upsertAndWait(_:execution:)`` does: on the main actor once the change is
    /// applied and observers have seen it, even when a stale result was computed again.
    /// Cancelling the task that awaits it cancels nothing.
    ///
    /// - Parameters:
    ///   - items: the new content.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func resetAndWait(_ items: [Item], execution: Execution = .background) async {
        await withCheckedContinuation { continuation in
            reset(items, execution: execution) { continuation.resume() }
        }
    }

    /// Sorts by `comparator` from now on, and returns once the new order is applied:
    /// ``setComparator(_:execution:completion:)``, awaited.
    ///
    /// It returns on the main actor once the order is applied and observers have seen it. A
    /// result that comes back stale (an immediate change, a newer sort) is computed again, with
    /// the changes asked since: the call then returns once that result is applied. Cancelling
    /// the task that awaits it cancels nothing: the storage sorts all the same.
    ///
    /// - Parameters:
    ///   - comparator: whether an item sorts before another; a strict weak ordering.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func setComparatorAndWait(_ comparator: @escaping Comparator, execution: Execution = .background) async {
        await withCheckedContinuation { continuation in
            setComparator(comparator, execution: execution) { continuation.resume() }
        }
    }

    /// Sorts by `keys` from now on, each column compared as `comparisons` declares it, and returns
    /// once the order is applied: ``sort(by:using:execution:completion:)``, awaited.
    ///
    /// ```swift
    /// await storage.sortAndWait(by: [SortKey("size", ascending: false)], using: comparisons)
    /// let largest = storage.items.first            // the order the list shows
    /// ```
    ///
    /// It returns on the main actor once this sort, or a newer one, is applied and observers
    /// have seen it: a sort asked while this one is computed supersedes it (this order is never
    /// shown), and the call returns once the newer one is applied. It always returns, in call
    /// order. Cancelling the task that awaits it cancels nothing: the storage sorts all the same.
    ///
    /// - Parameters:
    ///   - keys: the sort, primary key first.
    ///   - comparisons: how each column compares.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func sortAndWait(
        by keys: [SortKey], using comparisons: ColumnComparisons<Item>, execution: Execution = .background
    ) async {
        await withCheckedContinuation { continuation in
            sort(by: keys, using: comparisons, execution: execution) { continuation.resume() }
        }
    }
}
