/// A storage of one section whose rows come from a ``PageSource`` a page at a time, for
/// collections far too big to read whole: a server's table of ten million rows opens with one
/// page read, and scrolling or jumping anywhere reads the page there.
///
/// The storage shows ``count`` positions from the start: the source's estimate at first, its
/// exact count once known. The exact count is read after the first page the estimate made room
/// for (a count of every row read beside that page would slow the first frame), or a second
/// after the estimate when no row is asked for. A position whose row is not read yet holds a ``PendingRow``; the
/// storage reads the page around it and replaces the stand-ins with the rows, as updates its
/// observers apply. It keeps one run of consecutive rows (``capacity`` at most): a read next to it
/// extends it, and the rows furthest from the last one asked for leave it first; a read far from
/// it (a jump) starts a new run at the source's sampled key for that fraction of the rows, so the
/// rows around a jump are those about that far into the order, never found by counting.
///
/// Positions are exact from where a run started and approximate across a jump: when a read
/// finds more or fewer rows before or after the run than the count leaves room for, the
/// storage inserts or deletes positions at that edge, so the first and last rows always show
/// at the first and last positions.
///
/// When others change the source, tell the storage (``sourceDidChange(_:)``): it reads the rows
/// it keeps again and shows the differences as deletions, insertions, moves and updates, and
/// moves the count.
///
/// Reads run off the main actor; their results come back through `handOff` and apply only if
/// the storage was not reset meanwhile. A read that fails sets ``lastError`` (tell the user with
/// ``statusDidChange``) and is tried again after a pause that doubles up to 30 seconds, and at
/// once when a row is asked for again.
@MainActor
public final class PagedStorage<Source: PageSource>: BroadcastingStorage {
    public let broadcaster = UpdateBroadcaster()
    /// Where the rows come from.
    public private(set) var source: Source
    /// How many rows a read asks for.
    public let pageSize: Int
    /// How many rows the storage keeps read at most.
    public let capacity: Int
    /// The positions shown.
    public internal(set) var count = 0
    /// Whether ``count`` is the source's exact count (or the rows read from first to last),
    /// rather than its estimate.
    public internal(set) var isCountExact = false
    /// Whether a read is under way, or about to start for rows just asked for.
    public var isLoading: Bool { isReadingRows || isCounting || isPlanningScheduled }
    /// The error of the last read, until one succeeds.
    public internal(set) var lastError: (any Error)?
    /// Called after ``isLoading``, ``lastError`` or ``isCountExact`` changed.
    public var statusDidChange: (() -> Void)?

    var window = PagedWindow<KeyedRow<Source.Row, Source.Key>>()
    /// The source's exact count, once read.
    var exactCount: Int?
    /// The sampled keys jumps start at, read at the first jump.
    var landmarks: [Source.Key]?
    /// Positions asked for whose rows are not read, the latest last.
    var wanted: [Int] = []
    /// Positions handed out (``item(at:)``) near the latest one asked for: rows an observer may
    /// show, told when what they hold changes.
    var handedOut: Set<Int> = []
    /// Counts resets: a read started before the last one is dropped.
    var generation = 0
    var isPlanningScheduled = false
    /// The position the read under way was started for, moved with the rows as positions are
    /// found or dropped before it: the rows near it are kept when the run outgrows its capacity.
    var readTarget = 0
    /// A read of rows or landmarks is under way (one at a time).
    var isReadingRows = false
    /// A read of the count is under way; rows are read meanwhile.
    var isCounting = false
    var failedReads = 0
    /// Changes told since the last refresh started; the run is read again for them.
    var unrefreshedChange: PageSourceChange?
    /// The changes the refresh under way reads for.
    var refreshingChange: PageSourceChange?
    /// A refresh waits for the read under way.
    var needsRefresh = false
    /// The generation whose exact count waits for a read of rows to end (see `readCounts`).
    var countWaitingForRows: Int?
    /// How long the exact count waits for rows to be asked for and read after the estimate: a
    /// list that never asks (hidden) still gets its count.
    package var countWaitLimit = Duration.seconds(1)
    /// A change came while the count was read: the count read may not include it.
    var changedWhileCounting = false
    /// When changes last moved the count, and when they first did since it was last read.
    var lastCountMove: ContinuousClock.Instant?
    var countDriftStart: ContinuousClock.Instant?
    /// A check for a quiet moment to read the count again is under way.
    var isRecountScheduled = false
    /// Where reads hand their results back to the main actor.
    public let handOff: any MainActorHandOff

    /// A storage that reads `source`, `pageSize` rows at a time, keeping at most `capacity`.
    /// It asks for the estimated count at once; read `count` after `statusDidChange`, or
    /// observe it.
    public init(
        source: Source, pageSize: Int = 128, capacity: Int = 2048, handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) {
        self.source = source
        self.pageSize = max(pageSize, 1)
        self.capacity = max(capacity, 2 * max(pageSize, 1))
        self.handOff = handOff
        readCounts()
    }

    /// Shows `source`'s rows instead (another order or filter): every position becomes a
    /// stand-in, and the count is read again.
    public func reset(to source: Source) {
        if isReadingRows || isCounting { self.source.abandonReads() }
        self.source = source
        generation += 1
        window.clear()
        landmarks = nil
        exactCount = nil
        wanted = []
        handedOut = []
        isReadingRows = false
        isCounting = false
        isCountExact = false
        unrefreshedChange = nil
        refreshingChange = nil
        needsRefresh = false
        changedWhileCounting = false
        countWaitingForRows = nil
        isRecountScheduled = false
        countDriftStart = nil
        broadcaster.deliver(.reload, from: self)
        readCounts()
    }

    // MARK: - Storage

    public var numberOfSections: Int { 1 }

    public func numberOfItems(inSection section: Int) -> Int { section == 0 ? count : 0 }

    /// The row at `indexPath`, or a ``PendingRow`` while it is read; asking for a stand-in asks
    /// for its page.
    public func item(at indexPath: IndexPath) -> Any? {
        guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
        let position = indexPath.item
        handedOut.insert(position)
        if let read = window.row(at: position) { return read.row }
        want(position)
        return PendingRow()
    }

    /// What ``item(at:)`` would give, without asking for a page.
    package func peek(at position: Int) -> Any? {
        guard (0..<count).contains(position) else { return nil }
        return window.row(at: position)?.row ?? PendingRow()
    }

    /// The identity of the row at `position`; nil while it is not read.
    public func rowID(at position: Int) -> Source.RowID? {
        window.row(at: position).map { source.rowID(of: $0.key) }
    }

    /// The positions whose rows are read now.
    public var readPositions: Range<Int> { window.positions }
}
