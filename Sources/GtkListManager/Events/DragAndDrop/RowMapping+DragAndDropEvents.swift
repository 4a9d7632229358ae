import ModelStorage

extension RowMapping {
    /// What a row of this mapping offers when dragged to other lists, widgets and applications.
    /// An empty array (the default) offers nothing: the row is then dragged only to be moved
    /// (`canMove`).
    public func itemsForBeginningDrag(_ closure: @escaping (R, Model, IndexPath) -> [DragItem]) {
        addRowEvent(.itemsForBeginningDrag, closure)
    }
}
