/// The piece that turns GTK signals (or other GTK mechanisms) into one group of events.
///
/// A manager creates each source once, when the first reaction for one of its events is
/// registered; the source connects its signals then. Sources that need something on every row
/// (a per-row signal, a size, a drag source) say so with ``needsEveryRow`` and get the row
/// notifications, for the rows already shown when they are installed and for every row the
/// updater inserts, refreshes or removes afterwards.
@MainActor
protocol EventSource: AnyObject {
    init(manager: ListManager)
    /// True when the source wants the row notifications below. Default: false.
    var needsEveryRow: Bool { get }
    /// A row was inserted into the list (or was there when the source was installed); its
    /// ``HostedRow/listRow`` is set.
    func rowDidAppear(_ record: HostedRow)
    /// A row is about to be removed by an update; `location` is where it was.
    func rowWillDisappear(_ record: HostedRow, at location: RowLocation)
    /// A row shown in place got a new model (an update refreshed it).
    func rowDidRefresh(_ record: HostedRow)
}

extension EventSource {
    var needsEveryRow: Bool { false }
    func rowDidAppear(_ record: HostedRow) {}
    func rowWillDisappear(_ record: HostedRow, at location: RowLocation) {}
    func rowDidRefresh(_ record: HostedRow) {}
}
