/// What the manager needs from a list widget: rows at flat positions.
///
/// Sections, headers and footers are the manager's business; a host only splices rows. The
/// plain `GtkListBox` host keeps a widget for every row; a virtualized host may keep widgets for
/// the visible rows only, which is why ``row(at:)`` may return nil.
@MainActor
public protocol ListHost: AnyObject {
    /// The number of rows, tracked without asking GTK (GTK 3 has no O(1) child count).
    var rowCount: Int { get }
    /// Inserts `row` at `position` (`0...rowCount`).
    func insertRow(_ row: HostedRow, at position: Int)
    /// Removes the row at `position` and hands it back (its view alive, unparented).
    func removeRow(at position: Int) -> HostedRow
    /// Moves the row at `source` to `destination`, read after the removal; the same widgets.
    func moveRow(from source: Int, to destination: Int)
    /// The row at `position`, if it has a live widget.
    func row(at position: Int) -> HostedRow?
    /// The positions currently visible on screen, if known.
    var visibleRange: Range<Int>? { get }
}
