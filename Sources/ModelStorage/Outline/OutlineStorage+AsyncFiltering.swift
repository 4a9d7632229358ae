// The tree filter as an `async` function that returns once the filter is applied. Named
// `setFilterAndWait`: an `async` overload named `setFilter` would be chosen in every async
// context, and a call there without a completion would stop compiling without `await`.
extension OutlineStorage {
    /// Shows the items that pass `filter` from now on, with their ancestors (nil: every item),
    /// and returns once it is applied: ``setFilter(_:execution:completion:)``, awaited.
    ///
    /// ```swift
    /// await storage.setFilterAndWait { $0.name.contains("swift") }
    /// let shown = storage.numberOfItems(inSection: 0)   // the rows that pass or lead to one
    /// ```
    ///
    /// It returns on the main actor once this filter, or a newer one, is applied and observers
    /// have seen it: a filter asked while this one is scanned supersedes it (this one is never
    /// applied), and the call returns with the newer one's, in call order. It always returns.
    /// Cancelling the task that awaits it cancels nothing: the filter is applied all the same.
    ///
    /// - Parameters:
    ///   - filter: whether an item passes; nil shows every item.
    ///   - execution: `.background` scans on the storage's queue (the default); `.immediate`
    ///     scans before the call returns.
    public func setFilterAndWait(_ filter: ItemFilter?, execution: StorageExecution = .background) async {
        await withCheckedContinuation { continuation in
            setFilter(filter, execution: execution) { continuation.resume() }
        }
    }
}
