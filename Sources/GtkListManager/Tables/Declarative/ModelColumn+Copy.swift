import ModelStorage

extension ModelColumn {
    /// Makes a copy of the column's cells hold `text` of each model: as ``TableColumn/copyText``
    /// for any caller, and typed, so that a copy of many rows casts each model once
    /// (`TypedCopyText`).
    mutating func copies(_ text: @escaping @MainActor (Model, IndexPath) -> String) {
        column.copyText = { model, indexPath in (model as? Model).map { text($0, indexPath) } }
        column.typedCopyText = ModelCopyText(text)
    }
}
