import CGtk
import CVirtualList

/// The row the manager binds for an item of a table: a `GlmTableRow` holding one cell per
/// column on screen. Its cells stay with it in the reuse pool, so a recycled row refills them
/// in place.
@MainActor
final class TableRowView: RowView {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The cells bound, by index among the table's shown columns (nil: none bound there).
    var cells: [BoundRow?] = []
    /// Cells whose column left the screen, hidden in the row for the next column to enter it
    /// (at most `ListTable.parkedCellsPerRow`).
    var parkedCells: [BoundRow] = []
    /// The table layout the cells were placed for.
    var layoutGeneration = -1
    /// How far a tree's row indents the cell of the outline's column, in pixels.
    var outlineIndentation = 0
    /// Whether the cells were last placed for a tree's row.
    var showsOutline = false
    /// Whether the row shows a group (``ListTheme/StyleClass/tableGroupRow``).
    var isGroupRow = false

    init() {
        widget = glm_table_row_new()
    }

    var tableRow: OpaquePointer { OpaquePointer(widget) }
}

extension TableRowView: HoldsBoundRows {
    /// The cells of the columns on screen: they stop showing their models with the row.
    var boundRows: [BoundRow] { cells.compactMap(\.self) }
}

extension TableRowView: ReusableRow {
    /// The row went to the reuse pool: its cells are told, as rows are.
    func prepareForReuse() {
        for cell in cells.compactMap(\.self) + parkedCells { cell.mapping?.prepareForReuse(cell.view) }
    }
}
