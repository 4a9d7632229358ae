import CGtk
import ModelStorage

extension ListManager {
    /// The context menu of a `Row` (or subclass) row, shown on a right-click and on the Menu
    /// key or Shift+F10 on the focused row; nil or no entries shows none (unless the row
    /// offers an edit, whose item the menu then holds alone).
    public func contextMenu<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> [MenuItem]?
    ) {
        addRowClassEvent(.contextMenu, rowClass, role: .item, closure)
    }

    /// The context menu of the selected items, shown instead of a row's own when the user asks
    /// for the menu of an item that is one of several selected; `closure` gets their index
    /// paths in list order. No entries shows no menu; nil shows the row's own menu instead.
    public func contextMenuForSelection(_ closure: @escaping ([IndexPath]) -> [MenuItem]?) {
        features.require(.contextMenuForSelection, as: ContextMenuEvents.self).selectionMenu = closure
    }

    /// The context menu shown now for a row of this list, if any (it is destroyed once
    /// dismissed).
    public var shownContextMenu: UnsafeMutablePointer<GtkMenu>? {
        features.installed(ContextMenuEvents.self)?.shownMenu
    }
}
