import ModelStorage

extension RowMapping {
    /// Whether a row of this mapping may be moved by the user (pointer drag, Alt+Up/Down).
    /// Default: false, so rows move only where this answers true.
    public func canMove(_ closure: @escaping (R, Model, IndexPath) -> Bool) {
        addRowEvent(.canMove, closure)
    }

    /// After the user moved a row of this mapping: `(destination, row, model, source)`.
    ///
    /// With a `MemoryStorage` the manager has already moved the item (and the row, once):
    /// persist the order here, do not move it again. With another storage, update it here.
    public func moveRowTo(_ closure: @escaping (IndexPath, R, Model, IndexPath) -> Void) {
        addRowReaction(.move) { (destination: IndexPath, row, model, source) in closure(destination, row, model, source) }
    }

    /// Where a row of this mapping being moved would go: `(proposed, row, model, source) ->
    /// destination`. Return `proposed` to allow it, another index path to redirect, or `source`
    /// to keep the row where it is. Without a reaction the proposed index path is used.
    public func targetIndexPathForMove(_ closure: @escaping (IndexPath, R, Model, IndexPath) -> IndexPath) {
        addRowReaction(.targetIndexPathForMove) { (proposed: IndexPath, row, model, source) in
            closure(proposed, row, model, source)
        }
    }
}
