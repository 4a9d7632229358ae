/// One key of a sort a user chose by clicking a table's column header: which column, and which
/// way.
///
/// A table's sort is an array of keys, the primary key first: a click on a header makes its
/// column the only key (or reverses it), a shift-click adds it as the next key. Storages follow
/// a sort through the comparisons or orderings an app declares per column identifier, so the
/// app never writes a `switch` over columns.
///
/// Keys are `Codable`: they are part of the column state an app saves per list.
public struct SortKey: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The identifier of the column sorted by.
    public var column: String
    /// Whether the smallest value comes first.
    public var ascending: Bool

    /// A key sorting by `column`, smallest first unless `ascending` is false.
    public init(_ column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }

    /// The same column, the other way.
    public var reversed: SortKey { SortKey(column, ascending: !ascending) }

    public var description: String { "\(column) \(ascending ? "↑" : "↓")" }
}
