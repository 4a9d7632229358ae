/// How wide a table column is before the user resizes it.
public enum ColumnWidth: Hashable, Sendable {
    /// Exactly this many pixels.
    case fixed(Int)
    /// A share of the width the other columns leave free: two columns of `share(1)` and
    /// `share(2)` take a third and two thirds of it. A share column follows the window's width,
    /// never the rows on screen.
    case share(Double)
    /// As wide as the widest content, measured from the storage, not from the rows on screen:
    /// the column's ``TableColumn/measure`` over every model when given, else the column's cells
    /// over a sample taken across the whole list. Measured when the list loads; scrolling
    /// never changes it.
    case fitContent
}
