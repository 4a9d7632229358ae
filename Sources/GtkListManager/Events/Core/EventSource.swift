/// The piece that turns what the host reports (and generic GTK signals of its widget) into one
/// group of events.
///
/// A manager creates each source once, when the first reaction for one of its events is
/// registered; the source connects what it needs then. Sources that need something on every
/// row (a per-row signal, a size, a focus flag) say so with ``needsEveryRow`` and get the row
/// notifications: for the rows bound when they are installed, and for every row the host binds
/// or unbinds and the manager refreshes in place afterwards.
@MainActor
protocol EventSource: AnyObject {
    init(manager: ListManager)
    /// True when the source wants the row notifications below. Default: false.
    var needsEveryRow: Bool { get }
    /// The source is installed (findable by the router): it may ask the host to report what
    /// it needs, and the reports reach it.
    func didInstall()
    /// A row was bound and placed (or was bound when the source was installed); its
    /// ``BoundRow/hostWidget`` is set.
    func rowDidAppear(_ record: BoundRow)
    /// A row is about to be unbound (its position removed, or scrolled away); `location` is
    /// where it is until then.
    func rowWillDisappear(_ record: BoundRow, at location: RowLocation)
    /// A row shown in place got a new model (an update refreshed it).
    func rowDidRefresh(_ record: BoundRow)
}

extension EventSource {
    var needsEveryRow: Bool { false }
    func didInstall() {}
    func rowDidAppear(_ record: BoundRow) {}
    func rowWillDisappear(_ record: BoundRow, at location: RowLocation) {}
    func rowDidRefresh(_ record: BoundRow) {}
}
