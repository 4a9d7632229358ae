import ModelStorage

extension ListManager {
    /// Commits an edit in place of an ``EditableRow`` (or subclass) row: Enter pressed in its
    /// editor, with the editor's text. Update the storage here (the manager never does): the row
    /// refreshes with its new model. Throw to refuse the text (the storage refuses it, a database
    /// constraint fails): the editor stays open and shows the error's description under the
    /// text. Rows are editable in place only with this reaction.
    public func commitEdit<R: EditableRow & ListRow>(
        _ rowClass: R.Type, _ closure: @escaping (String, R.Model, IndexPath) throws -> Void
    ) {
        addModelTypeReaction(
            R.Model.self, role: .item,
            .model(.commitEdit) { [weak self] (text: String, model: R.Model, indexPath) -> Result<Void, any Error> in
                Result {
                    guard let self else { return try closure(text, model, indexPath) }
                    try self.asUserAction(named: "Edit") { try closure(text, model, indexPath) }
                }
            })
    }

    /// Begins editing the item at `indexPath` in place, as F2 on its row does: the list scrolls
    /// to it, and its editor takes the keyboard focus with the text selected. An item edited
    /// before is committed first. False when the item cannot be edited (no such item, its row
    /// class is not an ``EditableRow``, no ``commitEdit(_:_:)`` reaction answers for it) or the
    /// commit before failed. A malformed path is refused and reported, as by ``selectItem(at:)``.
    @discardableResult
    public func beginEditing(at indexPath: IndexPath) -> Bool {
        checkConfinement()
        guard acceptsItemIndexPath(indexPath) else { return false }
        return features.require(.commitEdit, as: InPlaceEditing.self).begin(at: indexPath)
    }

    /// Ends the editing in place: `committing` commits the editor's text as Enter does (false,
    /// the editor open with the message, when the commit throws); otherwise it ends as Escape
    /// does. True when nothing is edited.
    @discardableResult
    public func endEditing(committing: Bool) -> Bool {
        checkConfinement()
        guard let editing = features.installed(InPlaceEditing.self), editing.editedIndexPath != nil else { return true }
        if committing { return editing.commit() }
        editing.cancel()
        return true
    }

    /// The item being edited in place, followed through the list's changes; nil when none is.
    public var editedIndexPath: IndexPath? {
        features.installed(InPlaceEditing.self)?.editedIndexPath
    }
}
