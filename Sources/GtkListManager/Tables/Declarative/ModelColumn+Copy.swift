import ModelStorage

extension ModelColumn {
    /// Makes a copy of the column's cells hold `text` of each model: as ``TableColumn/copyText``
    /// for any caller, and typed, so that a copy of many rows casts each model once
    /// (`TypedCopyText`); a copy reads the text at `storedOffset` in a model when it is not nil
    /// (a stored `String` property's). Inlinable, so that a declaration in the app's module
    /// makes a copy's row writer for the app's model type (CONTRIBUTING, Hot paths: 19).
    @inlinable
    mutating func copies(_ text: @escaping @MainActor (Model, IndexPath) -> String, storedAt storedOffset: Int? = nil) {
        column.copyText = { model, indexPath in (model as? Model).map { text($0, indexPath) } }
        column.typedCopyText = ModelCopyText.reading(text, storedAt: storedOffset)
    }
}
