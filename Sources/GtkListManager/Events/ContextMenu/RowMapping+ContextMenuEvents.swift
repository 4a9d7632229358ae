import ModelStorage

extension RowMapping {
    /// The context menu of a row of this mapping, shown on a right-click and on the Menu key or
    /// Shift+F10 on the focused row; nil or no entries shows none (unless the row offers an
    /// edit, whose item the menu then holds alone).
    public func contextMenu(_ closure: @escaping (R, Model, IndexPath) -> [MenuItem]?) {
        addRowEvent(.contextMenu, closure)
    }
}
