// A table flashes the cells whose text changed, not its whole row (ListConfiguration.changeFlash):
// each refill of a row notes them while changes flash, and the manager, told right after that
// the row was refreshed in place, asks the table to flash them. A refill for a new binding is
// followed by none: the next refill forgets what it noted.
extension ListTable {
    /// Starts noting the cells whose text the refill of `view` changes, while changes flash
    /// (one manager look-up per row, none per cell).
    func beginNotingChangedCells(of view: TableRowView) {
        changedCells = manager.changeFlashes == nil ? nil : (ObjectIdentifier(view), [])
    }

    func flashChangedParts(of row: BoundRow, with flashes: ChangeFlashes) {
        guard let noted = changedCells, noted.view == ObjectIdentifier(row.view) else { return }
        changedCells = nil
        for cell in noted.cells { flashes.flash(cell, ownedBy: ObjectIdentifier(row)) }
    }
}
