extension ListManager {
    /// Shows the list as a table of models of `modelType`, declared column by column with how
    /// each column's cells show a model: ``makeTable(columns:)`` and the cell registrations in
    /// one statement.
    ///
    /// ```swift
    /// let table = manager.makeTable(of: Package.self) {
    ///     ModelColumn("Name", text: \.name)
    ///     ModelColumn("Size", text: \.sizeText).width(.fitContent).alignedToEnd()
    ///     ModelColumn("Installed", cell: InstalledCell.self)
    /// }
    /// gtk_container_add(window, table.widget)
    /// ```
    ///
    /// Calling it again replaces the table, and each declared column's cells replace those
    /// registered before for its identifier.
    @discardableResult
    public func makeTable<Model>(of modelType: Model.Type, @ColumnsBuilder<Model> columns: () -> [ModelColumn<Model>])
        -> ListTable
    {
        let declared = columns()
        for column in declared { column.register(on: self) }
        return makeTable(columns: declared.map(\.column))
    }
}
