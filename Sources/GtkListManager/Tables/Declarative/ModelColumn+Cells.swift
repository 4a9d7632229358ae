import ModelStorage

// Declared columns of the library's other cells.
extension ModelColumn {
    /// A column of check boxes (``ToggleCell``), each checked when `isOn` of its model is true.
    /// The user toggles them through ``ListTable/didToggle(_:column:_:)`` on the table the
    /// declaration returns, with the column's identifier (its title unless you give one). A copy
    /// of its cells holds "true" or "false".
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Package.self) {
    ///     ModelColumn("Name", text: \.name)
    ///     ModelColumn("Installed", toggle: \.isInstalled).width(.fixed(80))
    /// }
    /// table.didToggle(Package.self, column: "Installed") { package, indexPath, isOn in
    ///     packages.setInstalled(isOn, for: package)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - isOn: whether a model's check box is checked.
    public init(_ title: String, id: String? = nil, toggle isOn: KeyPath<Model, Bool>) {
        self.init(title, id: id, cell: ToggleCell.self) { cell, model, _ in cell.isOn = model[keyPath: isOn] }
        // A copy says "true" or "false", which spreadsheets read as truth values.
        column.copyText = { model, _ in (model as? Model).map { $0[keyPath: isOn] ? "true" : "false" } }
    }
}
