import CGtk
import ModelStorage

extension ListManager {
    /// Shows the list as a table of `columns`: every item becomes a row of cells, one per
    /// column on screen, under pinned column headers. Put the returned table's
    /// ``ListTable/widget`` in your window instead of the manager's widget (it holds the
    /// headers and a scrolled window around the list). Calling it again replaces the table.
    ///
    /// Section headers and footers stay whole rows. Item rows come from the cells registered
    /// per column (``register(_:column:mapping:handler:)``), not from item row mappings.
    @discardableResult
    public func makeTable(columns: [TableColumn]) -> ListTable {
        checkConfinement()
        if let old = table, let parent = gtk_widget_get_parent(widget) {
            gtk_container_remove(gcast(parent), widget)
            _ = old
        }
        let table = ListTable(manager: self, columns: columns)
        features.install(table)
        reload()
        return table
    }

    /// The table the list is shown as, if ``makeTable(columns:)`` made one.
    public var table: ListTable? { installedFeatures?.installed(ListTable.self) }

    /// The cell classes registered per column: a feature of their own, so that cells registered
    /// before and after ``makeTable(columns:)`` reach the same place.
    var tableCells: TableCellMappings {
        if let cells = features.installed(TableCellMappings.self) { return cells }
        let cells = TableCellMappings(anomalies: anomalyHandler)
        features.install(cells)
        return cells
    }

    /// Shows models of `Cell.Model` (and of its subtypes and conforming types) in the table
    /// column `column` with `Cell`: a small row view, made, filled and reused as rows are.
    ///
    /// ```swift
    /// final class SizeCell: RowView, ModelTransfer {
    ///     let widget = gtk_label_new(nil)!
    ///     init() { gtk_label_set_xalign(gcast(widget), 1) }
    ///     func update(with package: Package) { gtk_label_set_text(gcast(widget), package.sizeText) }
    /// }
    /// manager.register(SizeCell.self, column: "size")
    /// ```
    ///
    /// - Parameters:
    ///   - cellClass: the cell class; its `Model` is the model type it shows.
    ///   - column: the identifier of the column.
    ///   - mapping: customizes the mapping (condition, reuse identifier) before it is added.
    ///   - handler: runs before `update(with:)` whenever a cell is filled.
    public func register<Cell: ListRow & ModelTransfer>(
        _ cellClass: Cell.Type,
        column: String,
        mapping: ((RowMapping<Cell, Cell.Model>) -> Void)? = nil,
        handler: ((Cell, Cell.Model, IndexPath) -> Void)? = nil
    ) {
        checkConfinement()
        let cellMapping = RowMapping<Cell, Cell.Model>(role: .item, handler: handler, transfer: { $0.update(with: $1) })
        mapping?(cellMapping)
        addCellMapping(cellMapping, column: column)
    }

    /// Shows models of `modelType` in the table column `column` with `Cell`, a cell class that
    /// does not adopt ``ModelTransfer`` (or shows another model type): `handler` fills it.
    ///
    /// - Parameters:
    ///   - cellClass: the cell class.
    ///   - modelType: the type of the models shown.
    ///   - column: the identifier of the column.
    ///   - mapping: customizes the mapping (condition, reuse identifier) before it is added.
    ///   - handler: fills a cell whenever it shows a model.
    public func register<Cell: ListRow, Model>(
        _ cellClass: Cell.Type,
        for modelType: Model.Type,
        column: String,
        mapping: ((RowMapping<Cell, Model>) -> Void)? = nil,
        handler: @escaping (Cell, Model, IndexPath) -> Void
    ) {
        checkConfinement()
        let cellMapping = RowMapping<Cell, Model>(role: .item, handler: handler, transfer: nil)
        mapping?(cellMapping)
        addCellMapping(cellMapping, column: column)
    }

    /// Makes a table's items findable by typing (type-ahead find) by the text `text` gives for
    /// `column`, as a declared text column's plain cells cannot say.
    func registerFindableText(ofColumn column: String, _ text: @escaping (Any, IndexPath) -> String?) {
        tableCells.setFindableText(ofColumn: column, text)
        features.require(.typeAheadFind)
    }

    private func addCellMapping(_ mapping: any AnyRowMapping, column: String) {
        keepRowStates(of: mapping)
        tableCells.append(mapping, column: column)
        if mapping.rowClass is any FindableRow.Type { features.require(.typeAheadFind) }
        if table != nil, rowCount > 0 { reload() }
    }
}
