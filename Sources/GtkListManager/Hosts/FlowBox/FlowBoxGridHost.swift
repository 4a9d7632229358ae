import CGtk
import ModelStorage

/// A ``ListHost`` that shows items as cells of a grid, a `GtkFlowBox` per section, with the
/// section's header and the supplementary views placed before its items above its cells, and
/// the others and its footer below, spanning the width: GTK's own grid, with its reflow,
/// keyboard navigation, rubber-band and selection look.
///
/// ```swift
/// var layout = FlowBoxGridLayout()
/// layout.maximumColumns = 6
/// let manager = ListManager(host: .flowBoxGrid(layout))
/// manager.register(TileCell.self)
/// ```
///
/// Pick it for grids up to a few thousand cells: like a list box, a flow box makes a widget
/// for every cell and lays out all of them, so a change or a resize costs O(cells).
///
/// Every position is bound at once. Sections follow the manager's (``insertSections(at:count:)``
/// and its siblings); a position's section and role come from the delegate when it is inserted.
/// The manager keeps one selection for the whole grid: the arrow keys cross from one section's
/// flow box to the neighbouring one in the same column, and a selection in one section clears
/// the others when the mode allows one cell.
///
/// This is the only code that calls `gtk_flow_box_*`.
@MainActor
public final class FlowBoxGridHost: ListHost, SectionSplicing, GridLayoutHosting, ScreenPresenceReporting {
    /// The vertical box holding one box per section.
    public let box: UnsafeMutablePointer<GtkBox>
    public var widget: UnsafeMutablePointer<GtkWidget> { gcast(box) }
    public weak var delegate: (any ListHostDelegate)?
    public private(set) var isDestroyed = false
    /// How each section's cells are laid out.
    public let layout: FlowBoxGridLayout

    public var rowCount: Int {
        refreshStarts()
        return starts.total
    }

    public var selectionMode: ListSelectionMode = .single {
        didSet {
            ownChanges += 1
            defer { ownChanges -= 1 }
            for section in sections { gtk_flow_box_set_selection_mode(section.flowBox, selectionMode.gtkMode) }
            shownSelection.reset(to: selectedCells())
        }
    }

    public var activatesOnSingleClick = true {
        didSet {
            for section in sections { gtk_flow_box_set_activate_on_single_click(section.flowBox, activatesOnSingleClick ? 1 : 0) }
        }
    }

    public var reportsActivation = false {
        didSet {
            guard reportsActivation, !oldValue else { return }
            for section in sections { connectActivation(of: section) }
        }
    }

    public var reportsScreenPresence = false {
        didSet {
            guard reportsScreenPresence, !oldValue else { return }
            startReportingScreenPresence()
        }
    }

    /// The sections, in order, as the manager's.
    private(set) var sections: [GridSection] = []
    /// Where each section's rows start, summed again on the first look-up after a change.
    private var starts = SectionStarts()
    private var startsAreCurrent = true
    /// While positive, the host itself changes GTK's selection or focus: not reported back.
    var ownChanges = 0
    /// True while ``focusRow(at:)`` moves the focus: GTK selects the cell it focuses, which is
    /// not reported (the selection is put back).
    var isFocusingRow = false
    /// The cells GTK showed selected when last looked at, to report only what changed.
    var shownSelection = ShownSelection()
    public internal(set) var isMovingRow = false
    /// The widget shown while the grid has no rows.
    private var placeholder: UnsafeMutablePointer<GtkWidget>?
    /// The cell or row shown as a drop target.
    private var highlighted: UnsafeMutablePointer<GtkWidget>?
    /// Keeps the focused cell, else the cell at the viewport's top, in place through splices
    /// above them.
    private(set) lazy var anchoring = ViewportAnchoring(host: self, allocatedWidget: gcast(box))
    /// The rubber band a flow box is drawing, followed across sections.
    var rubberBand: FlowBoxRubberBand?
    /// The cell shown pressed while the primary button is down on it.
    var pressedCell: UnsafeMutablePointer<GtkWidget>?
    /// Rows that may not be activated or pressed, and rows that may not take the focus.
    var notActivatable = Set<ObjectIdentifier>()
    var notFocusable = Set<ObjectIdentifier>()
    /// The key a flow box offered the grid box and then left alone: it stops when it reaches
    /// the grid box again.
    var keyOfferedToGrid: UnsafeMutablePointer<GdkEvent>?
    /// Cells fading in after an animated change (the Animation extension).
    let fades = FadingWidgets()

    /// A grid whose sections lay their cells out as `layout` says.
    public init(layout: FlowBoxGridLayout = FlowBoxGridLayout()) {
        MainActorConfinement.check("A FlowBoxGridHost was created")
        self.layout = layout
        box = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, Int32(clamping: max(layout.sectionSpacing, 0))))
        g_object_ref_sink(box)
        gtk_widget_show(gcast(box))
        Signal.connect(box, "destroy") { [weak self] _ in
            guard let self else { return }
            isDestroyed = true
            sections = []
            highlighted = nil
            pressedCell = nil
            invalidateStarts()
            shownSelection.removeAll()
        }
        connectFocusEntry()
        connectKeyRelay()
        connectRubberBandCancellation()
        connectAccessibility()
    }

    isolated deinit {
        g_object_unref(box)
    }

    // MARK: - Sections

    public func insertSections(at index: Int, count: Int) {
        for offset in 0..<count {
            let section = GridSection(layout: layout, selectionMode: selectionMode, activatesOnSingleClick: activatesOnSingleClick)
            gtk_box_pack_start(box, gcast(section.box), 0, 0, 0)
            gtk_box_reorder_child(box, gcast(section.box), Int32(index + offset))
            sections.insert(section, at: index + offset)
            connectInteraction(of: section)
            connectKeyboard(of: section)
            connectRubberBand(of: section)
        }
        invalidateStarts()
    }

    public func removeSections(at indexes: Range<Int>) {
        for section in sections[indexes] { gtk_widget_destroy(gcast(section.box)) }
        sections.removeSubrange(indexes)
        invalidateStarts()
    }

    public func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int) {
        let section = sections.remove(at: source)
        sections.insert(section, at: destination)
        gtk_box_reorder_child(box, gcast(section.box), Int32(destination))
        invalidateStarts()
    }

    // MARK: - Splices

    public func insertRows(at position: Int, count inserted: Int) {
        guard let delegate else { return }
        anchoring.keepRowsOnScreenInPlace(around: position)
        ownChanges += 1
        defer { ownChanges -= 1 }
        for offset in 0..<inserted {
            guard let location = delegate.location(ofPosition: position + offset), location.section < sections.count else {
                // Kept in release builds: the manager told of a section the host does not have.
                fatalError("FlowBoxGridHost: position \(position + offset) is in no section of the grid")
            }
            let row = delegate.bindRow(at: position + offset)
            let section = sections[location.section]
            place(row, as: location, in: section, atOffset: position + offset - start(of: location.section), delegate: delegate)
            invalidateStarts()
            delegate.didBind(row, at: position + offset)
            if reportsScreenPresence { watchScreenPresence(of: row) }
        }
        updatePlaceholder()
    }

    public func removeRows(at positions: Range<Int>) {
        guard let delegate, !positions.isEmpty else { return }
        anchoring.keepRowsOnScreenInPlace(around: positions.lowerBound, removing: positions)
        anchoring.keepAnchor(removing: positions)
        ownChanges += 1
        defer { ownChanges -= 1 }
        // Every row hears it first, while the positions still match the manager's.
        var leaving: [(GridSection, GridSectionPart, BoundRow)] = []
        leaving.reserveCapacity(positions.count)
        for position in positions {
            let (section, part) = sectionAndSlot(at: position)
            let row = section.row(in: part)!
            delegate.willUnbind(row, at: position)
            leaving.append((section, part, row))
        }
        // From the end: the parts before each removal stay valid.
        for (section, part, row) in leaving.reversed() {
            shownSelection.forget(row)
            if row.hostWidget == highlighted { setDropHighlight(at: nil) }
            take(row, outOf: part, of: section)
            delegate.didRelease(row)
        }
        invalidateStarts()
        updatePlaceholder()
    }

    public func moveRow(from source: Int, to destination: Int) {
        // Equal positions may still be a move: from the end of one section to the start of
        // the next, across the section boundary.
        guard let delegate else { return }
        let (from, part) = sectionAndSlot(at: source)
        guard case let .cell(index) = part, let target = delegate.location(ofPosition: destination),
            sections[target.section] !== from || target.indexPath.item != index
        else { return }
        anchoring.keepTopRowInPlace()
        isMovingRow = true
        ownChanges += 1
        defer {
            isMovingRow = false
            ownChanges -= 1
        }
        let cell = from.cells.remove(at: index)
        let to = sections[target.section]
        g_object_ref(cell)
        KeptFocus.across(moveOf: gcast(cell)) {
            gtk_container_remove(gcast(from.flowBox), gcast(cell))
            gtk_flow_box_insert(to.flowBox, gcast(cell), Int32(target.indexPath.item))
        }
        to.cells.insert(cell, at: target.indexPath.item)
        g_object_unref(cell)
        fadeIn(gcast(cell))
        invalidateStarts()
    }

    public func rebindRow(at position: Int) {
        removeRows(at: position..<position + 1)
        insertRows(at: position, count: 1)
    }

    /// Puts `row` where `location` says in `section`, `offset` positions from its first: a
    /// supplementary row above or below the flow box, an item as a cell of it.
    private func place(
        _ row: BoundRow, as location: RowLocation, in section: GridSection, atOffset offset: Int, delegate: any ListHostDelegate
    ) {
        guard location.role == .item else {
            row.hostWidget = row.widget
            describeSupplementary(row)
            gtk_box_pack_start(section.box, row.widget, 0, 0, 0)
            if let kind = location.role.supplementaryKind, delegate.supplementaryArrangement.placement(of: kind) == .beforeItems {
                section.leading.insert(row, at: offset)
                gtk_box_reorder_child(section.box, row.widget, Int32(offset))
            } else {
                let index = offset - section.leading.count - section.cells.count
                section.trailing.insert(row, at: index)
                // After the leading rows and the flow box.
                gtk_box_reorder_child(section.box, row.widget, Int32(section.leading.count + 1 + index))
            }
            return
        }
        let cell = FlowBoxCellType.shared.make()
        gtk_container_add(gcast(cell), row.widget)
        FlowBoxCellType.shared.attach(row, to: cell)
        gtk_widget_show(gcast(cell))
        row.hostWidget = gcast(cell)
        let index = location.indexPath.item
        gtk_flow_box_insert(section.flowBox, gcast(cell), index == section.cells.count ? -1 : Int32(index))
        section.cells.insert(cell, at: index)
        fadeIn(gcast(cell))
    }

    /// Takes `row` out of its part of the section and out of GTK; the row keeps its widget.
    private func take(_ row: BoundRow, outOf part: GridSectionPart, of section: GridSection) {
        if row.hostWidget == pressedCell { pressedCell = nil }
        if let cell = row.hostWidget { fades.forget(cell) }
        notActivatable.remove(ObjectIdentifier(row))
        notFocusable.remove(ObjectIdentifier(row))
        row.hostWidget = nil
        switch part {
        case let .leading(index):
            section.leading.remove(at: index)
            gtk_container_remove(gcast(section.box), row.widget)
        case let .trailing(index):
            section.trailing.remove(at: index)
            gtk_container_remove(gcast(section.box), row.widget)
        case let .cell(index):
            let cell = section.cells.remove(at: index)
            _ = FlowBoxCellType.shared.detachBoundRow(from: cell)
            gtk_container_remove(gcast(cell), row.widget)
            gtk_widget_destroy(gcast(cell))
        }
    }

    // MARK: - Bound rows

    public func boundRow(at position: Int) -> BoundRow? {
        guard position >= 0, position < rowCount else { return nil }
        let (section, part) = sectionAndSlot(at: position)
        return section.row(in: part)
    }

    public func position(of row: BoundRow) -> Int? {
        guard let hostWidget = row.hostWidget else { return nil }
        let container = row.role == .item ? gtk_widget_get_parent(gtk_widget_get_parent(hostWidget)) : gtk_widget_get_parent(hostWidget)
        guard let container, let index = sections.firstIndex(where: { gcast($0.box) == container }),
            let part = sections[index].part(of: row)
        else { return nil }
        return start(of: index) + sections[index].offset(of: part)
    }

    public func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        var position = 0
        for section in sections {
            for offset in 0..<section.rowCount {
                if let row = section.row(in: section.part(at: offset)) { body(position, row) }
                position += 1
            }
        }
    }

    /// The bound row of a cell of this grid, or nil for another widget.
    public static func boundRow(of cell: UnsafeMutablePointer<GtkFlowBoxChild>) -> BoundRow? {
        FlowBoxCellType.shared.boundRow(of: cell)
    }

    // MARK: - Positions

    /// The section holding `position` (`0..<rowCount`) and its part of it.
    func sectionAndSlot(at position: Int) -> (GridSection, GridSectionPart) {
        refreshStarts()
        guard let section = starts.section(containing: position) else {
            // Kept in release builds: the host's own positions are out of step with its rows.
            fatalError("FlowBoxGridHost: no row at position \(position) of \(starts.total)")
        }
        return (sections[section], sections[section].part(at: position - starts[section]))
    }

    /// The position of section `index`'s first row.
    func start(of index: Int) -> Int {
        refreshStarts()
        return starts[index]
    }

    private func invalidateStarts() {
        startsAreCurrent = false
    }

    private func refreshStarts() {
        guard !startsAreCurrent else { return }
        starts = SectionStarts(count: sections.count) { sections[$0].rowCount }
        startsAreCurrent = true
    }

    // MARK: - Appearance

    public func setSectionMetrics(_ metrics: SectionMetrics, ofSection index: Int) {
        guard index >= 0, index < sections.count else { return }
        sections[index].apply(metrics, over: layout)
    }

    public func setPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        if let placeholder { gtk_container_remove(gcast(box), placeholder) }
        placeholder = widget
        if let widget { gtk_box_pack_end(box, widget, 1, 1, 0) }
        updatePlaceholder()
    }

    private func updatePlaceholder() {
        guard let placeholder else { return }
        gtk_widget_set_visible(placeholder, rowCount == 0 ? 1 : 0)
    }

    public func setDropHighlight(at position: Int?) {
        if let highlighted { gtk_drag_unhighlight(highlighted) }
        highlighted = position.flatMap { boundRow(at: $0)?.hostWidget }
        if let highlighted { gtk_drag_highlight(highlighted) }
    }
}

extension ListHost where Self == FlowBoxGridHost {
    /// A new ``FlowBoxGridHost``: `ListManager(host: .flowBoxGrid)`.
    public static var flowBoxGrid: FlowBoxGridHost { FlowBoxGridHost() }

    /// A new ``FlowBoxGridHost`` laying cells out as `layout` says.
    public static func flowBoxGrid(_ layout: FlowBoxGridLayout) -> FlowBoxGridHost { FlowBoxGridHost(layout: layout) }
}
