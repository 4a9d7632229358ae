import CGtk
import CVirtualList
import ModelStorage

/// A ``ListHost`` that keeps widgets only for the rows on screen and a margin around them, so a
/// list of a million models opens and scrolls like a list of a hundred. It lays its rows out as
/// a list, or as a grid of cells (``init(gridLayout:)``).
///
/// ```swift
/// let manager = ListManager(host: VirtualListHost())
/// gtk_container_add(gcast(scrolledWindow), manager.widget)   // a GtkScrollable
///
/// let grid = ListManager(host: .virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 120, height: 96))))
/// ```
///
/// Its widget is a scrollable container whose window is the viewport. Rows are bound when they
/// come into view, measured, and placed in viewport coordinates; rows that leave it go back to
/// the reuse pool. Heights are measured for bound rows and estimated (their mean) for the rest,
/// in an index of heights. The scroll position is kept as an anchor, a row and how far its top
/// is above the viewport, so nothing on screen moves when rows are inserted or removed above it
/// or when estimates are corrected.
///
/// As a grid, each section's header and footer span the width and its cells fill lines of as
/// many columns as the width holds (``VirtualGridLayout``); the position at the top of the
/// viewport stays there when the width changes the column count. Left and Right move the focus
/// by one cell, Up and Down by one line (into the neighbouring section, in the same column),
/// Page Up and Page Down by one viewport, Home and End to the first and last cell. When the
/// widget's direction is right to left, lines read from the right edge, as a GtkFlowBox's do,
/// and Left moves to the next cell.
///
/// Pick it for long lists and big grids; ``ListBoxHost`` for short lists that want GtkListBox's
/// own keyboard handling and accessibility of every row, ``FlowBoxGridHost`` for small grids. A row here is "displayed" while it is bound
/// (UITableView's meaning), not while its window is shown.
@MainActor
public final class VirtualListHost: ListHost, SectionSplicing, GridLayoutHosting {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public weak var delegate: (any ListHostDelegate)?
    public private(set) var isDestroyed = false
    public var rowCount: Int { count }

    /// Rows (lines of cells, in a grid) bound beyond each edge of the viewport, so that small
    /// scrolls find them ready. Default: 4 rows, or 2 lines of cells.
    public var overscan = 4 {
        didSet { glm_virtual_list_queue_layout(list) }
    }

    /// Whether the header of the section at the top of the viewport stays pinned there while
    /// its rows scroll under it (pushed up by the next section's header). Default: false.
    public var pinsSectionHeaders = false {
        didSet { glm_virtual_list_queue_layout(list) }
    }

    /// What a bound position holds: the row and the row widget it sits in.
    struct PlacedRow {
        let row: BoundRow
        let rowWidget: UnsafeMutablePointer<GtkWidget>
    }

    // The layout's state; the Layout extension reads and moves it.
    var count = 0
    /// Where positions sit: rows one under another, or a grid's lines of cells.
    var index: any VirtualLayoutIndex
    /// The bound rows by position.
    var placedRows: [Int: PlacedRow] = [:]
    /// The most rows bound at once so far.
    var mostRowsBound = 0
    /// Row widgets no row sits in, hidden, for the next bindings.
    var spareRowWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    /// Spare row widgets released during the running layout pass, hidden when it ends unless a
    /// binding took them back: a jump rebinds most rows into the widgets it released
    /// (CONTRIBUTING, Hot paths: 9).
    var rowWidgetsToHide = Set<UnsafeMutablePointer<GtkWidget>>()
    /// The row at the top of the viewport and how many pixels of it are scrolled above the top.
    var anchor = 0
    var anchorOffset = 0
    /// The viewport's height, and the width rows are laid out at (wider than the viewport
    /// when scrolled sideways: ``HorizontalScrolling``).
    var viewportSize = (width: 0, height: 0)
    /// ``HorizontalScrolling/contentWidth``.
    var storedContentWidth = 0
    /// Counts splices, so a layout pass notices one made by an event it triggered.
    var generation = 0
    /// True while a layout pass runs: the splices it triggers only mark the layout stale.
    var isLayingOut = false
    /// A layout is asked for before the next frame (a re-sort's rows bound in a turn of their own).
    var isBindingBeforeFrame = false
    /// A scroll asked for by position, applied by the next layout.
    var pendingScroll: (position: Int, alignment: ScrollAlignment)?
    /// A row a key moved the focus to before it had a widget: focused once bound.
    var pendingFocus: Int?
    /// Where the focused row showed before the splices since the last layout (FocusAnchoring):
    /// the next layout puts it back there.
    var focusedRowPlace: (rowWidget: UnsafeMutablePointer<GtkWidget>, top: Int)?
    var focusedRowNoted = false
    /// Where a Shift range selection starts: the row last clicked or reached without Shift.
    var selectionRangeStart: Int?
    /// A row pressed among several selected ones, selected alone on release unless a drag of
    /// them all began.
    var pendingSelectOnly: Int?
    /// The positions the last layout bound for the viewport and its margins.
    var neededPositions: ClosedRange<Int>?
    /// Interaction state: see the Interaction extension.
    var storedSelectionMode = ListSelectionMode.single
    var storedActivatesOnSingleClick = false
    var storedReportsActivation = false
    var storedReportsScreenPresence = false
    var notActivatable = Set<ObjectIdentifier>()
    var placeholder: UnsafeMutablePointer<GtkWidget>?
    /// The header pinned at the top of the viewport, when ``pinsSectionHeaders`` pins one now.
    var pinnedHeader: (position: Int, y: Int)?
    /// ``ParentRowPinning/parentOfRow``, and the parent rows pinned now, outermost first.
    var parentRowLookup: ((Int) -> PinnableParentRow?)?
    var pinnedParents: [(position: Int, y: Int)] = []
    /// Bound rows placed off screen (the focused row scrolled away).
    var keptOffScreen = Set<ObjectIdentifier>()
    /// The row ``keepBound(_:)`` keeps bound wherever the list scrolls.
    var rowKeptBound: ObjectIdentifier?
    /// The row widget highlighted as a drop target.
    var dropHighlight: UnsafeMutablePointer<GtkWidget>?
    /// Whether the widget's direction is right to left: a grid's lines read from the right.
    var isRightToLeft = false
    /// Animated changes: where rows showed before a change, and what moves now.
    var motion = VirtualListMotion()
    /// Moves the slides and pictures of ``motion`` at every frame while they last.
    lazy var motionTicker = FrameTicker(on: widget)
    /// The rows an animated change inserted, fading in.
    let insertedRowFades = FadingWidgets()
    /// The rubber band being drawn, from its press to its release.
    var rubberBand: VirtualRubberBand?
    /// Scrolls while the rubber band's pointer is near an edge; the band grows with each step.
    lazy var rubberBandAutoscroll = DragAutoscroll(host: self) { [weak self] _ in self?.updateRubberBandSelection() }

    /// The widget as the C side's opaque `GlmVirtualList *`.
    var list: OpaquePointer { OpaquePointer(widget) }

    /// A host with a new list widget, shown, laying its rows out as a list.
    public convenience init() {
        self.init(index: RowHeightIndex(), widget: glm_virtual_list_new())
    }

    /// A host with a new list widget, shown, laying its rows out as a grid as `gridLayout` says.
    public convenience init(gridLayout: VirtualGridLayout) {
        self.init(index: GridLineIndex(layout: gridLayout), widget: glm_virtual_list_new_grid())
        overscan = 2
        ListTheme.set(ListTheme.StyleClass.grid, true, on: widget)
    }

    private init(index: any VirtualLayoutIndex, widget: UnsafeMutablePointer<GtkWidget>) {
        MainActorConfinement.check("A VirtualListHost was created")
        self.index = index
        self.widget = widget
        g_object_ref_sink(widget)
        gtk_widget_show(widget)
        Signal.connect(widget, "destroy") { [weak self] _ in self?.listDestroyed() }
        VirtualListCallbacks.connect(self)
        connectRubberBand()  // before the press handler that stops the presses it handles
        connectInteraction()
        connectKeyboard()
        connectAccessibility()
        connectDirection()
    }

    isolated deinit {
        glm_virtual_list_set_callbacks(list, nil, nil, nil)
        g_object_unref(widget)
    }

    private func listDestroyed() {
        isDestroyed = true
        motionTicker.stop()
        insertedRowFades.finish()
        motion = VirtualListMotion()
        placedRows = [:]
        spareRowWidgets = []
        rowWidgetsToHide = []
        count = 0
        index.removeAll()
    }

    // MARK: - Splices

    public func insertRows(at position: Int, count inserted: Int) {
        willSplice()
        guard inserted > 0 else { return }
        if motion.isNoting { motion.inserted.insert(inserted, at: position) }
        let wasEmpty = count == 0
        index.insert(
            count: inserted, at: position, locations: { [delegate] in delegate?.location(ofPosition: $0) },
            arrangement: delegate?.supplementaryArrangement ?? SupplementaryArrangement())
        count += inserted
        shiftPlacedRows(from: position, by: inserted)
        shiftMarks(from: position, by: inserted)
        // Rows inserted above the top row keep what is on screen where it is; at the very top
        // of the list they show, as a mailbox shows new mail.
        if !wasEmpty, position < anchor || (position == anchor && (anchor > 0 || anchorOffset > 0)) {
            anchor += inserted
        }
        layoutChanged()
    }

    public func removeRows(at positions: Range<Int>) {
        willSplice()
        guard !positions.isEmpty else { return }
        if motion.isNoting { motion.inserted.remove(positions) }
        let leaving = placedRows.filter { positions.contains($0.key) }.sorted { $0.key < $1.key }
        for (position, placed) in leaving { delegate?.willUnbind(placed.row, at: position) }
        for (position, placed) in leaving {
            leaveGhost(of: placed, at: position)
            placedRows[position] = nil
            release(placed)
        }
        index.remove(positions)
        count -= positions.count
        shiftPlacedRows(from: positions.upperBound, by: -positions.count)
        if let focus = pendingFocus, positions.contains(focus) { pendingFocus = nil }
        // A scroll to a removed row goes to the row that takes its place.
        if let scroll = pendingScroll, positions.contains(scroll.position) { pendingScroll = (positions.lowerBound, scroll.alignment) }
        if let start = selectionRangeStart, positions.contains(start) { selectionRangeStart = nil }
        shiftMarks(from: positions.upperBound, by: -positions.count)
        if anchor >= positions.upperBound {
            anchor -= positions.count
        } else if anchor >= positions.lowerBound {
            // The first row after the ones removed takes the top row's place, at its pixel (its
            // offset clamped to its height).
            anchor = positions.lowerBound
        }
        layoutChanged()
    }

    public func moveRow(from source: Int, to destination: Int) {
        willSplice()
        // Equal positions may still be a move in a grid: from one section's end to the next's start.
        guard source != destination || index.isGrid else { return }
        if motion.isNoting { motion.inserted.move(from: source, to: destination) }
        index.move(from: source, to: destination, location: delegate?.location(ofPosition: destination))
        let moving = placedRows.removeValue(forKey: source)
        shiftPlacedRows(from: source + 1, by: -1)
        shiftPlacedRows(from: destination, by: 1)
        placedRows[destination] = moving
        // As a removal at the source, then an insertion at the destination.
        if source != destination {
            if anchor > source { anchor -= 1 }
            if destination <= anchor { anchor += 1 }
        }
        layoutChanged()
    }

    public func rebindRow(at position: Int) {
        if let placed = placedRows.removeValue(forKey: position) {
            delegate?.willUnbind(placed.row, at: position)
            release(placed)
        }
        index.forgetMeasurement(of: position)
        layoutChanged()
    }

    // MARK: - Sections

    public func insertSections(at sectionIndex: Int, count inserted: Int) {
        index.insertSections(at: sectionIndex, count: inserted)
        layoutChanged()
    }

    public func removeSections(at indexes: Range<Int>) {
        index.removeSections(at: indexes)
        layoutChanged()
    }

    public func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int) {
        willSplice()
        // Rows inserted before in the same change are told from moved ones no more: they slide.
        motion.inserted.removeAll()
        index.moveSection(from: source, to: destination, rows: rows, toPosition: firstPosition)
        // The rows as one block: removed, then inserted at `firstPosition`, keeping their widgets.
        func moved(_ position: Int) -> Int {
            if rows.contains(position) { return firstPosition + position - rows.lowerBound }
            let afterRemoval = position >= rows.upperBound ? position - rows.count : position
            return afterRemoval >= firstPosition ? afterRemoval + rows.count : afterRemoval
        }
        placedRows = Dictionary(uniqueKeysWithValues: placedRows.map { (moved($0.key), $0.value) })
        anchor = moved(anchor)
        pendingFocus = pendingFocus.map(moved)
        selectionRangeStart = selectionRangeStart.map(moved)
        layoutChanged()
    }

    /// Before a splice: notes what the next layout needs of the screen as it shows now (the
    /// focused row's place, the rows' places for an animation).
    func willSplice() {
        noteFocusedRowPlace()
        noteShownPlacesForMotion()
    }

    /// Moves the placed rows at `position` and after by `offset` positions.
    private func shiftPlacedRows(from position: Int, by offset: Int) {
        guard offset != 0, placedRows.keys.contains(where: { $0 >= position }) else { return }
        var shifted: [Int: PlacedRow] = [:]
        for (key, placed) in placedRows { shifted[key >= position ? key + offset : key] = placed }
        placedRows = shifted
    }

    /// Moves the positions kept for later (a scroll asked for by position, the pending focus, the
    /// range start) with a splice: a scroll asked for before a splice the next layout applies
    /// goes to the row it named, not to the position.
    private func shiftMarks(from position: Int, by offset: Int) {
        if let scroll = pendingScroll, scroll.position >= position { pendingScroll = (scroll.position + offset, scroll.alignment) }
        if let focus = pendingFocus, focus >= position { pendingFocus = focus + offset }
        if let start = selectionRangeStart, start >= position { selectionRangeStart = start + offset }
    }

    /// A splice changed the layout: the next allocation binds and places anew.
    func layoutChanged() {
        generation += 1
        if !isLayingOut { glm_virtual_list_queue_layout(list) }
    }

    // MARK: - Bound rows

    public func boundRow(at position: Int) -> BoundRow? {
        placedRows[position]?.row
    }

    public func position(of row: BoundRow) -> Int? {
        placedRows.first { $0.value.row === row }?.key
    }

    public func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        for position in placedRows.keys.sorted() { body(position, placedRows[position]!.row) }
    }

    /// The most rows bound at once: a jump unbinds and binds as many.
    public var rowsWorthReusing: Int { mostRowsBound }

    /// The number of row widgets in the list, bound or spare: independent of the row count.
    package var rowWidgetCount: Int { placedRows.count + spareRowWidgets.count }
}

extension ListHost where Self == VirtualListHost {
    /// A new ``VirtualListHost``: `ListManager(host: .virtualized)`.
    public static var virtualized: VirtualListHost { VirtualListHost() }

    /// A new ``VirtualListHost`` laying its rows out as a grid: `ListManager(host: .virtualizedGrid(layout))`.
    public static func virtualizedGrid(_ layout: VirtualGridLayout = VirtualGridLayout()) -> VirtualListHost {
        VirtualListHost(gridLayout: layout)
    }
}
