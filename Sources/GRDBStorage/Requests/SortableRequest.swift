import GRDB

/// The request a ``DatabaseStorage`` was given and the column sort it follows: what the storage
/// fetches.
///
/// Only a `QueryInterfaceRequest` can be sorted (its `ORDER BY` replaced); any other request is
/// fetched as it was given. The closures are made where the record type is known (the storage's
/// `@inlinable` initializer and `setRequest`), so that decoding runs specialized.
@usableFromInline
struct SortableRequest<Record: Sendable>: Sendable {
    @usableFromInline typealias FetchRecords = @Sendable (Database) throws -> [Record]

    /// The request as given, when it is one a sort can re-order.
    @usableFromInline let query: QueryInterfaceRequest<Record>?
    /// Fetches the request as given.
    @usableFromInline let fetchAsGiven: FetchRecords
    /// Fetches a request of the same records (`query` sorted).
    @usableFromInline let fetchQuery: @Sendable (QueryInterfaceRequest<Record>) -> FetchRecords
    /// The column sort, nil when the request keeps its own order.
    var sort: ColumnSort?

    @inlinable
    init(_ request: some FetchRequest<Record>) where Record: FetchableRecord {
        query = request as? QueryInterfaceRequest<Record>
        fetchAsGiven = { db in try request.fetchAll(db) }
        fetchQuery = { query in { db in try query.fetchAll(db) } }
    }

    /// What the storage fetches: the request in the sort's order, or as given.
    var fetchRecords: FetchRecords {
        guard let sort, let query else { return fetchAsGiven }
        return fetchQuery(sort.apply(to: query))
    }
}
