import ModelStorage

/// What a ``ListHost`` asks of, and tells, its manager: rows for positions, and what the user
/// did. A manager sets its own object as its host's ``ListHost/delegate`` (the only
/// implementation, so that none of this is on the manager's API); hosts call it, and a test
/// may stand in front of it, forwarding each call, as the conformance suite does.
@MainActor
public protocol ListHostDelegate: AnyObject {
    // MARK: Rows

    /// A row for `position`, made or taken from the reuse pool and filled with the model the
    /// manager holds there. The host places its ``BoundRow/widget``, sets its
    /// ``BoundRow/hostWidget``, then calls ``didBind(_:at:)``.
    func bindRow(at position: Int) -> BoundRow
    /// The row bound at `position` is in place: events may see it, selection is shown.
    func didBind(_ row: BoundRow, at position: Int)
    /// The row at `position` is about to be let go (its position removed, or scrolled away).
    func willUnbind(_ row: BoundRow, at position: Int)
    /// The host no longer shows `row`: it may be reused. Its widget may stay inside a hidden
    /// widget of the host, which takes it out before showing it anywhere else.
    func didRelease(_ row: BoundRow)
    /// The position of the header row of the section that holds `position`; nil when that
    /// section shows no header (for hosts that pin the current section's header).
    func headerPosition(forRowAt position: Int) -> Int?
    /// What the row at `position` is (an item or a supplementary view) and its section; nil
    /// past the end. During a splice it answers for the manager's positions (the inserted ones
    /// included, the removed ones still there).
    func location(ofPosition position: Int) -> RowLocation?
    /// The order of a section's supplementary views, before and after its items: for hosts
    /// that keep a section's items apart from its other rows, as grids do. It changes only
    /// while the list has no rows.
    var supplementaryArrangement: SupplementaryArrangement { get }

    // MARK: What the user did

    /// The selection the host shows changed without the manager asking: by the user when
    /// `byUser` (a click, a key), else by code that drove the widget directly. Positions that
    /// became selected, and positions that stopped being selected.
    func hostSelectionDidChange(selected: [Int], deselected: [Int], byUser: Bool)
    /// The user asked for the rows at `positions` to be the selection, in place of every row
    /// selected now, bound or not (a click or an arrow key without Ctrl, a Shift range): for
    /// hosts that leave the selection to the manager and show what it settles on
    /// (``ListHost/setSelected(_:at:)``). Headers and footers in the range are skipped.
    func userSelectedOnly(_ positions: ClosedRange<Int>)
    /// The user asked to toggle the row at `position` in or out of the selection (a Ctrl click
    /// in multiple mode), for the same hosts.
    func userToggledSelection(at position: Int)
    /// The user activated the row at `position` (a double click, Enter, or a single click).
    func userDidActivateRow(at position: Int)
    /// The keyboard focus moved to the row at `position`, or left the rows when nil.
    func focusDidMove(to position: Int?)
    /// The position to focus when the keyboard focus enters the list with no row focused;
    /// nil lets the host choose.
    func positionToFocusOnEntry() -> Int?
    // MARK: Accessibility

    /// What a screen reader is told about the row at `position`, bound or not: its kind, its
    /// place among the list's items, its name; nil past the end. Hosts add a grid cell's
    /// ``AccessibleRowDescription/cellPosition``.
    func accessibleDescription(ofPosition position: Int) -> AccessibleRowDescription?
    /// The number of selected items, bound or not.
    var selectedItemCount: Int { get }
    /// The position of the `index`-th selected item, in list order.
    func positionOfSelectedItem(at index: Int) -> Int?
    /// The user asked to deselect every row (through accessibility).
    func userDeselectedAll()
    /// The user asked to select (or deselect) the rows at `positions` together, keeping the
    /// others (through accessibility: a table's row, a grid's line); false when that cannot be
    /// (a header among them, the selection mode, a reaction refused it).
    func userSetSelection(_ selected: Bool, atPositions positions: [Int]) -> Bool

    // MARK: What the user saw

    /// A bound row came on screen (only while ``ListHost/reportsScreenPresence`` is on).
    func rowDidAppearOnScreen(_ row: BoundRow)
    /// A bound row left the screen without being unbound (the window was hidden, say).
    func rowDidLeaveScreen(_ row: BoundRow)
}
