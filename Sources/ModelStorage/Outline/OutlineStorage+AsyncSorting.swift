// The tree sort as an `async` function that returns once the order is applied. Named
// `sortAndWait`, as on SortedStorage: an `async` overload named `sort` would be chosen in every
// async context.
extension OutlineStorage {
    /// Orders every level of every section by `keys` from now on, and returns once the order is
    /// applied: ``sort(by:using:execution:completion:)``, awaited.
    ///
    /// ```swift
    /// await folders.sortAndWait(by: [SortKey("name")], using: comparisons)
    /// let first = folders.item(at: IndexPath(item: 0, section: 0))   // the order the tree shows
    /// ```
    ///
    /// It returns on the main actor once this sort, or a newer one, is applied and observers
    /// have seen it: a sort asked while this one is ranked supersedes it, and the call returns
    /// once the newer one is applied. It always returns, in call order. Cancelling the task that
    /// awaits it cancels nothing: the storage sorts all the same.
    ///
    /// - Parameters:
    ///   - keys: the sort, primary key first; empty stops sorting.
    ///   - comparisons: how each column compares.
    ///   - execution: `.background` (the default) or `.immediate` (applied before it returns).
    public func sortAndWait(by keys: [SortKey], using comparisons: ColumnComparisons<ItemID>, execution: StorageExecution = .background)
        async
    {
        await withCheckedContinuation { continuation in
            sort(by: keys, using: comparisons, execution: execution) { continuation.resume() }
        }
    }
}
