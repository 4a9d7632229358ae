import ModelStorage

/// The piece that turns what the host reports (and generic GTK signals of its widget) into one
/// group of events.
///
/// A manager creates each source once, when the first reaction for one of its events is
/// registered; the source connects what it needs then. Sources that need something on every
/// row (a per-row signal, a size, a focus flag) say so with ``needsEveryRow`` and get the row
/// notifications: for the rows bound when they are installed, and for every row the host binds
/// or unbinds and the manager refreshes in place afterwards.
///
/// Every installed source also hears what happens to the list as a whole (reloads, change
/// sets) and what the host reports of the user (activation, focus, rows on screen): the
/// manager tells the router, which tells each source, so the manager names no source.
@MainActor
protocol EventSource: AnyObject {
    init(manager: ListManager)
    /// True when the source wants the row notifications below. Default: false.
    var needsEveryRow: Bool { get }
    /// The source is installed (findable by the router): it may ask the host to report what
    /// it needs, and the reports reach it.
    func didInstall()

    // MARK: Rows (sources that need every row)

    /// A row was bound and placed at `location` (or was bound when the source was installed);
    /// its ``BoundRow/hostWidget`` is set.
    func rowDidAppear(_ row: BoundRow, at location: RowLocation)
    /// A row is about to be unbound (its position removed, or scrolled away); `location` is
    /// where it is until then.
    func rowWillDisappear(_ row: BoundRow, at location: RowLocation)
    /// A row shown in place got a new model (an update refreshed it).
    func rowDidRefresh(_ row: BoundRow)

    // MARK: The list's content

    /// Every row is about to be made again from the storage.
    func listWillReload()
    /// Every row was made again from the storage.
    func listDidReload()
    /// The list is about to apply one run of a change set's entries (one splice): nothing of
    /// it is shown yet.
    func listWillApply(_ run: ChangeRun)
    /// The list shows the whole change set.
    func listDidApply(_ changes: ChangeSet)

    // MARK: What the host reports

    /// The user activated the row (a double click, Enter, or a single click).
    func userDidActivate(_ row: BoundRow, at location: RowLocation)
    /// The keyboard focus moved to another row: the manager's cursor is `location` now.
    func focusDidMove(to row: BoundRow, at location: RowLocation)
    /// The item to focus when the keyboard focus enters the list with no row focused; nil
    /// when the source has no opinion (the first non-nil answer wins).
    func itemToFocusOnEntry() -> IndexPath?
    /// A bound row came on screen (while ``ListHost/reportsScreenPresence`` is on).
    func rowCameOnScreen(_ row: BoundRow)
    /// A bound row left the screen without being unbound.
    func rowLeftScreen(_ row: BoundRow)
}

extension EventSource {
    var needsEveryRow: Bool { false }
    func didInstall() {}
    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {}
    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {}
    func rowDidRefresh(_ row: BoundRow) {}
    func listWillReload() {}
    func listDidReload() {}
    func listWillApply(_ run: ChangeRun) {}
    func listDidApply(_ changes: ChangeSet) {}
    func userDidActivate(_ row: BoundRow, at location: RowLocation) {}
    func focusDidMove(to row: BoundRow, at location: RowLocation) {}
    func itemToFocusOnEntry() -> IndexPath? { nil }
    func rowCameOnScreen(_ row: BoundRow) {}
    func rowLeftScreen(_ row: BoundRow) {}
}
