// The filter calls as `async` functions that return once the filter is applied. They are named
// `…AndWait`: an `async` overload named `setFilter` would be chosen in every async context, and a
// call there without a completion (let the scan run) would stop compiling without `await`.
extension FilteredStorage {
    /// Shows the items that pass `filter` from now on (nil: every item), and returns once it is
    /// applied: ``setFilter(_:execution:completion:)``, awaited.
    ///
    /// ```swift
    /// await shown.setFilterAndWait { $0.name.contains("lib") }
    /// print(shown.count)                            // the rows that pass, as the list shows them
    /// ```
    ///
    /// It returns on the main actor once this filter, or a newer one, is applied and observers
    /// have seen it: a filter asked while this one is scanned supersedes it (this one is never
    /// applied), and the call returns with the newer one's, in call order. It always returns.
    /// Cancelling the task that awaits it cancels nothing: the filter is applied all the same,
    /// and the call returns once it (or a newer one) is.
    ///
    /// - Parameters:
    ///   - filter: whether a model shows; nil shows every model of the type.
    ///   - execution: `.background` scans on the storage's queue (the default); `.immediate`
    ///     scans before the call returns, superseding the scans asked before.
    public func setFilterAndWait(_ filter: Filter?, execution: Execution = .background) async {
        await withCheckedContinuation { continuation in
            setFilter(filter, execution: execution) { continuation.resume() }
        }
    }

    /// Shows the items that pass the filter `prepare` returns (nil: every item), prepared off
    /// the main thread, and returns once it is applied: ``setFilter(preparedBy:completion:)``,
    /// awaited.
    ///
    /// It returns on the main actor once this filter, or a newer one, is applied and observers
    /// have seen it (a newer filter supersedes this one, which is then never applied; the call
    /// returns all the same). Cancelling the task that awaits it cancels nothing: the filter is
    /// prepared and applied all the same.
    ///
    /// - Parameter prepare: works the filter out on the storage's queue.
    public func setFilterAndWait(preparedBy prepare: @escaping @Sendable () -> Filter?) async {
        await withCheckedContinuation { continuation in
            setFilter(preparedBy: prepare) { continuation.resume() }
        }
    }
}
