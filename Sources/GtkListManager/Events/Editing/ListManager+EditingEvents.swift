import ModelStorage

extension ListManager {
    /// Whether an item of type `Model` can be edited (deleted with the Delete key or the
    /// context menu's delete item, or given an insert item). Default: false.
    public func canEdit<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.canEdit) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// The edit action an editable item of type `Model` offers. Default: `.delete`.
    public func editingStyle<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> EditingStyle) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.editingStyle) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// Commits an edit on a `Row` (or subclass) row: Delete pressed on the focused row
    /// (`.delete`) or the edit item of its context menu chosen. The manager does not change
    /// the storage: remove (or insert) the model here. Rows offer edits only with this reaction.
    public func commitEditing<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (EditingStyle, R, R.Model, IndexPath) -> Void
    ) {
        addRowClassReaction(
            rowClass, role: .item,
            .row(.commitEditing) { (style: EditingStyle, row: R, model: R.Model, indexPath) in
                closure(style, row, model, indexPath)
            })
    }

    /// The label of the delete item in the context menu of a `Row` (or subclass) row; nil
    /// keeps "Delete".
    public func titleForDeleteConfirmationButton<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> String?
    ) {
        addRowClassEvent(.titleForDeleteConfirmationButton, rowClass, role: .item, closure)
    }

    /// When an edit action is offered on a `Row` (or subclass) row: Delete pressed on it, or
    /// its context menu opened with an edit item.
    public func willBeginEditing<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.willBeginEditing, rowClass, role: .item, closure)
    }

    /// When an edit interaction on a `Row` (or subclass) row ended, committed or dismissed.
    /// After a delete the index path is where the row was.
    public func didEndEditing<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.didEndEditing, rowClass, role: .item, closure)
    }

    // MARK: - By model type (rows of any class: a table's rows, declared rows)

    /// Commits an edit on an item of type `Model`, whatever row shows it: Delete pressed on the
    /// focused row (`.delete`) or the edit item of its context menu chosen. The manager does not
    /// change the storage: remove (or insert) the model here.
    public func commitEditing<Model>(_ modelType: Model.Type, _ closure: @escaping (EditingStyle, Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.commitEditing) { (style: EditingStyle, model: Model, indexPath) in closure(style, model, indexPath) })
    }

    /// The label of the delete item in the context menu of an item of type `Model`; nil keeps
    /// "Delete".
    public func titleForDeleteConfirmationButton<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> String?) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.titleForDeleteConfirmationButton) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// When an edit action is offered on an item of type `Model`.
    public func willBeginEditing<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item, .model(.willBeginEditing) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// When an edit interaction on an item of type `Model` ended, committed or dismissed.
    public func didEndEditing<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item, .model(.didEndEditing) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }
}
