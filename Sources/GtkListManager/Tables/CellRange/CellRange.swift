/// A rectangle of a table's cells, in reading order: rows by their place among the list's
/// items (every section's together, from 0), and the shown columns it spans in the order the
/// user sees them (``ListTable/selectedCellRange``).
public struct CellRange: Hashable, Sendable {
    /// The rows: places among the list's items, every section's together.
    public var rows: ClosedRange<Int>
    /// The columns' identifiers, in the order shown.
    public var columns: [String]

    /// A range of `rows` and `columns`.
    public init(rows: ClosedRange<Int>, columns: [String]) {
        self.rows = rows
        self.columns = columns
    }
}
