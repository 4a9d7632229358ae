import CGtk
import ModelStorage

extension ListManager {
    /// The context menu of a `Row` (or subclass) row, shown on a right-click and on the Menu
    /// key or Shift+F10 on the focused row; nil or no entries shows none (unless the row
    /// offers an edit, whose item the menu then holds alone).
    public func contextMenu<Row: ListRow & ModelTransfer>(
        _ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> [MenuItem]?
    ) {
        addRowClassEvent(.contextMenu, rowClass, role: .item, closure)
    }

    /// The context menu shown now for a row of this list, if any (it is destroyed once
    /// dismissed).
    public var shownContextMenu: UnsafeMutablePointer<GtkMenu>? {
        events.source(ContextMenuEvents.self)?.shownMenu
    }
}
