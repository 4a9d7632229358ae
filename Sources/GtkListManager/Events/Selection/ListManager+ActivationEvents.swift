import CGtk
import ModelStorage

extension ListManager {
    /// When a `Row` (or subclass) row is activated.
    public func didActivate<Row: ListRow & ModelTransfer>(_ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> Void) {
        addRowClassReaction(rowClass, role: .item, .row(.didActivate) { (_: Void, row: Row, model: Row.Model, indexPath) in
            closure(row, model, indexPath)
        })
    }

    /// Whether a `Row` (or subclass) row may be highlighted (and activated). Default: true.
    public func shouldHighlight<Row: ListRow & ModelTransfer>(_ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> Bool) {
        addRowClassReaction(rowClass, role: .item, .row(.shouldHighlight) { (_: Void, row: Row, model: Row.Model, indexPath) in
            closure(row, model, indexPath)
        })
    }

    /// When the user presses a `Row` (or subclass) row.
    public func didHighlight<Row: ListRow & ModelTransfer>(_ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> Void) {
        addRowClassReaction(rowClass, role: .item, .row(.didHighlight) { (_: Void, row: Row, model: Row.Model, indexPath) in
            closure(row, model, indexPath)
        })
    }

    /// When a pressed `Row` (or subclass) row is released.
    public func didUnhighlight<Row: ListRow & ModelTransfer>(_ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> Void) {
        addRowClassReaction(rowClass, role: .item, .row(.didUnhighlight) { (_: Void, row: Row, model: Row.Model, indexPath) in
            closure(row, model, indexPath)
        })
    }

    /// Whether a single click activates a row (GTK's default is a double click).
    public var activatesOnSingleClick: Bool {
        get { gtk_list_box_get_activate_on_single_click(listBox) != 0 }
        set { gtk_list_box_set_activate_on_single_click(listBox, newValue ? 1 : 0) }
    }
}
