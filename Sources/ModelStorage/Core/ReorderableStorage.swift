/// A storage whose items the user can reorder: dragging a row in the list, or Alt+Up and
/// Alt+Down on a focused row.
///
/// A manager moves the item through ``moveItem(at:to:)`` when a reorder ends, and its list
/// follows the one move the storage reports: the row that was dragged is not animated a second
/// time. ``MemoryStorage`` adopts it, and so can a storage of your own (a database storage
/// writes the new order).
@MainActor
public protocol ReorderableStorage: ObservableStorage {
    /// Moves the item at `source` to `destination`, read in the state after removing the
    /// source, and reports it to observers as one move. An invalid request (an index path out
    /// of range) changes nothing and is reported as an anomaly.
    func moveItem(at source: IndexPath, to destination: IndexPath)
}
