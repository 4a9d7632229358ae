import ModelStorage

// A table's item rows are the library's own row class (the app's classes are its cells), so a
// table's row events are registered by model type here, and know the column they happened in:
// under the pointer, else the cell cursor's (Ctrl+Left and Ctrl+Right move it), else the first
// shown. They run as the manager's row events do, after editing and reordering had their say.
extension ListTable {
    /// The context menu of a row showing a `Model`, shown on a right click (which selects the
    /// row first, unless it is selected: the selection events run) and on the Menu key or
    /// Shift+F10 on the focused row; nil or no entries shows none. The manager's
    /// ``ListManager/contextMenuForSelection(_:)`` stands for several selected rows.
    ///
    /// ```swift
    /// table.contextMenu(Package.self) { package, indexPath, column in
    ///     [MenuItem("Copy \(column.title)") { copy(package, column.id) }]
    /// }
    /// ```
    public func contextMenu<Model>(
        _ modelType: Model.Type, _ closure: @escaping (Model, IndexPath, TableColumn) -> [MenuItem]?
    ) {
        addRowEvent(.contextMenu, modelType) { [unowned self] (_: Void, model: Model, indexPath) -> [MenuItem]? in
            guard let column = column(ofEventAt: indexPath) else { return nil }
            return closure(model, indexPath, column)
        }
    }

    /// A key pressed on the focused row showing a `Model`: return true when you handled it, false
    /// to let the list handle it (arrows, Enter, type-ahead).
    public func keyPress<Model>(
        _ modelType: Model.Type, _ closure: @escaping (KeyPress, Model, IndexPath, TableColumn) -> Bool
    ) {
        addRowEvent(.keyPress, modelType) { [unowned self] (key: KeyPress, model: Model, indexPath) -> Bool in
            guard let column = column(ofEventAt: indexPath) else { return false }
            return closure(key, model, indexPath, column)
        }
    }

    /// After the user selected a row showing a `Model` (a click, a key, a right click that
    /// opens its menu, a screen reader).
    public func didSelect<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addRowEvent(.didSelect, modelType) { (_: Void, model: Model, indexPath) in closure(model, indexPath) }
    }

    /// After the user deselected a row showing a `Model`.
    public func didDeselect<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addRowEvent(.didDeselect, modelType) { (_: Void, model: Model, indexPath) in closure(model, indexPath) }
    }

    private func addRowEvent<Model, Input, Output>(
        _ event: ListEvent, _ modelType: Model.Type, _ closure: @escaping (Input, Model, IndexPath) -> Output
    ) {
        guard isInstalled else { return }
        manager.addModelTypeReaction(modelType, role: .item, .model(event, closure))
    }

    /// The column of the event being handled on the row at `indexPath`.
    private func column(ofEventAt indexPath: IndexPath) -> TableColumn? {
        guard let row = manager.boundRow(at: indexPath) else { return layout.placed.first?.column }
        return activatedColumn(in: row)
    }
}
