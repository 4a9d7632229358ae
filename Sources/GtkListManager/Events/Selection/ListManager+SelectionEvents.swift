import ModelStorage

extension ListManager {
    /// Before the user selects a `Row` (or subclass) row: return its index path to allow it,
    /// another to select that row instead, or nil to refuse.
    public func willSelect<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> IndexPath?
    ) {
        addRowClassEvent(.willSelect, rowClass, role: .item, closure)
    }

    /// After the user selected a `Row` (or subclass) row.
    public func didSelect<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.didSelect, rowClass, role: .item, closure)
    }

    /// Before the user deselects a `Row` (or subclass) row: return its index path to allow it,
    /// another to deselect that row instead, or nil to keep it selected.
    public func willDeselect<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> IndexPath?
    ) {
        addRowClassEvent(.willDeselect, rowClass, role: .item, closure)
    }

    /// After the user deselected a `Row` (or subclass) row.
    public func didDeselect<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.didDeselect, rowClass, role: .item, closure)
    }

    /// After every selection change the user makes (any selection mode), with the selected
    /// items' index paths in list order.
    public func selectionDidChange(_ closure: @escaping ([IndexPath]) -> Void) {
        selectionSource.selectionObservers.append(closure)
    }

    /// After every selection change the user makes, with the selected models of type `Model`
    /// (others are left out) and their index paths, in list order.
    public func selectionDidChange<Model>(of modelType: Model.Type, _ closure: @escaping ([Model], [IndexPath]) -> Void) {
        selectionSource.selectionObservers.append { [unowned self] selected in
            var models: [Model] = [], indexPaths: [IndexPath] = []
            for indexPath in selected {
                guard let model = shownModel(at: .item(indexPath)) as? Model else { continue }
                models.append(model)
                indexPaths.append(indexPath)
            }
            closure(models, indexPaths)
        }
    }

    private var selectionSource: SelectionEvents {
        features.require(.selectionDidChange, as: SelectionEvents.self)
    }
}
