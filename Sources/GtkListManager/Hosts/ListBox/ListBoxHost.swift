import CAccessibility
import CGtk
import ModelStorage

/// A ``ListHost`` over a `GtkListBox`: every position is bound at once, each row a
/// `GtkListBoxRow` wrapping the row view's widget and holding its ``BoundRow`` in a field of its
/// own (the rows are a `GtkListBoxRow` subclass, `GtkListManagerRow`).
///
/// Pick it for lists up to a few thousand rows: GTK's own keyboard navigation, selection,
/// activation and accessibility, rows of any height. GTK lays out every row of a list box, so
/// a change costs O(rows) of layout; a virtualized host avoids that for long lists.
///
/// Headers and footers are rows that can be neither selected nor activated. With a
/// ``rowAnimation``, each row's widget sits in a `GtkRevealer`, and removed rows stay in the
/// list box as leaving rows until their transition ends: positions given to the host never
/// count them.
///
/// This is the only code that calls `gtk_list_box_*`.
@MainActor
public final class ListBoxHost: ListHost, RowAnimating, ScreenPresenceReporting {
    /// The list box the rows live in.
    public let listBox: UnsafeMutablePointer<GtkListBox>
    public var widget: UnsafeMutablePointer<GtkWidget> { gcast(listBox) }
    public weak var delegate: (any ListHostDelegate)?
    public private(set) var isDestroyed = false
    public var rowCount: Int { count }
    public var rowAnimation: RowAnimation? {
        get { animation }
        set { animation = newValue }
    }
    public var reportsScreenPresence: Bool {
        get { storedReportsScreenPresence }
        set {
            guard newValue, !storedReportsScreenPresence else { return }
            storedReportsScreenPresence = true
            startReportingScreenPresence()
        }
    }
    public var reportsActivation: Bool {
        get { storedReportsActivation }
        set {
            guard newValue, !storedReportsActivation else { return }
            storedReportsActivation = true
            startReportingActivation()
        }
    }

    // Private storage for public properties read per row: CONTRIBUTING, Hot paths: 1.
    private var count = 0
    private var animation: RowAnimation?
    private var storedReportsScreenPresence = false
    private var storedReportsActivation = false
    private var storedLeavingRows: [UnsafeMutablePointer<GtkListBoxRow>] = []
    private var storedAnimationSuspended = false
    /// Removed rows still on screen while their revealer closes.
    var leavingRows: [UnsafeMutablePointer<GtkListBoxRow>] {
        get { storedLeavingRows }
        set { storedLeavingRows = newValue }
    }
    var animationSuspended: Bool {
        get { storedAnimationSuspended }
        set { storedAnimationSuspended = newValue }
    }
    /// While positive, the host itself changes GTK's selection or focus (a splice, a selection
    /// the manager asked for): GTK's notifications are not reported back.
    var ownChanges = 0
    /// True while ``focusRow(at:)`` moves the focus: GTK selects the row it focuses, which is
    /// not reported (the selection is put back).
    var isFocusingRow = false
    /// The rows GTK showed selected when last looked at, to report only what changed.
    var shownSelection = ShownSelection()
    /// True while ``moveRow(from:to:)`` takes a row out and puts it back: GTK unmaps and maps
    /// it then, which is not the row leaving or entering the screen.
    public internal(set) var isMovingRow = false
    /// Keeps the focused row, else the top row, in place through splices above them.
    private(set) lazy var anchoring = ViewportAnchoring(host: self, allocatedWidget: gcast(listBox))

    /// Hosts rows in `listBox`, which the host references for its lifetime and shows. The list
    /// box must be empty: the host tracks its rows without asking GTK.
    public init(listBox: UnsafeMutablePointer<GtkListBox>) {
        MainActorConfinement.check("A ListBoxHost was created")
        self.listBox = listBox
        g_object_ref_sink(listBox)
        // GTK 3 widgets start hidden; a hidden list box would not run its header function.
        gtk_widget_show(gcast(listBox))
        Signal.connect(listBox, "destroy") { [weak self] _ in
            self?.isDestroyed = true
            self?.count = 0
            self?.leavingRows = []
            self?.shownSelection.removeAll()
        }
        connectInteraction()
        connectAccessibility()
    }

    /// Hosts rows in a new list box (one that is a table to screen readers when the list is
    /// shown as a table).
    public convenience init() {
        self.init(listBox: gcast(glm_accessible_table_list_box_new()))
    }

    isolated deinit {
        g_object_unref(listBox)
    }

    // MARK: - Splices

    public func insertRows(at position: Int, count inserted: Int) {
        guard let delegate else { return }
        anchoring.keepRowsOnScreenInPlace(around: position)
        ownChanges += 1
        defer { ownChanges -= 1 }
        insertingRows(count: inserted) {
            for offset in 0..<inserted {
                let row = delegate.bindRow(at: position + offset)
                place(row, at: position + offset)
                delegate.didBind(row, at: position + offset)
                if reportsScreenPresence { watchScreenPresence(of: row) }
            }
        }
    }

    public func removeRows(at positions: Range<Int>) {
        guard let delegate, !positions.isEmpty else { return }
        anchoring.keepRowsOnScreenInPlace(around: positions.lowerBound, removing: positions)
        anchoring.keepAnchor(removing: positions)
        ownChanges += 1
        defer { ownChanges -= 1 }
        // Every row hears it first, while the positions still match the manager's (a loop, not
        // `map`: Hot paths: 3).
        var rows: [(UnsafeMutablePointer<GtkListBoxRow>, BoundRow)] = []
        rows.reserveCapacity(positions.count)
        for position in positions {
            let listRow = listBoxRow(at: position)
            let row = ListBoxRowType.boundRow(of: listRow)!
            delegate.willUnbind(row, at: position)
            rows.append((listRow, row))
        }
        // From the end: the positions before each removal stay valid.
        for (listRow, row) in rows.reversed() {
            count -= 1
            shownSelection.forget(row)
            if let revealer = animatedRevealer(of: row) {
                startLeaving(listRow, row: row, revealer: revealer)
            } else {
                release(listRow, row: row, to: delegate)
            }
        }
    }

    public func moveRow(from source: Int, to destination: Int) {
        guard source != destination else { return }
        anchoring.keepTopRowInPlace()
        let listRow = listBoxRow(at: source)
        let opening = ListBoxRowType.boundRow(of: listRow).flatMap { startMoving(listRow, row: $0) }
        isMovingRow = true
        ownChanges += 1
        defer {
            isMovingRow = false
            ownChanges -= 1
        }
        g_object_ref(listRow)
        KeptFocus.across(moveOf: gcast(listRow)) {
            gtk_container_remove(gcast(listBox), gcast(listRow))
            gtk_list_box_insert(listBox, gcast(listRow), listBoxIndex(of: destination))
        }
        g_object_unref(listRow)
        if let opening { finishMoving(opening) }
    }

    public func rebindRow(at position: Int) {
        removeRows(at: position..<position + 1)
        insertRows(at: position, count: 1)
    }

    /// Wraps `row` in a new `GtkListBoxRow` and inserts it at `position`.
    @discardableResult
    private func place(_ row: BoundRow, at position: Int) -> UnsafeMutablePointer<GtkListBoxRow> {
        let listRow = ListBoxRowType.make()
        if row.role != .item {  // rows are selectable and activatable by default
            gtk_list_box_row_set_selectable(gcast(listRow), 0)
            gtk_list_box_row_set_activatable(gcast(listRow), 0)
        }
        let revealer = rowAnimation != nil ? makeRevealer(around: row.widget) : nil
        gtk_container_add(gcast(listRow), revealer ?? row.widget)
        ListBoxRowType.attach(row, to: listRow)
        gtk_widget_show(gcast(listRow))
        row.hostWidget = gcast(listRow)
        // -1 appends without GTK's O(log n) search for the position.
        let index = position == count && leavingRows.isEmpty ? -1 : listBoxIndex(of: position)
        gtk_list_box_insert(listBox, gcast(listRow), index)
        count += 1
        if let revealer { reveal(revealer, animated: animatesNow) }
        return listRow
    }

    /// Detaches the row's widget, destroys its `GtkListBoxRow` and hands the row back.
    func release(_ listRow: UnsafeMutablePointer<GtkListBoxRow>, row: BoundRow, to delegate: any ListHostDelegate) {
        let detached = ListBoxRowType.detachBoundRow(from: listRow)!  // ours now
        detached.hostWidget = nil
        gtk_container_remove(gcast(gtk_widget_get_parent(row.widget)), row.widget)
        gtk_widget_destroy(gcast(listRow))
        delegate.didRelease(detached)
    }

    // MARK: - Bound rows

    public func boundRow(at position: Int) -> BoundRow? {
        guard position >= 0, position < count else { return nil }
        return ListBoxRowType.boundRow(of: listBoxRow(at: position))
    }

    public func position(of row: BoundRow) -> Int? {
        guard let hostWidget = row.hostWidget, gtk_widget_get_parent(hostWidget) == widget else { return nil }
        return position(of: gcast(hostWidget) as UnsafeMutablePointer<GtkListBoxRow>)
    }

    public func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        let children = gtk_container_get_children(gcast(listBox))
        defer { g_list_free(children) }
        var position = 0
        for listRow in GListSequence(children, of: GtkListBoxRow.self) {
            guard !leavingRows.contains(listRow), let row = ListBoxRowType.boundRow(of: listRow) else { continue }
            body(position, row)
            position += 1
        }
    }

    /// The bound row attached to a `GtkListBoxRow` made by a list-box host, or nil for another row.
    public static func boundRow(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? {
        ListBoxRowType.boundRow(of: listRow)
    }

    // MARK: - Positions

    /// The host position of a row of this list box; nil for a leaving row or another widget.
    func position(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> Int? {
        guard gtk_widget_get_parent(gcast(listRow)) == widget, !leavingRows.contains(listRow) else { return nil }
        let index = Int(gtk_list_box_row_get_index(listRow))
        guard !leavingRows.isEmpty else { return index }
        return index - leavingIndexes.count { $0 < Int32(index) }
    }

    func listBoxRow(at position: Int) -> UnsafeMutablePointer<GtkListBoxRow> {
        guard let listRow = gtk_list_box_get_row_at_index(listBox, listBoxIndex(of: position)) else {
            // Kept in release builds: the message names the misuse (rows added or removed with
            // GTK calls on a list box the manager drives).
            fatalError("ListBoxHost: no row at \(position) of \(rowCount): rows were changed behind the manager")
        }
        return listRow
    }

    /// The list box index of a host position: leaving rows before it are skipped. O(leaving rows).
    private func listBoxIndex(of position: Int) -> Int32 {
        var index = Int32(position)
        guard !leavingRows.isEmpty else { return index }  // the common case, on every operation
        for leaving in leavingIndexes.sorted() where leaving <= index {
            index += 1
        }
        return index
    }

    /// The list box indexes of the leaving rows.
    ///
    /// The array is copied before GTK is asked (CONTRIBUTING, Hot paths: 2).
    private var leavingIndexes: [Int32] {
        let rows = leavingRows
        return rows.map { gtk_list_box_row_get_index($0) }
    }

    // MARK: - Appearance

    public func setActivatable(_ activatable: Bool, for row: BoundRow) {
        guard let listRow = ownRow(of: row) else { return }
        gtk_list_box_row_set_activatable(listRow, activatable ? 1 : 0)
    }

    public func setIndentation(_ pixels: Int, for row: BoundRow) {
        guard let listRow = ownRow(of: row), let child = gtk_bin_get_child(gcast(listRow)) else { return }
        RowIndentation.indent(child, by: pixels)
    }

    public func setDropHighlight(at position: Int?) {
        if let position, position >= 0, position < count {
            gtk_list_box_drag_highlight_row(listBox, listBoxRow(at: position))
        } else {
            gtk_list_box_drag_unhighlight_row(listBox)
        }
    }

    public func setPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        gtk_list_box_set_placeholder(listBox, widget)
    }

    /// The `GtkListBoxRow` of a row this host placed and has not let go.
    func ownRow(of row: BoundRow) -> UnsafeMutablePointer<GtkListBoxRow>? {
        guard let hostWidget = row.hostWidget, isA(hostWidget, ListBoxRowType.type)
        else { return nil }
        return gcast(hostWidget)
    }
}

extension ListHost where Self == ListBoxHost {
    /// A new ``ListBoxHost``: `ListManager(host: .listBox)`.
    public static var listBox: ListBoxHost { ListBoxHost() }
}
