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

    // MARK: - By model type (rows of any class: a table's rows, declared rows)

    /// Whether an item of type `Model` may be moved by the user (pointer drag, Alt+Up/Down),
    /// whatever row shows it. Default: false.
    public func canMove<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelTypeReaction(modelType, role: .item, .model(.canMove) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// After the user moved an item of type `Model`: `(destination, model, source)`. With a
    /// `MemoryStorage` the manager has already moved the item: do not move it again. With another
    /// storage, update it here.
    public func move<Model>(_ modelType: Model.Type, _ closure: @escaping (IndexPath, Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.move) { (destination: IndexPath, model: Model, source) in closure(destination, model, source) })
    }

    /// Where an item of type `Model` being moved would go: `(proposed, model, source) ->
    /// destination`. Without a reaction the proposed index path is used.
    public func targetIndexPathForMove<Model>(
        _ modelType: Model.Type, _ closure: @escaping (IndexPath, Model, IndexPath) -> IndexPath
    ) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.targetIndexPathForMove) { (proposed: IndexPath, model: Model, source) in closure(proposed, model, source) })
    }

    /// After the user moved any item: `(source, destination)`, whatever its row and model.
    /// Told after the row-typed `move` reactions, under the same storage rule.
    public func moveItem(_ closure: @escaping (IndexPath, IndexPath) -> Void) {
        features.require(.moveItem, as: ReorderingEvents.self).moveObservers.append(closure)
    }
}
