import GRDB
import ModelStorage

// A new request or a new sort as `async` functions that return what became of it, as for
// DatabaseStorage. Named `…AndWait`: an `async` overload named `setRequest` or `sort` would be
// chosen in every async context, and a call there without a completion would stop compiling
// without `await`.
extension LazyDatabaseStorage {
    /// Shows `request`'s records from now on, and returns what became of it once that is known:
    /// ``setRequest(_:readingRecordsWith:completion:)``, awaited.
    ///
    /// It returns on the main actor as ``DatabaseStorage/setRequestAndWait(_:)`` does:
    /// ``DatabaseRequestOutcome/shown`` after observers received the first result,
    /// ``DatabaseRequestOutcome/superseded`` when a request or sort asked after it was shown
    /// first, ``DatabaseRequestOutcome/failed(_:)`` or ``DatabaseRequestOutcome/stopped``
    /// otherwise; it always returns. Cancelling the task that awaits it cancels nothing: the
    /// request is fetched and shown all the same.
    ///
    /// - Parameters:
    ///   - request: the records to show.
    ///   - recordRequest: the request the records of rows are read with, by id; nil reads them
    ///     with `request`.
    /// - Returns: what became of the request; ignore it to rely on the anomaly handler.
    @discardableResult
    public func setRequestAndWait(
        _ request: QueryInterfaceRequest<Record>, readingRecordsWith recordRequest: QueryInterfaceRequest<Record>? = nil
    ) async -> DatabaseRequestOutcome {
        await withCheckedContinuation { continuation in
            setRequest(request, readingRecordsWith: recordRequest) { continuation.resume(returning: $0) }
        }
    }

    /// Orders the records by `keys` from now on, and returns what became of the sort once that
    /// is known: ``sort(by:using:completion:)``, awaited.
    ///
    /// ```swift
    /// let outcome = await books.sortAndWait(by: [SortKey("title")], using: orderings)
    /// ```
    ///
    /// It returns on the main actor as ``DatabaseStorage/sortAndWait(by:using:)`` does, with
    /// ``DatabaseRequestOutcome/superseded`` when a newer sort or request was shown first; it
    /// always returns. Cancelling the task that awaits it cancels nothing: the storage sorts all
    /// the same.
    ///
    /// - Parameters:
    ///   - keys: the sort, primary key first; empty goes back to the request's own order.
    ///   - orderings: how each column orders in SQL.
    /// - Returns: what became of the sort; ignore it to rely on the anomaly handler.
    @discardableResult
    public func sortAndWait(by keys: [SortKey], using orderings: DatabaseColumnOrderings) async -> DatabaseRequestOutcome {
        await withCheckedContinuation { continuation in
            sort(by: keys, using: orderings) { continuation.resume(returning: $0) }
        }
    }
}
