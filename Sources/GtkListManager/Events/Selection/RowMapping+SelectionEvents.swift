import ModelStorage

extension RowMapping {
    /// Before the user selects a row of this mapping: return its index path to allow it,
    /// another index path to select that row instead, or nil to refuse.
    public func willSelect(_ closure: @escaping (R, Model, IndexPath) -> IndexPath?) {
        addRowEvent(.willSelect, closure)
    }

    /// After the user selected a row of this mapping.
    public func didSelect(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didSelect, closure)
    }

    /// Before the user deselects a row of this mapping: return its index path to allow it,
    /// another index path to deselect that row instead, or nil to keep it selected.
    public func willDeselect(_ closure: @escaping (R, Model, IndexPath) -> IndexPath?) {
        addRowEvent(.willDeselect, closure)
    }

    /// After the user deselected a row of this mapping.
    public func didDeselect(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didDeselect, closure)
    }
}
