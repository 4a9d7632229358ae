import ModelStorage

extension ListManager {
    /// Whether a `Row` (or subclass) row may be moved by the user (pointer drag, Alt+Up/Down).
    /// Default: false.
    public func canMove<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Bool) {
        addRowClassEvent(.canMove, rowClass, role: .item, closure)
    }

    /// After the user moved a `Row` (or subclass) row: `(destination, row, model, source)`.
    ///
    /// With a `MemoryStorage` the manager has already moved the item (and the row, once): do
    /// not move it again. With another storage, update it here.
    public func move<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (IndexPath, R, R.Model, IndexPath) -> Void
    ) {
        addRowClassReaction(
            rowClass, role: .item,
            .row(.move) { (destination: IndexPath, row: R, model: R.Model, source) in
                closure(destination, row, model, source)
            })
    }

    /// Where a `Row` (or subclass) row being moved would go: `(proposed, row, model, source) ->
    /// destination`. Without a reaction the proposed index path is used.
    public func targetIndexPathForMove<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (IndexPath, R, R.Model, IndexPath) -> IndexPath
    ) {
        addRowClassReaction(
            rowClass, role: .item,
            .row(.targetIndexPathForMove) {
                (proposed: IndexPath, row: R, model: R.Model, source) in
                closure(proposed, row, model, source)
            })
    }

    /// After the user moved any item: `(source, destination)`, whatever its row and model.
    /// Told after the row-typed `move` reactions, under the same storage rule.
    public func moveItem(_ closure: @escaping (IndexPath, IndexPath) -> Void) {
        features.require(.moveItem, as: ReorderingEvents.self).moveObservers.append(closure)
    }
}
