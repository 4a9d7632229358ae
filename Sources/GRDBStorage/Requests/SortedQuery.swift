import GRDB

/// A request of the query interface as the app gave it, and the column sort it is fetched in:
/// what a ``LazyDatabaseStorage`` follows the identities of.
struct SortedQuery<RowDecoder>: Sendable {
    /// The request as given, with its own order.
    var request: QueryInterfaceRequest<RowDecoder>
    /// The column sort, nil when the request keeps its own order.
    var sort: ColumnSort?
    /// The request records are read by id with, when not `request` (a lazy storage's rows).
    var recordRequest: QueryInterfaceRequest<RowDecoder>?

    /// The request in the sort's order, or as given.
    var sorted: QueryInterfaceRequest<RowDecoder> {
        sort?.apply(to: request) ?? request
    }
}
