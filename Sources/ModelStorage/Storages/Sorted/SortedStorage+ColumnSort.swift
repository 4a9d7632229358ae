// Following the sort a user chose in a table's column headers, through comparisons the app
// declared per column (ColumnComparisons), on top of setComparator.
extension SortedStorage {
    /// Sorts by `keys` from now on, primary key first, comparing each column as `comparisons`
    /// declares it; observers receive one ``ItemReordering`` per section whose order changed
    /// (moves only, the fewest possible, to a reader of entries).
    ///
    /// - Items equal for every key are ordered by the comparisons' tie-breaker, then keep the
    ///   order their identities entered the storage (see "Order and identity"), whichever way
    ///   the keys point: the result depends only on the items and the sort, never on the order
    ///   shown before. An empty sort orders by the tie-breaker alone.
    /// - A key naming a column `comparisons` does not declare is left out, the others apply,
    ///   and it is reported as ``StorageAnomaly/unknownSortColumn(column:knownColumns:)``.
    /// - A sort asked while an earlier one is still being computed in the background supersedes
    ///   it: that result is not applied, the changes are computed again together and observers
    ///   see one change set, to the newest order (every completion still runs, in call order).
    public func sort(
        by keys: [SortKey], using comparisons: ColumnComparisons<Item>, execution: Execution = .background,
        completion: Completion? = nil
    ) {
        for key in comparisons.unknownKeys(in: keys) {
            anomalyHandler.report(.unknownSortColumn(column: key.column, knownColumns: comparisons.columns))
        }
        // Rows must never show an order the user already left (a quick second click on a
        // header): a job that sorts comes back stale and runs again with this change.
        if execution == .background, inFlight?.contains(where: \.isSort) == true { jobs.stateDidChange() }
        let ordering: SortedOrdering<Item> = { items, ranks, tie in
            comparisons.sortedIndices(of: items, by: keys, ranks: &ranks, tie: tie)
        }
        submit(.setComparator(comparisons.comparator(for: keys), ordering: ordering), execution, completion)
    }
}

extension SortedStorage.PendingChange {
    /// Whether the change sets a comparator.
    fileprivate var isSort: Bool {
        if case .setComparator = operation { true } else { false }
    }
}
