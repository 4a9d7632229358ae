import CGtk
import ModelStorage

/// A list shown as a table: the manager's rows with a cell per column, column headers pinned
/// above them, and the columns' widths, order, visibility and sort.
///
/// Make one with ``ListManager/makeTable(columns:)`` and put its ``widget`` in a window, in
/// place of the manager's widget: it holds the headers and a scrolled window around the
/// list. Register a cell class per column with ``ListManager/register(_:column:mapping:handler:)``.
///
/// ```swift
/// let manager = ListManager(host: .virtualized)
/// let table = manager.makeTable(columns: [
///     TableColumn("name", title: "Name", width: .share(1)),
///     TableColumn("size", title: "Size", width: .fitContent),
/// ])
/// manager.register(NameCell.self, column: "name")
/// manager.register(SizeCell.self, column: "size")
/// gtk_container_add(window, table.widget)
/// ```
///
/// Only the columns on screen have cells: a row of a 20-column table scrolled to its start
/// holds the cells of the columns the viewport shows, and scrolling sideways binds the others
/// as they come. Widths come from the columns' rules, the user's widths and content measured
/// from the storage, never from the rows on screen, so scrolling never changes them.
@MainActor
public final class ListTable {
    /// The table's widget: the column headers above a scrolled window holding the list.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The columns as declared, hidden ones included.
    public private(set) var columns: [TableColumn]

    /// What the user made of the columns: order, widths, hidden columns, sort. Setting it (a
    /// state saved earlier) lays the columns out anew and, when its sort differs, reports the
    /// new sort to ``didChangeSort(_:)``.
    public var state: ColumnState {
        get { storedState }
        set { apply(newValue) }
    }

    /// The sort, its primary key first; empty when unsorted. Setting it shows the arrows and
    /// reports it to ``didChangeSort(_:)``, as a click on a header does.
    public var sort: [SortKey] {
        get { storedState.sort }
        set {
            var state = storedState
            state.sort = newValue
            apply(state)
        }
    }

    /// The column whose cells show a tree's indentation and disclosure arrow (a tree table, as a
    /// file manager's list view); nil for the first shown column.
    public var outlineColumn: String? {
        didSet { if outlineColumn != oldValue { placeOutlineInBoundRows() } }
    }

    /// Entries the app adds to a column header's menu, after the table's own (show and hide
    /// columns, move, fit).
    public var headerMenu: ((TableColumn) -> [MenuItem])?

    /// Whether Ctrl+C (``copySelection(as:includingHeader:)``) copies the column titles first,
    /// as a line of their own. Default: false, the rows alone.
    public var copiesHeader = false

    /// Whether arrows move the cell cursor and Shift extends a range of cells, as in a
    /// spreadsheet (``selectedCellRange``); Ctrl+C then copies the range. Default: false, the
    /// selection is of whole rows.
    public var selectsCells = false {
        didSet { if selectsCells != oldValue { selectsCellsDidChange() } }
    }

    /// Called with the new state whenever it changes (a resize, a move, a hidden column, a sort):
    /// the moment to save it.
    public var stateDidChange: ((ColumnState) -> Void)?

    /// The scrolled window around the list, below the headers: set its policies here.
    public let scrolledWindow: UnsafeMutablePointer<GtkWidget>

    /// The manager whose list the table shows, held weakly: the manager holds its table, and an
    /// app may keep a table longer than its manager. Reached only past ``isInstalled``.
    private weak var installedManager: ListManager?
    var manager: ListManager {
        guard let installedManager else { preconditionFailure("ListTable: reached its manager after it was released") }
        return installedManager
    }
    /// The cell classes registered per column.
    let cells: TableCellMappings
    let header = TableHeaderView()
    /// Where the shown columns are.
    private(set) var layout = ColumnLayout.empty
    /// Changes when the shown columns or their order change (not their widths): cells bound
    /// for another set of columns are let go. Drawn from one count for every table, so that a
    /// row another table made (a table made in place of another takes over its rows) never
    /// passes for one of this table's.
    private(set) var shownColumnsGeneration = ListTable.newGeneration()
    private static var generations = 0
    /// The shown columns the viewport crosses past the frozen strip: with the frozen ones, the
    /// ones rows bind cells for.
    private(set) var visibleColumns: Range<Int> = 0..<0
    /// The frozen columns as they show (Frozen/ListTable+FrozenColumns).
    var frozenStrip = FrozenStrip()
    /// How far the user scrolled the rows from their leading edge (the right one right to
    /// left): kept right to left when the rows' width changes.
    private var scrolledFromStart = 0
    /// The widths of fit-content columns, measured from the storage on load.
    var fittedWidths: [String: Int] = [:]
    /// What the fit-content widths were last measured with (see `styleDidChange`).
    private var measuredStyleMetrics: [Int] = []
    private var storedState: ColumnState
    /// The reactions to activations, each false when the model is not its type.
    var activationReactions: [(Any, IndexPath, TableColumn) -> Bool] = []
    /// The toggle cells' clicks, keys and reactions, made with the first reaction.
    var toggling: CellToggling?
    /// The editing of cells, made with the first commit reaction.
    var cellEditing: TableCellEditing?
    /// The keys and clicks of a range of cells, made when ``selectsCells`` is first set.
    var cellSelection: CellSelection?
    /// The columns of the range of cells (its rows are the selected ones): the one it started
    /// from and the one it reaches now; nil while the selection is of rows.
    var cellRangeColumns: (anchor: String, end: String)?
    /// False once another table replaced this one (``ListManager/makeTable(columns:)`` again) or
    /// its manager is gone: it no longer lays out, binds or measures anything.
    var isInstalled: Bool { !wasUninstalled && installedManager != nil }
    var wasUninstalled = false
    /// The column of the cell cursor (Ctrl+Left, Ctrl+Right); nil until the user moves it.
    public internal(set) var cursorColumn: String?
    /// The cell shown as the cell cursor's, if any.
    var cursorCellWidget: UnsafeMutablePointer<GtkWidget>?
    /// The row view refilled last and the cells whose text the refill changed, while changes
    /// flash; nil otherwise.
    var changedCells: (view: ObjectIdentifier, cells: [UnsafeMutablePointer<GtkWidget>])?
    /// True while the user drags a column's edge: the state is reported once, on the release.
    var isDraggingWidth = false
    private var sortReactions: [([SortKey]) -> Void] = []
    let groupingState = TableGrouping()
    /// The open streams of the sort and the state, made with the first (ListTable+Streams).
    var streams: TableStreams?
    /// The mapping of the rows the manager binds for items.
    private(set) lazy var rowMapping = RowMapping<TableRowView, Any>(
        role: .item,
        handler: { [unowned self] view, model, indexPath in fill(view, with: model, at: indexPath) },
        transfer: nil)

    init(manager: ListManager, columns declared: [TableColumn]) {
        installedManager = manager
        cells = manager.tableCells
        columns = Self.unique(declared, anomalies: manager.anomalyHandler)
        storedState = ColumnState(hidden: Set(columns.filter(\.isInitiallyHidden).map(\.id)))
        if columns.contains(where: \.isFrozen) {
            // Frozen columns lead, in their declared order.
            storedState.order = columns.filter(\.isFrozen).map(\.id) + columns.filter { !$0.isFrozen }.map(\.id)
            storedState.frozenColumnCount = columns.filter { $0.isFrozen && !$0.isInitiallyHidden }.count
        }
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        // Held for the table's lifetime: taken out of a window (to show a table made in its
        // place), the widget and its scrolled window stay valid.
        g_object_ref_sink(widget)
        scrolledWindow = gtk_scrolled_window_new(nil, nil)
        gtk_widget_set_vexpand(scrolledWindow, 1)
        gtk_box_pack_start(gcast(widget), header.widget, 0, 0, 0)
        gtk_box_pack_start(gcast(widget), scrolledWindow, 1, 1, 0)
        gtk_container_add(gcast(scrolledWindow), manager.widget)
        if let viewport = gtk_bin_get_child(gcast(scrolledWindow)), viewport != manager.widget {
            // The viewport GTK puts around a list box scrolls to the focused child: the whole
            // width of a row, which sends a table scrolled sideways back to its start at every
            // click. Sideways, the table scrolls to the cell cursor itself.
            gtk_container_set_focus_hadjustment(gcast(viewport), nil)
        }
        ListTheme.set(ListTheme.StyleClass.table, true, on: manager.widget)
        gtk_widget_show_all(widget)
        let adjustment = gtk_scrolled_window_get_hadjustment(gcast(scrolledWindow))
        rowMapping.reuseIdentifier = "GtkListManager.TableRow"
        header.follow(adjustment, rows: gtk_bin_get_child(gcast(scrolledWindow)))
        header.clicked = { [unowned self] column, extending in userClickedHeader(of: column, extending: extending) }
        header.resized = { [unowned self] column, width, finished in userDragged(column, to: width, finished: finished) }
        header.fitRequested = { [unowned self] column in fitColumn(column) }
        header.moved = { [unowned self] column, place in moveColumn(column, toShownPlace: place) }
        header.menuItems = { [unowned self] column in headerMenuItems(for: column) }
        Signal.connect(adjustment!, "value-changed") { [weak self] _ in
            if let self, isInstalled { scrolledSideways() }
        }
        Signal.connect(adjustment!, "changed") { [weak self] _ in
            if let self, isInstalled { viewportDidChange() }
        }
        measureFittedWidths()
        relayout()
        header.showSort(storedState.sort)
        connectAccessibility()
        // The theme styles the headers and cells once the table is in a window (and again when
        // the theme or the font changes): what fits the content is measured again then.
        Signal.connect(header.widget, "style-updated") { [weak self] _ in
            if let self, isInstalled { styleDidChange() }
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    private static func newGeneration() -> Int {
        generations += 1
        return generations
    }

    /// Measures the fit-content columns again when what their widths come from changed: the
    /// headers' widths or the list's font (not on every style change: the window losing the
    /// focus restyles every widget).
    private func styleDidChange() {
        let fitted = columns.filter { $0.width == .fitContent }
        guard !fitted.isEmpty else { return }
        let metrics = fitted.map { header.naturalWidth(of: $0) } + [Self.fontHash(of: manager.widget)]
        guard metrics != measuredStyleMetrics else { return }
        measuredStyleMetrics = metrics
        let before = fittedWidths
        measureFittedWidths()
        if fittedWidths != before { relayout() }
    }

    /// The font `widget`'s style gives it, hashed.
    private static func fontHash(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        guard let context = gtk_widget_get_pango_context(widget), let font = pango_context_get_font_description(context) else { return 0 }
        return Int(pango_font_description_hash(font))
    }

    /// Replaces the columns: new ones take their declared place and rule (hidden when
    /// ``TableColumn/isInitiallyHidden``; frozen when ``TableColumn/isFrozen``, after the
    /// columns frozen now), removed ones leave with their cells; the state keeps
    /// what it says of the others. Fit-content columns are measured again. A sort key of a
    /// column that left (or may no longer sort) is dropped, and said so like any sort change:
    /// ``didChangeSort(_:)``'s reactions and ``stateDidChange`` hear the new state.
    public func setColumns(_ declared: [TableColumn]) {
        guard isInstalled else { return }
        let old = Set(columns.map(\.id))
        columns = Self.unique(declared, anomalies: manager.anomalyHandler)
        var state = storedState
        for column in columns where !old.contains(column.id) && column.isInitiallyHidden { state.hidden.insert(column.id) }
        let newlyFrozen = columns.filter { !old.contains($0.id) && $0.isFrozen }
        if !newlyFrozen.isEmpty { state.freeze(newlyFrozen, among: columns) }
        measureFittedWidths()
        let before = storedState
        apply(state)
        if storedState == before { relayout() }
    }

    /// `columns` without those whose identifier an earlier one has (reported).
    private static func unique(_ columns: [TableColumn], anomalies: AnomalyHandler<ManagerAnomaly>) -> [TableColumn] {
        var seen = Set<String>()
        return columns.filter { column in
            guard seen.insert(column.id).inserted else {
                anomalies.report(.duplicateColumnIdentifier(column.id))
                return false
            }
            return true
        }
    }

    /// Calls `reaction` with the sort whenever it changes: a click on a header, a shift-click
    /// adding a key, or the app setting ``sort`` or ``state``. Make the storage follow it here
    /// (or use a storage's own `follow` helper).
    public func didChangeSort(_ reaction: @escaping ([SortKey]) -> Void) {
        sortReactions.append(reaction)
    }

    /// The columns shown, in the order the user sees them, with their widths in pixels.
    public var shownColumns: [(column: TableColumn, width: Int)] {
        layout.placed.map { ($0.column, $0.width) }
    }

    // MARK: - State

    private func apply(_ given: ColumnState) {
        let old = storedState
        let state = given.allowed(by: columns)
        guard state != old else { return }
        storedState = state
        relayout()
        if state.sort != old.sort {
            header.showSort(state.sort)
            for reaction in sortReactions { reaction(state.sort) }
        }
        if state.grouping != old.grouping { for reaction in groupingState.reactions { reaction(state.grouping) } }
        if !isDraggingWidth { reportState(state) }
    }

    /// A click on a column's header: sorts by it, or reverses it when it is the primary key; with
    /// Shift, adds it as the next key (or reverses it where it is).
    func userClickedHeader(of columnID: String, extending: Bool) {
        guard let column = columns.first(where: { $0.id == columnID }), column.isSortable else { return }
        var keys = storedState.sort
        if extending {
            if let index = keys.firstIndex(where: { $0.column == columnID }) {
                keys[index] = keys[index].reversed
            } else {
                keys.append(SortKey(columnID))
            }
        } else if keys.first?.column == columnID {
            keys[0] = keys[0].reversed
        } else {
            keys = [SortKey(columnID)]
        }
        sort = keys
    }

    // MARK: - Layout

    /// The width share columns divide: the viewport's.
    private var availableWidth: Int {
        let page = Int(gtk_adjustment_get_page_size(horizontalAdjustment))
        return page > 0 ? page : Int(gtk_widget_get_allocated_width(scrolledWindow))
    }

    /// Lays the columns out again from the state, the rules and the viewport's width; when
    /// anything moved, places the headers and every bound row's cells anew.
    func relayout() {
        guard isInstalled else { return }
        let shown = storedState.ordered(columns).filter { !storedState.hidden.contains($0.id) }
        let newLayout = ColumnLayout(
            columns: shown, userWidths: storedState.widths, fittedWidths: fittedWidths, availableWidth: availableWidth)
        let frozenChanged = updateFrozenStrip(for: newLayout)
        // An equal layout places the same columns alike, but may hold newer closures (a copy
        // text, a measure): kept, with no widget work.
        guard newLayout != layout || frozenChanged else {
            layout = newLayout
            return
        }
        if newLayout.placed.map(\.column.id) != layout.placed.map(\.column.id) { shownColumnsGeneration = Self.newGeneration() }
        layout = newLayout
        header.place(layout, frozenCount: frozenStrip.count)
        manager.setRowsContentWidth(layout.totalWidth)
        updateVisibleColumns(force: true)
        editorLayoutDidChange()
    }

    /// The viewport changed size (or the rows' width): share columns follow its width.
    private func viewportDidChange() {
        if columns.contains(where: { if case .share = $0.width { true } else { false } }) { relayout() }
        let adjustment = horizontalAdjustment
        if isRightToLeft {
            // Right to left, the scroll keeps its distance from the right end, where the
            // columns start (GtkTreeView's way): opened, a table shows its first columns.
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            let value = max(end - Double(scrolledFromStart), 0)
            if value != gtk_adjustment_get_value(adjustment) { return gtk_adjustment_set_value(adjustment, value) }
        }
        updateVisibleColumns()
    }

    /// The user (or the app) scrolled the adjustment.
    private func scrolledSideways() {
        scrolledFromStart = offsetFromStart
        updateVisibleColumns()
    }

    /// How far the adjustment scrolls the rows from their leading edge now.
    var offsetFromStart: Int {
        let adjustment = horizontalAdjustment
        let value = gtk_adjustment_get_value(adjustment)
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        return Int((isRightToLeft ? end - value : value).rounded())
    }

    var horizontalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_hadjustment(gcast(scrolledWindow))
    }

    var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }

    /// Works out which columns the viewport crosses, and binds and lets go of cells in every
    /// bound row when that changed (or when `force`d by a new layout).
    func updateVisibleColumns(force: Bool = false) {
        guard isInstalled else { return }
        let page = max(Int(gtk_adjustment_get_page_size(horizontalAdjustment)), availableWidth)
        let start = offsetFromStart
        pinFrozenColumns(at: start)
        // Past the frozen strip: a column wholly under it binds no cell.
        let frozen = frozenStrip.count
        let crossing = layout.columns(crossing: start + frozenStrip.width, start + page)
        let visible = max(crossing.lowerBound, frozen)..<max(crossing.upperBound, frozen)
        guard force || visible != visibleColumns else { return }
        visibleColumns = visible
        forEachTableRow { view, model, indexPath in bindCells(of: view, showing: model, at: indexPath, refilling: false) }
    }

    /// Calls `body` with every bound table row, its model and index path.
    func forEachTableRow(_ body: (TableRowView, Any, IndexPath) -> Void) {
        manager.forEachBoundRowWithLocation { row, location in
            guard let view = row.view as? TableRowView else { return }
            body(view, row.model, location.indexPath)
        }
    }
}
