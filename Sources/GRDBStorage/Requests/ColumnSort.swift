import GRDB
import ModelStorage

/// A sort a database storage follows: the keys a user chose, and how the app orders each
/// column in SQL.
struct ColumnSort: Sendable {
    let keys: [SortKey]
    let orderings: DatabaseColumnOrderings

    /// `request` in the sort's order.
    func apply<RowDecoder>(to request: QueryInterfaceRequest<RowDecoder>) -> QueryInterfaceRequest<RowDecoder> {
        orderings.request(request, sortedBy: keys)
    }
}
