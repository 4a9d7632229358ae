import CGtk

/// The keys and clicks of a table that selects cells (``ListTable/selectsCells``), plugged into
/// the list when it is first set: Left and Right move the cell cursor, Shift with an arrow or a
/// click extends the range of cells from its anchor; Up, Down, pages and clicks move between rows
/// as in any list, the rows of the range being the selection. It takes the keys at the table's
/// stage (after the app's own reactions) and never takes a press, so the host still selects and
/// focuses the row clicked; it only notes the column.
@MainActor
final class CellSelection: ListFeature {
    private weak var table: ListTable?

    init(table: ListTable) {
        self.table = table
    }

    /// The table while it shows the list and selects cells.
    private var selectingTable: ListTable? { table.flatMap { $0.isInstalled && $0.selectsCells ? $0 : nil } }

    var keyStage: KeyStage? { .cellNavigation }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        selectingTable?.handleCellRangeKey(key, on: focused) ?? false
    }

    var pointerStage: PointerStage? { .cellPress }

    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        selectingTable?.notePress(event)
        return false
    }

    /// The range's rows are the selection: the marks follow it.
    func selectionDidChange() {
        selectingTable?.showCellRange()
    }
}
