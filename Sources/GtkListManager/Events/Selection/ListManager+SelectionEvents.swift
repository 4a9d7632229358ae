import CGtk
import ModelStorage

extension ListManager {
    /// Before the user selects a `Row` (or subclass) row: return its index path to allow it,
    /// another to select that row instead, or nil to refuse.
    public func willSelect<Row: ListRow & ModelTransfer>(
        _ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> IndexPath?
    ) {
        addRowClassEvent(.willSelect, rowClass, role: .item, closure)
    }

    /// After the user selected a `Row` (or subclass) row.
    public func didSelect<Row: ListRow & ModelTransfer>(
        _ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.didSelect, rowClass, role: .item, closure)
    }

    /// Before the user deselects a `Row` (or subclass) row: return its index path to allow it,
    /// another to deselect that row instead, or nil to keep it selected.
    public func willDeselect<Row: ListRow & ModelTransfer>(
        _ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> IndexPath?
    ) {
        addRowClassEvent(.willDeselect, rowClass, role: .item, closure)
    }

    /// After the user deselected a `Row` (or subclass) row.
    public func didDeselect<Row: ListRow & ModelTransfer>(
        _ rowClass: Row.Type, _ closure: @escaping (Row, Row.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.didDeselect, rowClass, role: .item, closure)
    }

    /// After every selection change the user makes (any selection mode), with the selected
    /// items' index paths in list order.
    public func selectionDidChange(_ closure: @escaping ([IndexPath]) -> Void) {
        selectionSource.selectionObservers.append { _, locations in
            closure(locations.filter { $0.role == .item }.map(\.indexPath))
        }
    }

    /// After every selection change the user makes, with the selected models of type `Model`
    /// (others are left out) and their index paths, in list order.
    public func selectionDidChange<Model>(of modelType: Model.Type, _ closure: @escaping ([Model], [IndexPath]) -> Void) {
        selectionSource.selectionObservers.append { records, locations in
            var models: [Model] = [], indexPaths: [IndexPath] = []
            for (record, location) in zip(records, locations) where location.role == .item {
                guard let model = record.model as? Model else { continue }
                models.append(model)
                indexPaths.append(location.indexPath)
            }
            closure(models, indexPaths)
        }
    }

    // MARK: - Selection by code (never reported as user selection)

    /// The index paths of the selected items, in list order.
    public var selectedIndexPaths: [IndexPath] {
        SelectionEvents.selectedRecords(of: listBox).compactMap { location(of: $0) }.filter { $0.role == .item }.map(\.indexPath)
    }

    /// Selects the item at `indexPath`; false when there is no such item.
    @discardableResult
    public func selectItem(at indexPath: IndexPath) -> Bool {
        checkConfinement()
        guard let listRow = hostedRow(at: indexPath)?.listRow else { return false }
        gtk_list_box_select_row(listBox, listRow)
        return true
    }

    /// Deselects the item at `indexPath`; false when there is no such item.
    @discardableResult
    public func deselectItem(at indexPath: IndexPath) -> Bool {
        checkConfinement()
        guard let listRow = hostedRow(at: indexPath)?.listRow else { return false }
        gtk_list_box_unselect_row(listBox, listRow)
        return true
    }

    private var selectionSource: SelectionEvents {
        events.require(.selectionDidChange, as: SelectionEvents.self)
    }
}
