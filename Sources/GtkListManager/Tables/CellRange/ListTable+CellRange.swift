import CGtk
import ModelStorage

// A range of cells (`selectsCells`): its rows are the manager's selection, its columns the shown
// ones between the column it started from and the one it reaches, in the order shown. Cells in
// it carry the style class `list-table-selected-cell` as they bind; Ctrl+C copies it; screen
// readers hear a cell selected when it is in it.
extension ListTable {
    /// The range of cells selected, when ``selectsCells`` is on: the selected rows (one block of
    /// them) and the shown columns between the cell the range started from and the cell cursor,
    /// in the order shown. Nil when the table selects rows, when no row is selected, or when the
    /// selected rows are no block (a Ctrl+click, or the app's selection).
    ///
    /// With ``selectsCells`` on, the user makes the range as in a spreadsheet:
    /// - Left and Right move the cell cursor (``cursorColumn``) and select its cell alone; Up,
    ///   Down, Page Up, Page Down, Home, End and a click move to another row, as in any list,
    ///   keeping the cursor's column (a click's is the column clicked);
    /// - Shift with an arrow, or with a click, extends the range from the cell it started from:
    ///   Shift+Left and Shift+Right across columns, Shift+Up, Shift+Down and Shift+click across
    ///   rows, as the list extends its selection of rows;
    /// - Ctrl+A selects every cell; Ctrl+click adds or removes a row, and the selection is of rows
    ///   again until the next arrow or click;
    /// - Ctrl+C copies the range (``copySelection(as:includingHeader:)``).
    ///
    /// On the list-box host, GTK extends a selection with Shift+click only when the list does not
    /// activate on a single click (``ListManager/activatesOnSingleClick`` false).
    ///
    /// Setting it selects the range's rows (never reported as the user's selection) and spans
    /// the shown columns from the first of its columns to the last, in the order shown; nil
    /// leaves the rows selected, as rows. It does nothing while ``selectsCells`` is off, or when
    /// no column of the range is shown.
    ///
    /// ```swift
    /// table.selectsCells = true
    /// table.selectedCellRange = CellRange(rows: 2...4, columns: ["name", "size"])
    /// let copied = table.selectedCellRange.map { table.text(of: $0, format: .csv) }
    /// ```
    public var selectedCellRange: CellRange? {
        get {
            guard isInstalled, let columns = rangeColumnIndices else { return nil }
            let ordinals = manager.selectedItemOrdinals
            guard let first = ordinals.first, let last = ordinals.last, last - first + 1 == ordinals.count else { return nil }
            var ids: [String] = []
            for index in columns { ids.append(layout.placed[index].column.id) }
            return CellRange(rows: first...last, columns: ids)
        }
        set {
            guard isInstalled, selectsCells else { return }
            guard let range = newValue else {
                cellRangeColumns = nil
                return showCellRange()
            }
            var indices: [Int] = []
            for column in range.columns {
                if let index = layout.index(of: column) { indices.append(index) }
            }
            guard let low = indices.min(), let high = indices.max(), manager.selectionMode != .none else { return }
            var rows = Set<IndexPath>()
            for ordinal in range.rows {
                guard let indexPath = manager.itemIndexPath(ofOrdinal: ordinal) else { break }
                rows.insert(indexPath)
            }
            guard !rows.isEmpty, manager.selectionMode == .multiple || rows.count == 1 else { return }
            cellRangeColumns = (layout.placed[low].column.id, layout.placed[high].column.id)
            manager.replaceSelection(with: rows)
            showCellRange()
        }
    }

    /// The text of the cells of `range` in `format`: its rows in order (those that are items),
    /// its columns in the order given, after a line of the column titles when
    /// `includingHeader`. As ``text(ofRows:columns:format:includingHeader:)``.
    public func text(of range: CellRange, format: TableCopyFormat = .tsv, includingHeader: Bool = false) -> String {
        guard isInstalled else { return "" }
        var indexPaths: [IndexPath] = []
        indexPaths.reserveCapacity(range.rows.count)
        for ordinal in range.rows {
            guard let indexPath = manager.itemIndexPath(ofOrdinal: ordinal) else { break }
            indexPaths.append(indexPath)
        }
        return text(ofRows: indexPaths, columns: range.columns, format: format, includingHeader: includingHeader)
    }

    /// The shown columns the range spans now (by index among them); nil while the table selects
    /// rows, or when a column it is bounded by is hidden.
    var rangeColumnIndices: ClosedRange<Int>? {
        guard selectsCells, let (anchor, end) = cellRangeColumns, let first = layout.index(of: anchor),
            let last = layout.index(of: end)
        else { return nil }
        return min(first, last)...max(first, last)
    }

    /// The identifiers of the columns the range spans now, in the order shown; nil as
    /// ``rangeColumnIndices``.
    var rangeColumnIDs: [String]? {
        guard let indices = rangeColumnIndices else { return nil }
        var ids: [String] = []
        for index in indices { ids.append(layout.placed[index].column.id) }
        return ids
    }

    func selectsCellsDidChange() {
        guard isInstalled else { return }
        if selectsCells, cellSelection == nil {
            let selection = CellSelection(table: self)
            cellSelection = selection
            manager.features.install(selection)
        }
        if !selectsCells { cellRangeColumns = nil }
        // Off, the marks go.
        showCellRange(clearing: !selectsCells)
    }

    // MARK: - Marks

    /// Marks the cells of the range in every bound row, and unmarks the others.
    func showCellRange(clearing: Bool = false) {
        guard isInstalled, selectsCells || clearing else { return }
        let columns = rangeColumnIndices
        forEachTableRow { view, _, indexPath in
            guard view.layoutGeneration == shownColumnsGeneration else { return }
            markCells(of: view, at: indexPath, columns: columns)
        }
    }

    /// Marks the cells of `view`, the row at `indexPath`, that are in the range spanning the
    /// shown `columns` (none when nil), and unmarks the others.
    func markCells(of view: TableRowView, at indexPath: IndexPath, columns: ClosedRange<Int>?) {
        let inRange = columns != nil && manager.selection.isSelected(indexPath)
        for index in view.cells.indices {
            guard let cell = view.cells[index] else { continue }
            ListTheme.set(ListTheme.StyleClass.tableSelectedCell, inRange && columns?.contains(index) == true, on: cell.widget)
        }
    }

    /// Whether a screen reader hears the cell at `row` (an item's place) and the shown `column`
    /// selected: 1 or 0 while the table selects cells and has a range, -1 (its row tells) else.
    func accessibleCellSelection(row: Int, column: Int) -> Int32 {
        guard let columns = rangeColumnIndices else { return -1 }
        guard let indexPath = manager.itemIndexPath(ofOrdinal: row) else { return 0 }
        return columns.contains(column) && manager.selection.isSelected(indexPath) ? 1 : 0
    }

    // MARK: - Keys and clicks

    /// Left and Right (with Shift or not) move the cell cursor and select or extend the range;
    /// the keys that move between rows set the columns the rows will span. True when handled.
    func handleCellRangeKey(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        let extending = key.modifiers == .shift
        guard key.modifiers.isEmpty || extending, !layout.placed.isEmpty else { return false }
        let cursorIndex = cursorColumn.flatMap(layout.index(of:)) ?? 0
        let cursorID = layout.placed[cursorIndex].column.id
        switch Int32(key.keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right:
            guard let focused, focused.location.role == .item, let next = columnBesideCursor(toward: key) else { return false }
            let nextID = layout.placed[next].column.id
            if extending {
                cellRangeColumns = (rangeColumnIndices != nil ? cellRangeColumns?.anchor ?? cursorID : cursorID, nextID)
                if manager.selection.selected.isEmpty { selectAlone(focused.location.indexPath) }
            } else {
                cellRangeColumns = (nextID, nextID)
                selectAlone(focused.location.indexPath)
            }
            moveCursor(toColumn: next)
            showCellRange()
            return true
        case GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_Down, GDK_KEY_KP_Down, GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, GDK_KEY_Page_Down,
            GDK_KEY_KP_Page_Down, GDK_KEY_Home, GDK_KEY_KP_Home, GDK_KEY_End, GDK_KEY_KP_End:
            // The list moves the focus and selects (Shift extends its rows): the columns stay
            // the range's with Shift, and are the cursor's alone without.
            cursorColumn = cursorID
            if !extending || rangeColumnIndices == nil { cellRangeColumns = (cursorID, cursorID) }
            return false
        default:
            return false
        }
    }

    /// Notes the column of a primary press on a row: a plain click starts a range there, a
    /// Shift+click extends the range to it, a Ctrl+click (or a finger's tap, which adds or
    /// removes its row) makes the selection one of rows. The host selects and focuses the row.
    func notePress(_ event: UnsafeMutablePointer<GdkEvent>) {
        var button: guint = 0
        var state = GdkModifierType(0)
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, gdk_event_get_button(event, &button) != 0, button == 1,
            gdk_event_get_state(event, &state) != 0, let point = PointerLocation.point(of: event, in: manager.widget),
            let (row, location) = manager.boundRowAndLocation(atX: point.x, y: point.y), location.role == .item,
            let fromStart = pointerOffset(of: event, in: row.widget), let index = shownColumn(atRowOffset: fromStart)
        else { return }
        let id = layout.placed[index].column.id
        let extending = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let toggling = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 || TouchTaps.isTouch(event)
        if extending {
            let anchor =
                rangeColumnIndices != nil ? cellRangeColumns?.anchor : cursorColumn.flatMap { layout.index(of: $0) != nil ? $0 : nil }
            cellRangeColumns = (anchor ?? id, id)
        } else if toggling {
            cellRangeColumns = nil
        } else {
            cellRangeColumns = (id, id)
        }
        cursorColumn = id
        showCursorCell()
        showCellRange()
    }

    /// Selects the item at `indexPath` alone, as the user (the selection events run).
    private func selectAlone(_ indexPath: IndexPath) {
        guard manager.selectionMode != .none else { return }
        let selected = manager.selectedIndexPaths
        guard selected != [indexPath] else { return }
        manager.userChangedSelection(
            added: manager.selection.isSelected(indexPath) ? [] : [indexPath], removed: selected.filter { $0 != indexPath },
            shownByHost: false)
    }

    /// Ctrl+A selects every row as the user (in multiple selection mode), and with
    /// ``selectsCells`` every shown column with them. False for other keys.
    func handleSelectAllKey(_ key: KeyPress) -> Bool {
        guard key.modifiers == .control, key.keyval == UInt32(GDK_KEY_a) || key.keyval == UInt32(GDK_KEY_A),
            manager.selectionMode == .multiple
        else { return false }
        var added: [IndexPath] = []
        for section in 0..<manager.shownSectionCount {
            for item in 0..<manager.shownItemCount(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                if !manager.selection.isSelected(indexPath) { added.append(indexPath) }
            }
        }
        if selectsCells, let first = layout.placed.first, let last = layout.placed.last {
            cellRangeColumns = (first.column.id, last.column.id)
        }
        if !added.isEmpty { manager.userChangedSelection(added: added, removed: [], shownByHost: false) }
        showCellRange()
        return true
    }
}
