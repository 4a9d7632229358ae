import CGtk

/// What a list widget does for a ``ListManager``: it shows rows at flat positions and reports
/// what the user does with them.
///
/// Sections, headers, footers, models and selection are the manager's business; a host sees
/// only positions (`0..<rowCount`), changed by splices. It gets row widgets from its
/// ``delegate`` when a position needs one — ``ListHostDelegate/bindRow(at:)`` — and hands them
/// back when it lets them go. ``ListBoxHost`` binds every position at once; a virtualized host
/// binds only the positions on screen.
///
/// The manager calls the splices in the order of its change sets. During a splice the host may
/// bind or unbind the positions the splice itself inserts or removes (the manager's positions
/// already include the inserted ones, and still include the removed ones); any other binding
/// change must wait until the splice returns. ``moveRow(from:to:)`` binds and unbinds nothing.
///
/// What not every widget can do has a default that does nothing (drop highlights,
/// placeholders) or acts on the row's ``BoundRow/hostWidget`` (heights, focus). Abilities
/// beyond a list are capability protocols a host adopts and the manager asks for:
/// ``SectionSplicing`` (sections of its own), ``GridLayoutHosting`` (cells in lines) and
/// ``RowAnimating`` (rows that appear and disappear with a transition). The host kit
/// (``BoundRowWidgetType``, ``ScreenPresenceReporting``, ``ViewportScrolling``,
/// ``ShownSelection``) holds what hosts share, and the `GtkListManagerTesting` library's
/// `HostConformance` proves a host. See the Hosts article for how to write one.
@MainActor
public protocol ListHost: AnyObject {
    /// The widget to put in a window or a scrolled window.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// True once GTK destroyed the widget (its window closed, say): its rows went with it, and
    /// the manager stops applying changes.
    var isDestroyed: Bool { get }
    /// Where rows come from and where user actions go: the manager, set once before any splice.
    /// Hosts hold it weakly.
    var delegate: (any ListHostDelegate)? { get set }

    // MARK: Positions

    /// The number of positions.
    var rowCount: Int { get }
    /// Inserts `count` positions at `position` (`0...rowCount`).
    func insertRows(at position: Int, count: Int)
    /// Removes the positions `positions`, unbinding the rows bound there first.
    func removeRows(at positions: Range<Int>)
    /// Moves the row at `source` to `destination`, read after the removal, keeping its widget
    /// (and the keyboard focus, when it is in the row: ``KeptFocus``).
    func moveRow(from source: Int, to destination: Int)
    /// The row at `position` must be made again (another mapping shows its model now): a host
    /// that has a row bound there unbinds it and binds the position anew.
    func rebindRow(at position: Int)

    // MARK: Bound rows

    /// The row bound at `position`; nil when none is (off screen in a virtualized host).
    func boundRow(at position: Int) -> BoundRow?
    /// The position of a row bound by this host; nil for another row or one that is leaving.
    func position(of row: BoundRow) -> Int?
    /// Calls `body` with every bound row and its position, in position order.
    func forEachBoundRow(_ body: (Int, BoundRow) -> Void)

    // MARK: Geometry and scrolling

    /// The position whose row covers `y`, in the coordinates of ``widget``'s allocation.
    func position(atY y: Double) -> Int?
    /// The position whose row or cell covers the point, in the coordinates of ``widget``'s
    /// allocation; a list's default asks ``position(atY:)``.
    func position(atX x: Double, y: Double) -> Int?
    /// The top and height of the row at `position`, in the coordinates of ``widget``'s
    /// allocation; nil when it has no row or is not laid out.
    func rowFrame(at position: Int) -> (y: Double, height: Double)?
    /// The positions on screen; nil when the list is not on screen.
    var positionsOnScreen: Range<Int>? { get }
    /// The part of ``widget`` the viewport shows, in the coordinates of its allocation; nil
    /// when the list is not on screen.
    var viewportFrame: (y: Double, height: Double)? { get }
    /// The adjustment that scrolls the list vertically, if it is scrolled.
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { get }
    /// Scrolls so that the row at `position` is on screen, placed as `alignment` says, once
    /// the rows between are laid out: where they were estimated, the row lands where the
    /// alignment says all the same.
    func scrollTo(position: Int, alignment: ScrollAlignment)
    /// Binds and places now what the viewport shows, instead of at the next frame: for hosts
    /// that bind on demand. Default: nothing (a host that binds at every splice is always laid
    /// out as far as binding goes).
    func layoutIfNeeded()

    // MARK: Selection, activation and focus

    /// How many rows the user may select. The manager keeps the selection; the host shows it.
    var selectionMode: ListSelectionMode { get set }
    /// Shows the row at `position` as selected or not, without reporting it back.
    func setSelected(_ selected: Bool, at position: Int)
    /// Whether a single click activates a row (else a double click does).
    var activatesOnSingleClick: Bool { get set }
    /// Whether the host tells its delegate about activations
    /// (``ListHostDelegate/userDidActivateRow(at:)``). Off until an event needs it; once on,
    /// it stays on.
    var reportsActivation: Bool { get set }
    /// Whether the row can be activated and pressed (highlighted).
    func setActivatable(_ activatable: Bool, for row: BoundRow)
    /// Whether the row can take the keyboard focus.
    func setFocusable(_ focusable: Bool, for row: BoundRow)
    /// The position of the row that has, or contains, the window's keyboard focus.
    var focusedPosition: Int? { get }
    /// Moves the keyboard focus to the row at `position`, and changes nothing else (the
    /// selection stays the manager's); false when it cannot take it.
    @discardableResult
    func focusRow(at position: Int) -> Bool
    /// Keeps `row` bound, wherever the list scrolls, until called with another row or nil:
    /// the row a drag started from, which the drop must still find. Hosts that bind every row
    /// have nothing to do.
    func keepBound(_ row: BoundRow?)

    // MARK: Row appearance

    /// The row's height, or its natural height when nil (never less than its content needs).
    func setHeight(_ height: Int?, for row: BoundRow)
    /// Indents the row's content by `pixels` from the start edge.
    func setIndentation(_ pixels: Int, for row: BoundRow)
    /// Marks the row at `position` as the target of a drag, or no row when nil.
    func setDropHighlight(at position: Int?)
    /// Shows `widget` while the list has no rows; nothing when nil.
    func setPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?)
    /// How many released rows are worth keeping for reuse, whatever the configuration's
    /// ``ListConfiguration/reusePoolLimit``: a virtualized host rebinds its whole viewport on a
    /// jump, and rows made anew cost far more than rows reused. Default: 0.
    var rowsWorthReusing: Int { get }
    /// Whether the host tells its delegate when bound rows come on and leave the screen
    /// (``ListHostDelegate/rowDidAppearOnScreen(_:)``). Off until an event needs it (it may
    /// cost a signal per row); once on, it stays on.
    var reportsScreenPresence: Bool { get set }
}

// Defaults for what some widgets cannot do, or do the plain GTK way.
extension ListHost {
    public func setActivatable(_ activatable: Bool, for row: BoundRow) {}
    public func position(atX x: Double, y: Double) -> Int? { position(atY: y) }
    public func keepBound(_ row: BoundRow?) {}
    public func layoutIfNeeded() {}

    public func setFocusable(_ focusable: Bool, for row: BoundRow) {
        guard let hostWidget = row.hostWidget else { return }
        gtk_widget_set_can_focus(hostWidget, focusable ? 1 : 0)
    }

    public func setHeight(_ height: Int?, for row: BoundRow) {
        guard let hostWidget = row.hostWidget else { return }
        gtk_widget_set_size_request(hostWidget, -1, Int32(clamping: max(height ?? -1, -1)))
    }

    public var rowsWorthReusing: Int { 0 }
    public func setDropHighlight(at position: Int?) {}
    public func setPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?) {}
}
