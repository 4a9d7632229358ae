import GRDB
import ModelStorage

// A new request or a new sort, shown live, as for DatabaseStorage: the identity storage
// follows the new identity query, and the records of its rows are read with the new request
// once its first result is shown (until then the rows on screen are the previous request's).
extension LazyDatabaseStorage {
    /// The sort the storage follows, primary key first; empty when its request keeps its own
    /// order. Once a sort is asked for, this is that sort, before its result is shown; it goes
    /// back to the sort shown if the new one fails.
    public var sortKeys: [SortKey] { query.sort?.keys ?? [] }

    /// Shows `request`'s records from now on, keeping the column sort: see
    /// ``DatabaseStorage/setRequest(_:completion:)``. The storage follows the same `id`,
    /// section and change marker of it; give no limit.
    ///
    /// - Parameters:
    ///   - request: the records to show.
    ///   - recordRequest: the request the records of rows are read with, by id (a page around a
    ///     row bound, the records a change brings); nil reads them with `request`. Give `request`
    ///     without a narrowing filter that costs much to run, such as a full-text search's
    ///     (``FullTextSearch``): each read runs it again, while the ids read already passed it.
    ///     Its selection and joins must be `request`'s.
    ///   - completion: told once, after observers received the first result.
    public func setRequest(
        _ request: QueryInterfaceRequest<Record>, readingRecordsWith recordRequest: QueryInterfaceRequest<Record>? = nil,
        completion: DatabaseRequestCompletion? = nil
    ) {
        MainActorConfinement.check("LazyDatabaseStorage's request was changed")
        var next = query
        next.request = request
        next.recordRequest = recordRequest
        show(next, completion: completion)
    }

    /// Orders the records by `keys` from now on, each column ordered in SQL as `orderings`
    /// declares it; observers receive moves only, the fewest possible: see
    /// ``DatabaseStorage/sort(by:using:completion:)``. Ties are broken by the table's primary key.
    ///
    /// Every key runs in SQLite over the whole table: an index on each sortable column (with the
    /// section first, when there are sections) keeps a sort of a hundred thousand records fast;
    /// a text collation other than `TextComparison.lexical` calls back into Swift for each
    /// comparison and uses no index.
    public func sort(by keys: [SortKey], using orderings: DatabaseColumnOrderings, completion: DatabaseRequestCompletion? = nil) {
        MainActorConfinement.check("LazyDatabaseStorage was sorted")
        for key in orderings.unknownKeys(in: keys) {
            anomalyHandler.report(.unknownSortColumn(column: key.column, knownColumns: orderings.columns))
        }
        var next = query
        next.sort = keys.isEmpty ? nil : ColumnSort(keys: keys, orderings: orderings)
        show(next, completion: completion)
    }

    /// Follows the identities of `next` from now on; if its first fetch fails, goes back to the
    /// query shown.
    private func show(_ next: SortedQuery<Record>, completion: DatabaseRequestCompletion?) {
        query = next
        let identityQuery = identityQuery(next.sorted)
        // Records are read by id: the request's order does not matter, its joins do (and its
        // filter, unless a request without it was given).
        let readRecords = Self.recordReader(of: next.recordRequest ?? next.request, id: idColumn)
        identities.replaceRequest(fetchingWith: identityQuery.fetchAll, readCarriedModels: Self.carriedModelReader(readRecords)) {
            [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .shown:
                shownQuery = next
                self.readRecords = readRecords
                readIdentity = identityQuery.fetchOne
                // The drop writer read identities with the previous request.
                dropInsertion = currentDropInsertion
            case .failed:
                query = shownQuery
                identities.replaceRequest(
                    fetchingWith: self.identityQuery(shownQuery.sorted).fetchAll,
                    readCarriedModels: Self.carriedModelReader(self.readRecords),
                    completion: nil)
            case .superseded, .stopped:
                break
            }
            completion?(outcome)
        }
    }
}
