import ModelStorage

extension RowMapping {
    /// Whether a model of this mapping can be edited (deleted with the Delete key or the
    /// context menu's delete item, or given an insert item). Default: false.
    public func canEdit(_ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelReaction(.canEdit) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// The edit action an editable model of this mapping offers. Default: `.delete`.
    public func editingStyle(_ closure: @escaping (Model, IndexPath) -> EditingStyle) {
        addModelReaction(.editingStyle) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// Commits an edit on a row of this mapping: the user pressed Delete on the focused row
    /// (`.delete`) or chose the edit item of its context menu. The manager does not change the
    /// storage: remove (or insert) the model here. Rows offer edits only with this reaction.
    public func commitEditing(_ closure: @escaping (EditingStyle, R, Model, IndexPath) -> Void) {
        addRowReaction(.commitEditing) { (style: EditingStyle, row, model, indexPath) in closure(style, row, model, indexPath) }
    }

    /// The label of the delete item in a row's context menu; nil keeps "Delete".
    public func titleForDeleteConfirmationButton(_ closure: @escaping (R, Model, IndexPath) -> String?) {
        addRowEvent(.titleForDeleteConfirmationButton, closure)
    }

    /// When an edit action is offered on a row of this mapping: the Delete key pressed on it,
    /// or its context menu opened with an edit item.
    public func willBeginEditing(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.willBeginEditing, closure)
    }

    /// When an edit interaction on a row of this mapping ended, committed or dismissed. After a
    /// delete the index path is where the row was.
    public func didEndEditing(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didEndEditing, closure)
    }
}
