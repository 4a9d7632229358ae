/// A row that lets go of what it showed when it leaves the list for the reuse pool.
///
/// A virtualized host recycles rows as they scroll away: the row that showed one model is
/// kept and later filled with another through ``ModelTransfer/update(with:)``. Adopt this to
/// clear, at once, what belongs to the model it showed and `update(with:)` may not set again:
/// a large image, a state of its own (an open detail, a toggle), a timer. Content loaded late
/// needs no clearing here to stay off other rows: its ``RowBinding`` has already ended.
@MainActor
public protocol ReusableRow: ListRow {
    /// The row left the list and waits in the reuse pool to show another model (rows the pool
    /// has no room for are released instead, without this call).
    func prepareForReuse()
}
