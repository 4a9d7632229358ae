import GRDB
import ModelStorage

// A new request or a new sort, shown live: the storage is not replaced, its observers see the
// difference (moves for a sort), and it follows the database with the new request.
extension DatabaseStorage {
    /// The sort the storage follows, primary key first; empty when its request keeps its own
    /// order. Once a sort is asked for, this is that sort, before its result is shown; it goes
    /// back to the sort shown if the new one fails.
    public var sortKeys: [SortKey] { sortableRequest?.sort?.keys ?? [] }

    /// Shows `request`'s records from now on, in place of the current request, keeping the
    /// column sort (see ``sort(by:using:completion:)``): a new filter, a new join.
    ///
    /// The request runs off the main thread; its first result is diffed against what the list
    /// shows, so records that stay keep their rows (moved where the order puts them, refreshed in
    /// place when their content changed). The storage then follows the database with it.
    /// - A request asked for before the previous one's result was shown supersedes it: that
    ///   result is never applied.
    /// - A request whose first fetch fails is reported
    ///   (``DatabaseStorageAnomaly/fetchFailed(reason:)``), and the storage goes back to the
    ///   request it shows.
    /// - A sort applies only to a `QueryInterfaceRequest`: another request while the storage is
    ///   sorted ends the sort, reported as ``DatabaseStorageAnomaly/requestNotSortable``.
    ///
    /// `completion` runs on the main actor once, after observers received the first result: see
    /// ``DatabaseRequestOutcome``.
    @inlinable
    public func setRequest(_ request: some FetchRequest<Record>, completion: DatabaseRequestCompletion? = nil)
    where Record: FetchableRecord {
        setSortableRequest(SortableRequest(request), completion: completion)
    }

    @usableFromInline
    func setSortableRequest(_ request: SortableRequest<Record>, completion: DatabaseRequestCompletion?) {
        var request = request
        if let sort = sortableRequest?.sort {
            if request.query == nil { anomalyHandler.report(.requestNotSortable) } else { request.sort = sort }
        }
        show(request, completion: completion)
    }

    /// Orders the records by `keys` from now on, primary key first, each column ordered in SQL as
    /// `orderings` declares it; observers receive moves only, the fewest possible.
    ///
    /// The storage's request (the one it was made with, or the last ``setRequest(_:completion:)``)
    /// is fetched with the `ORDER BY` the sort makes (see ``DatabaseColumnOrderings``) off the main
    /// thread, and the database observation goes on with it: a write after the sort appears in
    /// the sort's order. An empty sort goes back to the request's own order.
    /// - A key naming a column `orderings` does not declare is left out, the others apply, and it
    ///   is reported as ``DatabaseStorageAnomaly/unknownSortColumn(column:knownColumns:)``.
    /// - A sort asked for before the previous one's result was shown supersedes it, which is
    ///   never applied; a sort whose fetch fails is reported and the storage keeps the order it
    ///   shows, as for ``setRequest(_:completion:)``.
    /// - Only a storage whose request is a `QueryInterfaceRequest` can sort; any other refuses
    ///   with ``DatabaseStorageAnomaly/requestNotSortable`` (also its completion's outcome) and
    ///   keeps its order.
    ///
    /// Rows the user moves while a sort is shown are written in the order shown, into the
    /// storage's ``DatabaseReordering`` column: a table sorted by a column usually disallows
    /// moves.
    public func sort(by keys: [SortKey], using orderings: DatabaseColumnOrderings, completion: DatabaseRequestCompletion? = nil) {
        MainActorConfinement.check("DatabaseStorage was sorted")
        guard var request = sortableRequest, request.query != nil else {
            anomalyHandler.report(.requestNotSortable)
            if let completion { handOff.handOff { completion(.failed(.requestNotSortable)) } }
            return
        }
        for key in orderings.unknownKeys(in: keys) {
            anomalyHandler.report(.unknownSortColumn(column: key.column, knownColumns: orderings.columns))
        }
        request.sort = keys.isEmpty ? nil : ColumnSort(keys: keys, orderings: orderings)
        show(request, completion: completion)
    }
}
