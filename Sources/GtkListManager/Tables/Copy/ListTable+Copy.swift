import CGtk
import ModelStorage

// Copy: Ctrl+C (or the Copy key, or Ctrl+Insert) on a table puts the selected rows on the
// clipboard as text a spreadsheet pastes into cells: their shown columns, in the order shown,
// as tab-separated values, with `text/csv` beside. The rows' models are taken at once; each
// target's text is made when a paste asks for it.
extension ListTable {
    /// Puts the selected rows' shown columns (in the order the user sees them; hidden columns
    /// left out) on the clipboard, as Ctrl+C does: what Ctrl+V pastes into a spreadsheet's
    /// cells, an editor or a terminal. A table that selects cells (``selectsCells``) copies the
    /// columns of its range instead (``selectedCellRange``). False when no row is selected.
    ///
    /// The clipboard offers the text targets (`UTF8_STRING`, `text/plain;charset=utf-8`, …) in
    /// `format`, tab-separated by default (``TableCopyFormat/tsv``: what spreadsheets paste into
    /// cells), and always `text/tab-separated-values` and `text/csv`
    /// (``TableCopyFormat/csv``, RFC 4180). A copy takes the rows' models at once, in
    /// O(selected rows); the text of each target is made the first time a paste asks for it.
    /// Columns right to left are copied in their logical order, the first column first.
    ///
    /// A cell's text comes from its column's ``TableColumn/copyText`` (which declared text and
    /// toggle columns have), else from its cell class when it is a ``CopyableCell``, else from
    /// a cell made and filled for the model (or taken from the pool) and read: a ``TextCell``'s
    /// text, a ``ToggleCell``'s "true" or "false", the texts of the labels inside a cell, else
    /// what its accessible says. That last way runs the cell's handler and `update(with:)` for
    /// every copied row, a few microseconds a cell: give columns of big tables a copy text.
    ///
    /// ```swift
    /// table.copiesHeader = true               // Ctrl+C copies the titles first
    /// table.copySelection(as: .csv)           // a "Copy as CSV" menu item
    /// ```
    ///
    /// - Parameters:
    ///   - format: the format of the plain-text targets.
    ///   - includingHeader: whether the column titles come first, as a line of their own;
    ///     ``copiesHeader`` when nil.
    @discardableResult
    public func copySelection(as format: TableCopyFormat = .tsv, includingHeader: Bool? = nil) -> Bool {
        guard isInstalled else { return false }
        let indexPaths = manager.selectedIndexPaths
        // A range of cells is its rows (the selected ones) in its columns.
        guard !indexPaths.isEmpty,
            let copy = snapshot(
                of: indexPaths, columns: rangeColumnIDs, includingHeader: includingHeader ?? copiesHeader, plainTextFormat: format)
        else { return false }
        return TableClipboard.offer(copy, for: manager.widget)
    }

    /// The text a copy of the rows at `indexPaths` holds, in `format`: the cells of `columns`
    /// (identifiers of the table's columns, in the order given; the shown columns in the order
    /// shown when nil), a line per row in the order given, after a line of the column titles
    /// when `includingHeader`. Index paths that address no item are left out. For an export,
    /// or a menu item that copies otherwise than ``copySelection(as:includingHeader:)``.
    ///
    /// ```swift
    /// let csv = table.text(ofRows: manager.selectedIndexPaths, format: .csv, includingHeader: true)
    /// ```
    public func text(
        ofRows indexPaths: [IndexPath], columns: [String]? = nil, format: TableCopyFormat = .tsv, includingHeader: Bool = false
    ) -> String {
        guard isInstalled,
            let copy = snapshot(of: indexPaths, columns: columns, includingHeader: includingHeader, plainTextFormat: format)
        else { return "" }
        return copy.text(in: format)
    }

    /// The copy of the rows at `indexPaths` (those that address items) and of `columnIDs` (the
    /// shown columns when nil); nil without a column.
    func snapshot(
        of indexPaths: [IndexPath], columns columnIDs: [String]?, includingHeader: Bool, plainTextFormat: TableCopyFormat
    ) -> TableCopy? {
        var copied: [TableColumn] = []
        if let columnIDs {
            for id in columnIDs {
                if let column = columns.first(where: { $0.id == id }) { copied.append(column) }
            }
        } else {
            for placed in shownColumns { copied.append(placed.column) }
        }
        guard !copied.isEmpty else { return nil }
        // Read at once: a storage read model by model cost more than the rest of the copy.
        let models = manager.unwrappedModels(atItems: indexPaths)
        return TableCopy(
            columns: copied, indexPaths: indexPaths, models: models, includesHeader: includingHeader, plainTextFormat: plainTextFormat,
            cells: cells)
    }

    /// Ctrl+C, Ctrl+Insert or the Copy key copies the selection; false for other keys, or when
    /// nothing is selected (the key goes on).
    func handleCopyKey(_ key: KeyPress) -> Bool {
        let isCopy =
            (key.modifiers == .control && [GDK_KEY_c, GDK_KEY_C, GDK_KEY_Insert, GDK_KEY_KP_Insert].contains(Int32(key.keyval)))
            || (key.modifiers.isEmpty && key.keyval == UInt32(GDK_KEY_Copy))
        return isCopy && copySelection()
    }
}
