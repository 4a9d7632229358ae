import ModelStorage

// Rows for questions about any item, shown on screen or not: a virtualized host binds only the
// rows on screen, so the others are asked on a row the factory makes for the moment and takes
// back into its reuse pool right after.
extension ListManager {
    /// Runs `body` with the row bound at `location`, or, when the host has none bound there, a
    /// scratch row (``withScratchRow(at:_:)``); nil when the list shows nothing there.
    func withRow<Result>(at location: RowLocation, _ body: (BoundRow) -> Result) -> Result? {
        guard let position = updater.rowMap.position(of: location) else { return nil }
        if let row = host.boundRow(at: position) { return body(row) }
        return withScratchRow(at: location, body)
    }

    /// Runs `body` with a row the factory makes for the model at `location`, never shown and
    /// recycled when `body` returns; nil when there is no model there.
    func withScratchRow<Result>(at location: RowLocation, _ body: (BoundRow) -> Result) -> Result? {
        guard let model = updater.rowMap.model(at: location) else { return nil }
        let row = factory.makeRow(at: location, showing: model)
        defer { factory.recycle(row, keepingAtLeast: host.rowsWorthReusing) }
        return body(row)
    }
}
