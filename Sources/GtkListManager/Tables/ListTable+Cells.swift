import CAccessibility
import CGtk
import CVirtualList
import ModelStorage

// A table row's cells: bound for the columns on screen, refilled in place when the row shows
// another model, parked in the row when their column leaves the screen (for the next column
// that enters it), let go to the cell pool past that.
extension ListTable {
    /// How many cells a row keeps hidden for columns still to come: enough for a scroll
    /// sideways, where one column enters a step or two after another left.
    static let parkedCellsPerRow = 2

    /// Fills a table row with `model`: the mapping's handler, when the row is made, reused or
    /// refreshed.
    func fill(_ view: TableRowView, with model: Any, at indexPath: IndexPath) {
        // A metadata comparison, not a cast (CONTRIBUTING, Hot paths: 5); the class changes only
        // when the row goes from an item to a group or back.
        let isGroup = type(of: model) == ItemGroup.self
        if view.isGroupRow != isGroup {
            view.isGroupRow = isGroup
            ListTheme.set(ListTheme.StyleClass.tableGroupRow, isGroup, on: view.widget)
        }
        beginNotingChangedCells(of: view)
        bindCells(of: view, showing: model, at: indexPath, refilling: true)
    }

    /// Gives `view` a cell for each visible column, where the layout puts it, and lets go of the
    /// others. `refilling` shows `model` in the cells it keeps (a new model); else kept cells
    /// only move.
    func bindCells(of view: TableRowView, showing model: Any, at indexPath: IndexPath, refilling: Bool) {
        let row = UnsafeMutablePointer<GlmTableRow>(view.tableRow)
        if view.layoutGeneration != shownColumnsGeneration {
            releaseCells(of: view, in: view.cells.indices)
            for cell in view.parkedCells { pool(cell, from: row) }
            view.parkedCells = []
            view.cells = Array(repeating: nil, count: layout.placed.count)
            view.layoutGeneration = shownColumnsGeneration
        }
        // A scroll sideways keeps the texts its cells let go of shaped, for their columns' return;
        // another model voids them (CONTRIBUTING, Hot paths: 23).
        if refilling { glm_table_row_forget_shaped_texts(row) } else { glm_table_row_keep_shaped_texts(row, 1) }
        defer { if !refilling { glm_table_row_keep_shaped_texts(row, 0) } }
        glm_table_row_set_content_width(row, Int32(clamping: layout.totalWidth))
        glm_table_row_set_pinned_strip(row, Int32(clamping: max(frozenStrip.pinnedOffset, 0)), Int32(clamping: frozenStrip.width))
        // The cells of columns that left the screen serve the columns that enter it, in this
        // row, now or later: a cell that stays in its row is not unparented and realized again
        // (CONTRIBUTING, Hot paths: 13). The ones no column takes are parked.
        var spares: [BoundRow] = []
        let frozen = frozenStrip.columns
        for index in view.cells.indices where view.cells[index] != nil && !visibleColumns.contains(index) && !frozen.contains(index) {
            if let cell = detachCell(of: view, at: index) { spares.append(cell) }
        }
        for index in frozen {
            bindCell(at: index, of: view, showing: model, at: indexPath, refilling: refilling, spares: &spares)
        }
        for index in visibleColumns {
            bindCell(at: index, of: view, showing: model, at: indexPath, refilling: refilling, spares: &spares)
        }
        park(spares, in: view)
        placeOutline(of: view)
        // Tables that select rows pay one test per row (CONTRIBUTING, Hot paths: 13).
        if selectsCells { markCells(of: view, at: indexPath, columns: rangeColumnIndices) }
    }

    /// Gives `view` a cell for the shown column at `index`, where the layout puts it (pinned for
    /// a frozen column).
    private func bindCell(
        at index: Int, of view: TableRowView, showing model: Any, at indexPath: IndexPath, refilling: Bool,
        spares: inout [BoundRow]
    ) {
        let row = UnsafeMutablePointer<GlmTableRow>(view.tableRow)
        let placed = layout.placed[index]
        let pinned = index < frozenStrip.count
        if let cell = view.cells[index], !refilling { return place(cell, of: placed, pinned: pinned, in: row) }
        guard let mapping = cells.mapping(for: model, column: placed.column.id, at: indexPath) else {
            return releaseCells(of: view, in: index..<index + 1)
        }
        if let cell = view.cells[index], cell.mapping === mapping || Self.canRefill(cell, through: mapping) {
            // Texts are read before and after only while changes flash (a table flashes the
            // cells whose text changed); a cell that showed another kind of model (a row being
            // read) does not flash as changed.
            let shownText = changedCells != nil && cell.mapping === mapping ? (cell.view as? TextCell)?.text : nil
            cell.role = mapping.role
            cell.show(model, through: mapping, at: indexPath)
            if let shownText, (cell.view as? TextCell)?.text != shownText { changedCells?.cells.append(cell.widget) }
            return place(cell, of: placed, pinned: pinned, in: row)
        }
        releaseCells(of: view, in: index..<index + 1)
        guard
            let cell = takeSpare(from: &spares, for: mapping, showing: model, at: indexPath)
                ?? takeSpare(from: &view.parkedCells, for: mapping, showing: model, at: indexPath)
                ?? cells.makeCell(mapping, showing: model, at: indexPath)
        else { return }
        view.cells[index] = cell
        glm_accessible_table_cell_set_column(cell.widget, Int32(clamping: index))
        place(cell, of: placed, pinned: pinned, in: row)
    }

    /// Whether `cell` stays in its row to show a model through `mapping`, another mapping of
    /// its class: a row being read (`PendingRow`'s empty cells) and the row read, the same
    /// column of two model types. Taking it out of the row and putting another in restyles
    /// and realizes that cell again, most of a reset's and a page's work on the main thread
    /// (CONTRIBUTING, Hot paths: 13).
    private static func canRefill(_ cell: BoundRow, through mapping: any AnyRowMapping) -> Bool {
        cell.mapping?.reuseIdentifier == mapping.reuseIdentifier && mapping.canConfigure(cell.view)
    }

    /// A tree's row: indents the cell of the outline's column by the row's level (the others
    /// not at all) and draws the arrow before it.
    func indent(_ view: TableRowView, by pixels: Int) {
        view.outlineIndentation = pixels
        placeOutline(of: view)
    }

    /// The outline moved to another column: every bound tree row moves its indentation and its
    /// arrow there, in place (the rows, the selection and the scroll stay).
    func placeOutlineInBoundRows() {
        guard isInstalled else { return }
        forEachTableRow { view, _, _ in placeOutline(of: view) }
    }

    private func placeOutline(of view: TableRowView) {
        // Rows of a table that shows no tree skip it: no margin set per cell per binding.
        guard view.outlineIndentation > 0 || view.showsOutline else { return }
        view.showsOutline = view.outlineIndentation > 0
        let outlineIndex = outlineColumn.flatMap(layout.index(of:)) ?? 0
        var anchor: UnsafeMutablePointer<GtkWidget>?
        for (index, cell) in view.cells.enumerated() {
            guard let cell else { continue }
            let isOutlineCell = index == outlineIndex && view.outlineIndentation > 0
            RowIndentation.indent(cell.widget, by: isOutlineCell ? view.outlineIndentation : 0)
            if isOutlineCell { anchor = cell.widget }
        }
        DisclosureArrow.setAnchor(anchor, of: view.widget)
        coverOutline(of: view)
    }

    /// Keeps `view`'s disclosure arrow out of the frozen strip while the outline's column
    /// scrolls under it (a frozen outline column carries its arrow along).
    func coverOutline(of view: TableRowView) {
        guard view.showsOutline else { return }
        let outlineIndex = outlineColumn.flatMap(layout.index(of:)) ?? 0
        let covers = frozenStrip.width > 0 && !frozenStrip.columns.contains(outlineIndex)
        DisclosureArrow.setCoveredStrip(covers ? (max(frozenStrip.pinnedOffset, 0), frozenStrip.width) : nil, of: view.widget)
    }

    /// The natural width of the cell `column` shows `model` in: a cell made (or reused) for the
    /// measure, then pooled again.
    func naturalCellWidth(column: String, showing model: Any, at indexPath: IndexPath) -> Int {
        guard let mapping = cells.mapping(for: model, column: column, at: indexPath),
            let cell = cells.makeCell(mapping, showing: model, at: indexPath)
        else { return 0 }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_get_preferred_width(cell.widget, &minimum, &natural)
        cells.pool.enqueue(cell)
        return Int(natural)
    }

    private func place(_ cell: BoundRow, of placed: ColumnLayout.Placed, pinned: Bool, in row: UnsafeMutablePointer<GlmTableRow>) {
        glm_table_row_place_cell_pinned(
            row, cell.widget, Int32(clamping: placed.start), Int32(clamping: placed.width), pinned ? 1 : 0)
    }

    private func releaseCells(of view: TableRowView, in indices: Range<Int>) {
        let row = UnsafeMutablePointer<GlmTableRow>(view.tableRow)
        for index in indices {
            if let cell = detachCell(of: view, at: index) { pool(cell, from: row) }
        }
    }

    /// Takes the cell of column `index` out of `view`'s columns; it stays the row's child.
    private func detachCell(of view: TableRowView, at index: Int) -> BoundRow? {
        guard let cell = view.cells[index] else { return nil }
        if cell.widget == cursorCellWidget {
            ListTheme.set(ListTheme.StyleClass.tableCursorCell, false, on: cell.widget)
            cursorCellWidget = nil
        }
        if selectsCells { ListTheme.set(ListTheme.StyleClass.tableSelectedCell, false, on: cell.widget) }
        manager.changeFlashes?.end(cell.widget)
        glm_accessible_table_cell_set_column(cell.widget, -1)
        view.cells[index] = nil
        cell.endShowing()
        return cell
    }

    /// Hides detached cells in their row, up to `parkedCellsPerRow`; the pool takes the rest.
    private func park(_ cells: [BoundRow], in view: TableRowView) {
        let row = UnsafeMutablePointer<GlmTableRow>(view.tableRow)
        for cell in cells {
            guard view.parkedCells.count < Self.parkedCellsPerRow else {
                pool(cell, from: row)
                continue
            }
            // A tree's indentation belongs to the outline's column, not to the cell.
            if view.showsOutline { RowIndentation.indent(cell.widget, by: 0) }
            glm_table_row_park_cell(row, cell.widget)
            view.parkedCells.append(cell)
        }
    }

    /// Takes a detached cell out of `row` into the pool.
    private func pool(_ cell: BoundRow, from row: UnsafeMutablePointer<GlmTableRow>) {
        glm_table_row_remove_cell(row, cell.widget)
        cells.pool.enqueue(cell)
    }

    /// A spare cell `mapping` can fill, filled with `model`; nil when none is.
    private func takeSpare(
        from spares: inout [BoundRow], for mapping: any AnyRowMapping, showing model: Any, at indexPath: IndexPath
    ) -> BoundRow? {
        guard
            let index = spares.firstIndex(where: {
                $0.mapping?.reuseIdentifier == mapping.reuseIdentifier && mapping.canConfigure($0.view)
            })
        else { return nil }
        return ReusePool.refill(spares.remove(at: index), of: mapping, showing: model, at: indexPath)
    }
}
