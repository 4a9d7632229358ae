import ModelStorage

// Index paths the app hands the manager, checked in one place: a path that addresses no item
// (three indices, one, none, a negative one) is refused and reported, never read by its first
// two indices as if it were another row's.
extension ListManager {
    /// Whether `indexPath` can address an item: exactly two indices, section and item, neither
    /// negative (`IndexPath.isItemPosition`). Otherwise reports
    /// ``ManagerAnomaly/invalidIndexPath(indexPath:call:)`` naming the public entry that was
    /// given it, `function`, and returns false. Every public entry that takes an index path
    /// asks here first, once per call, and does nothing for a refused one.
    func acceptsItemIndexPath(_ indexPath: IndexPath, in function: StaticString = #function) -> Bool {
        acceptsItemIndexPath(indexPath, from: "ListManager.\(function)")
    }

    /// Whether `indexPath` can address an item; otherwise reports it as coming from `source`
    /// (a reaction's answer, a drop proposal) and returns false.
    func acceptsItemIndexPath(_ indexPath: IndexPath, from source: @autoclosure () -> String) -> Bool {
        guard !indexPath.isItemPosition else { return true }
        anomalyHandler.report(.invalidIndexPath(indexPath: indexPath, call: source()))
        return false
    }
}
