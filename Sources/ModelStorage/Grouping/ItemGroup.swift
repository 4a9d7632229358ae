/// The model of a group row of a ``GroupedStorage``: which group it is, its title, how many
/// items it holds (at every level under it) and their totals.
///
/// Register a cell for `ItemGroup` to draw group rows your own way; a table draws them by
/// default (the title and count in the outline column, each total in its column).
public struct ItemGroup: Hashable, Sendable, Identifiable, Diffable {
    /// The grouped columns' values, outermost first: the group's identity.
    public var id: GroupPath
    /// The column this level groups by.
    public var column: String
    /// The value as the grouping's title function writes it.
    public var title: String
    /// 0 for a top-level group.
    public var level: Int
    /// How many items the group holds, at every level under it.
    public var count: Int
    /// The totals, by the column they were declared for (``ColumnGroupings``);
    /// a minimum, maximum or average of an empty group has none.
    public var totals: [String: GroupTotal.Value]

    /// A group row's model.
    ///
    /// - Parameters:
    ///   - id: the grouped columns' values, outermost first.
    ///   - column: the column this level groups by.
    ///   - title: the group's value as text.
    ///   - level: 0 for a top-level group.
    ///   - count: how many items the group holds.
    ///   - totals: the totals by column.
    public init(id: GroupPath, column: String, title: String, level: Int, count: Int, totals: [String: GroupTotal.Value]) {
        self.id = id
        self.column = column
        self.title = title
        self.level = level
        self.count = count
        self.totals = totals
    }
}
