import CGtk
import GtkListManager

/// A model a big-table row shows: the row number its cells' text names.
protocol TableRowNumber {
    var rowNumber: Int { get }
    /// What column `column`'s cell shows (a requirement, so that a row type can show a column of
    /// its own: the text sort's column 4).
    func cellText(column: Int) -> String
}

extension TableRowNumber {
    /// `row <i>` in column 0, `r<i> c<c>` in the others.
    func cellText(column: Int) -> String { TableCellText.text(row: rowNumber, column: column) }
}

/// The load, widths and resize parts' rows are their numbers, as the peers' rows are their
/// indices.
extension Int: TableRowNumber {
    var rowNumber: Int { self }
}

/// A table cell: the library's `TextCell` showing the text the peers' cells show
/// (`peer_table.h`), the row's `cellText(column:)`. One class serves every column: the column's
/// registration handler tells it its column before `update(with:)` runs, as a cell comes from
/// the pool shared by all columns.
@MainActor
final class TableTextCell<Row: TableRowNumber>: RowView, ModelTransfer {
    private let cell = TextCell()
    var widget: UnsafeMutablePointer<GtkWidget> { cell.widget }
    var column = 0

    init() {
        TableCellCount.live += 1
    }

    isolated deinit { TableCellCount.live -= 1 }

    func update(with row: Row) {
        cell.text = row.cellText(column: column)
    }
}

/// The cell objects alive, bound or pooled (the peers' `live_cells`): a generic class has no
/// stored statics of its own.
@MainActor
enum TableCellCount {
    static var live = 0
}

/// The cells' text and reading it back, as `peer_table_cell_text` and `peer_table_cell_of_text`.
enum TableCellText {
    static func text(row: Int, column: Int) -> String {
        column == 0 ? "row \(row)" : "r\(row) c\(column)"
    }

    /// The row and column a cell's text names; nil for text no cell shows.
    static func cell(of text: String) -> (row: Int, column: Int)? {
        if text.hasPrefix("row "), let row = Int(text.dropFirst(4)) { return (row, 0) }
        guard text.hasPrefix("r"), let space = text.firstIndex(of: " ") else { return nil }
        let rowText = text[text.index(after: text.startIndex)..<space], columnText = text[text.index(after: space)...]
        guard columnText.hasPrefix("c"), let row = Int(rowText), let column = Int(columnText.dropFirst()) else { return nil }
        return (row, column)
    }
}
