import GRDB
import ModelStorage

// A new request or a new sort as `async` functions that return what became of it. Named
// `…AndWait`: an `async` overload named `setRequest` or `sort` would be chosen in every async
// context, and a call there without a completion would stop compiling without `await`.
extension DatabaseStorage {
    /// Shows `request`'s records from now on, and returns what became of it once that is known:
    /// ``setRequest(_:completion:)``, awaited.
    ///
    /// ```swift
    /// let outcome = await storage.setRequestAndWait(Book.filter(Column("shelf") == "SF"))
    /// if outcome == .shown { print(storage.records.count) }   // the rows the list shows
    /// ```
    ///
    /// It returns on the main actor once the outcome is known (see ``DatabaseRequestOutcome``):
    /// ``DatabaseRequestOutcome/shown`` after observers received the request's first result;
    /// ``DatabaseRequestOutcome/superseded`` when a request or sort asked after it was shown
    /// first (it returns then, with the newer one's outcome, in call order);
    /// ``DatabaseRequestOutcome/failed(_:)`` or ``DatabaseRequestOutcome/stopped`` otherwise. It
    /// always returns. Cancelling the task that awaits it cancels nothing: the request is
    /// fetched and shown all the same.
    ///
    /// - Parameter request: the records to show.
    /// - Returns: what became of the request; ignore it to rely on the anomaly handler.
    @inlinable
    @discardableResult
    public func setRequestAndWait(_ request: some FetchRequest<Record>) async -> DatabaseRequestOutcome
    where Record: FetchableRecord {
        await withCheckedContinuation { continuation in
            setRequest(request) { continuation.resume(returning: $0) }
        }
    }

    /// Orders the records by `keys` from now on, and returns what became of the sort once that
    /// is known: ``sort(by:using:completion:)``, awaited.
    ///
    /// ```swift
    /// await storage.sortAndWait(by: [SortKey("title")], using: orderings)
    /// ```
    ///
    /// It returns on the main actor with ``DatabaseRequestOutcome/shown`` once observers
    /// received the sorted result, ``DatabaseRequestOutcome/superseded`` when a sort or request
    /// asked after it was shown first (it returns then, in call order),
    /// ``DatabaseRequestOutcome/failed(_:)`` when the sort's fetch failed or the storage's
    /// request cannot sort, ``DatabaseRequestOutcome/stopped`` when the storage stopped
    /// observing. It always returns. Cancelling the task that awaits it cancels nothing: the
    /// storage sorts all the same.
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
