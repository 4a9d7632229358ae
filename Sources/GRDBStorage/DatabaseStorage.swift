import Dispatch
import GRDB
import ModelStorage

/// A storage that shows the result of a live SQLite query and follows the database by itself:
/// the CoreData and Realm storages of DTModelStorage, on SQLite with GRDB.
///
/// ```swift
/// let database = try DatabaseQueue(path: path)
/// let storage = try DatabaseStorage(
///     database,
///     request: Book.order(Column("shelf"), Column("position")),
///     sectionedBy: { $0.shelf },
///     reordering: .column("position", ofTable: "book", sectionColumn: "shelf"),
///     handOff: GLibMainActorHandOff())
/// storage.sectionHeader = { shelf in shelf }
/// let manager = ListManager(host: .listBox, storage: storage)
///
/// try database.write { db in try Book(title: "Dune", shelf: "SF").insert(db) }   // any thread
/// ```
///
/// ## How it follows the database
/// - The request runs once when the storage is made (its errors are thrown from `init`), then
///   again after every write to the tables it reads: writes through `database` from any thread
///   (GRDB's `ValueObservation`), and writes by other connections and other processes, which
///   the storage notices by polling SQLite's `data_version` (``externalChangeInterval``).
/// - Each new result is grouped in sections and diffed by id against the result the list
///   shows, off the main thread; the change set is applied on the main actor. Records whose id
///   stays are matched: a new position is a move, new content an in-place update.
/// - A result that is stale when it arrives (the storage changed meanwhile, by a reorder) is
///   diffed again, never applied blindly. An unchanged result delivers nothing.
/// - ``setRequest(_:completion:)`` and ``sort(by:using:completion:)`` (a table's column sort)
///   replace the request live: its first result is diffed onto the list like any other, and the
///   storage follows the database with it.
/// - ``stopObserving()`` (or releasing the storage) stops every delivery.
///
/// ## Sections
/// Records are in sections by `sectionKey`, in the order their keys first appear in the
/// result; each section keeps the request's order. Without `sectionedBy`, one section (while
/// there are records). Header, footer and other supplementary models come from the key:
/// ``sectionHeader`` and ``sectionSupplementaries``.
///
/// ## Errors
/// A request that cannot run when the storage is made throws (a missing table or column, SQL
/// that does not compile, a file that is not a database). Later failures (the schema changed
/// under the query, the database locked past its busy timeout) are reported to
/// ``anomalyHandler`` as ``DatabaseStorageAnomaly``; the storage keeps its last good result and
/// tries again when the database changes. It never writes to the database except to store a
/// reorder the user made or a record dropped into the list, to run the app's own
/// ``write(_:completion:)``, or to undo or redo (see `DatabaseStorage+Undo.swift`).
///
/// ## Reordering and drops
/// With a ``DatabaseReordering``, a row dragged in the list (or moved with Alt+Up and Alt+Down)
/// moves at once and its section's order is written in one transaction. With a
/// ``dropInsertion``, the storage takes drops through `ListManager.drop(_:toPlaceholderAt:showing:)`:
/// a placeholder row while the data arrives, then the record, inserted in one transaction with
/// its section's order. While a placeholder is shown or a dropped record is being written, the
/// storage holds the results of other writes and applies them, in one change set, once the drop
/// settled: rows never shift under a placeholder.
@MainActor
public final class DatabaseStorage<Record, SectionKey>: SupplementaryStorage, BroadcastingStorage
where Record: Identifiable & Equatable & Sendable, Record.ID: Sendable, SectionKey: Hashable & Sendable {
    typealias Sections = FetchedSections<Record, SectionKey>
    /// Reads the models a change set carries for the records it inserts or updates, by id, when
    /// they are not the records themselves (``LazyDatabaseStorage``'s full records).
    @usableFromInline typealias CarriedModelReader = @Sendable (Database, [Record]) throws -> [Record.ID: any Sendable]

    /// The header model of each section, from its key; nil for no header. Setting it refreshes
    /// every section.
    public var sectionHeader: ((SectionKey) -> Any?)? {
        didSet { refreshSupplements() }
    }

    /// The models of other supplementary kinds (a footer, a summary, …) of each section, from its
    /// key, by kind. Setting it refreshes every section.
    public var sectionSupplementaries: [SupplementaryKind: (SectionKey) -> Any?] = [:] {
        didSet { refreshSupplements() }
    }

    /// How a record dropped into the list is stored; nil (the default) refuses drops. See
    /// ``DatabaseInsertion``.
    public var dropInsertion: DatabaseInsertion<Record, SectionKey>? {
        didSet {
            writeDroppedItem = dropInsertion.map { insertion in
                { item in
                    guard let record = item as? Record else { return nil }
                    return { db, section in
                        let stored = try insertion.insert(db, record, section)
                        return StoredDrop(record: stored, shown: stored)
                    }
                }
            }
        }
    }

    /// Where failures after creation are reported: see ``DatabaseStorageAnomaly``.
    public let anomalyHandler = AnomalyHandler<DatabaseStorageAnomaly>()

    /// The database the request reads.
    public let database: any DatabaseReader

    /// How often the storage asks SQLite whether another connection or process changed the
    /// database. Writes through ``database`` itself are seen at once, without waiting for it.
    public let externalChangeInterval: Duration

    /// The result the list shows, in sections.
    var sections = Sections()
    /// The newest result received and not diffed yet.
    var latestResult: FetchedResult?
    /// The diffs against ``sections``, one at a time; told whenever ``sections`` changes.
    let jobs: BackgroundJobScheduler
    /// The own writes a result must have seen to be applied.
    var ownWritesRequired = 0
    /// The own writes started so far, and those whose end reached the main actor.
    var ownWritesStarted = 0
    var ownWritesFinished = 0
    /// Fetches outside the observation not back yet.
    var refetchesInFlight = 0
    /// The duplicate count last reported, so one lasting duplicate is reported once.
    var reportedDuplicates = 0
    /// The running observation of the request, nil once it failed or stopped.
    var observation: AnyDatabaseCancellable?
    /// Polls `data_version` for other connections' writes.
    var externalChanges: ExternalChangeMonitor?
    /// True once ``stopObserving()`` ran.
    public internal(set) var isStopped = false
    /// The storage observers know, when this one works for another (``LazyDatabaseStorage``).
    weak var facade: (any Storage)?
    /// Told the carried models of each change set before observers are.
    var willDeliverCarriedModels: (([Record.ID: any Sendable]) -> Void)?
    /// The most records whose models a change set carries; a change that brings more carries
    /// none, and its insertions are runs that read each model with ``readUncarriedModel`` when
    /// a reader asks (the rows a host shows). Nil carries every one.
    var carriedModelLimit: Int?
    /// Reads the model of a record a change set does not carry; nil when it cannot be read.
    var readUncarriedModel: ((Record) -> Any?)?
    /// Results dropped in a row because a carried model was no longer in the database.
    var consecutiveVanishedRecords = 0
    /// The placeholders and dropped records being written shown among the records.
    var drops = DropOverlay()
    /// Makes the write of a dropped item, or nil when the storage does not store it.
    var writeDroppedItem: DroppedItemWriter?
    /// How an undo or redo writes records back; nil: writes inside a group clear the history.
    public var undoWriting: DatabaseUndoWriting<Record>?
    /// The lazy storage's records' undo writing, which its storage of identities records with.
    var facadeUndoWriting: (any DatabaseChangeRecording)?
    /// The recorder of the `UndoHistory` tracking the storage (see `DatabaseStorage+Undo.swift`).
    package weak var undoReporter: UndoRecorder?
    /// Completions of undos waiting for the list to show a result that saw their write.
    var shownWaiters: [(write: Int, completion: @MainActor () -> Void)] = []

    /// Runs the request and groups it, tagged with the own writes committed before it began.
    /// Replaced with the request (`DatabaseStorage+Request.swift`).
    var fetch: @Sendable (Database) throws -> FetchedResult
    let sectionKey: @Sendable (Record) -> SectionKey
    let processing: ResultProcessing<Record, SectionKey>
    var readCarriedModels: CarriedModelReader?
    let reordering: DatabaseReordering<Record.ID, SectionKey>?
    let handOff: any MainActorHandOff
    let queue = DispatchQueue(label: "GRDBStorage.DatabaseStorage", qos: .userInitiated)
    let ownWrites = OwnWriteCounter()
    /// The storage's observers (see `BroadcastingStorage`).
    public let broadcaster = UpdateBroadcaster()

    /// The requests asked for since the newest one's result was shown, and their completions.
    var requests = RequestLog()
    /// The request fetched now and the one whose result is shown, as the app gave it and with its
    /// column sort; nil when the storage was made from a fetch closure (``LazyDatabaseStorage``).
    var sortableRequest: SortableRequest<Record>?
    var shownRequest: SortableRequest<Record>?

    /// A result of the request and the own writes it saw.
    struct FetchedResult: Sendable {
        let sections: Sections
        let ownWrites: Int
        /// The number of the request it came from (``RequestLog``).
        let request: Int
    }

    /// A storage showing `request`'s records from `database`, in sections by `sectionKey`.
    ///
    /// - Parameters:
    ///   - database: a `DatabaseQueue` or `DatabasePool` (a `DatabaseWriter` to store reorders),
    ///     or any other reader.
    ///   - request: the records and their order.
    ///   - sectionKey: a record's section; runs on a background queue.
    ///   - reordering: how to write the order when the user moves a record; nil when records
    ///     cannot be moved.
    ///   - externalChangeInterval: how often to look for writes by other connections or
    ///     processes; nil never looks (writes through `database` are still followed).
    ///   - handOff: how background results reach the main actor. A GTK application passes
    ///     `GLibMainActorHandOff()`.
    /// - Throws: the request's error when it cannot run now (`DatabaseError`, or a decoding
    ///   error of `Record`).
    @inlinable
    public convenience init(
        _ database: any DatabaseReader,
        request: some FetchRequest<Record>,
        sectionedBy sectionKey: @escaping @Sendable (Record) -> SectionKey,
        reordering: DatabaseReordering<Record.ID, SectionKey>? = nil,
        externalChangeInterval: Duration? = .milliseconds(250),
        handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) throws where Record: FetchableRecord {
        try self.init(
            database, fetchingWith: { db in try request.fetchAll(db) }, sectionedBy: sectionKey,
            processing: ResultProcessing(sectionKey: sectionKey), request: SortableRequest(request),
            reordering: reordering, externalChangeInterval: externalChangeInterval, handOff: handOff)
    }

    /// A storage showing the records `fetchRecords` reads. `readCarriedModels`, when given,
    /// reads the models change sets carry for inserted and updated records. `request`, when
    /// given, is what `fetchRecords` fetches, which a sort can re-order.
    @usableFromInline
    init(
        _ database: any DatabaseReader,
        fetchingWith fetchRecords: @escaping @Sendable (Database) throws -> [Record],
        sectionedBy sectionKey: @escaping @Sendable (Record) -> SectionKey,
        processing: ResultProcessing<Record, SectionKey>,
        request: SortableRequest<Record>? = nil,
        readCarriedModels: CarriedModelReader? = nil,
        reordering: DatabaseReordering<Record.ID, SectionKey>?,
        externalChangeInterval: Duration?,
        handOff: any MainActorHandOff
    ) throws {
        MainActorConfinement.check("A DatabaseStorage was created")
        self.database = database
        self.reordering = reordering
        self.readCarriedModels = readCarriedModels
        self.sectionKey = sectionKey
        self.processing = processing
        self.handOff = handOff
        jobs = BackgroundJobScheduler(queue: queue, handOff: handOff)
        self.externalChangeInterval = externalChangeInterval ?? .zero
        sortableRequest = request
        shownRequest = request
        fetch = Self.fetching(fetchRecords, processing: processing, ownWrites: ownWrites, request: 0)
        let monitor = externalChangeInterval.flatMap { ExternalChangeMonitor(path: database.path, interval: $0) }
        sections = try database.read(fetch).sections
        reportDuplicates(in: sections)
        startObservation()
        if let monitor { startWatchingExternalChanges(with: monitor) }
    }

    isolated deinit {
        observation?.cancel()
        externalChanges?.stop()
    }

    // MARK: - Reading

    /// Every record shown, sections one after the other.
    public var records: [Record] { sections.records.flatMap { $0 } }

    /// The number of records shown.
    public var count: Int { sections.count }

    /// The key of each section, in order.
    public var sectionKeys: [SectionKey] { sections.keys }

    /// The records of `section`, in order, without a drop's placeholder; empty when there is no
    /// such section.
    public func records(inSection section: Int) -> [Record] {
        sections.records.indices.contains(section) ? sections.records[section] : []
    }

    /// The record shown at `indexPath`, or nil (also for a drop's placeholder).
    public func record(at indexPath: IndexPath) -> Record? {
        drops.recordIndexPath(shownAt: indexPath).flatMap { sections.record(at: $0) }
    }

    /// Where the record with `id` is shown, or nil.
    public func indexPath(ofID id: Record.ID) -> IndexPath? {
        for (section, ids) in sections.identities.enumerated() {
            if let item = ids.firstIndex(of: id) {
                return drops.shownIndexPath(ofRecordAt: IndexPath(item: item, section: section))
            }
        }
        return nil
    }

    /// True while a reorder is being written, a result is being fetched after a write, diffed,
    /// or waits to be, or a new request or sort has no result shown yet.
    public var hasPendingChanges: Bool {
        jobs.isRunning || latestResult != nil || ownWritesFinished < ownWritesStarted || refetchesInFlight > 0
            || requests.isWaiting
    }

    // MARK: - Storage

    public var numberOfSections: Int { drops.numberOfSections(withRecordSections: sections.keys.count) }

    public func numberOfItems(inSection section: Int) -> Int {
        let records = sections.records.indices.contains(section) ? sections.records[section].count : 0
        return records + drops.count(inSection: section)
    }

    public func item(at indexPath: IndexPath) -> Any? {
        drops.entry(at: indexPath)?.model ?? record(at: indexPath)
    }

    public func models(inSection section: Int) -> [Any] {
        guard !drops.isEmpty else { return records(inSection: section) }
        return (0..<numberOfItems(inSection: section)).compactMap { item(at: IndexPath(item: $0, section: section)) }
    }

    public func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        guard sections.keys.indices.contains(section) else { return nil }
        return keyedSupplements.model(ofKind: kind, forKey: sections.keys[section])
    }

    /// The storage observers are told changed: this one, or the one it works for.
    var sender: any Storage { facade ?? self }

    // MARK: - Supplements

    /// The supplements a section insert or update carries.
    func supplements(ofSection section: Int) -> SectionSupplements {
        keyedSupplements.supplements(forKey: sections.keys[section])
    }

    private var keyedSupplements: KeyedSupplements<SectionKey> {
        KeyedSupplements(header: sectionHeader, others: sectionSupplementaries)
    }

    private func refreshSupplements() {
        guard !sections.keys.isEmpty else { return }
        broadcaster.deliver(.changes(keyedSupplements.refreshing(sections.keys)), from: sender)
    }
}

extension DatabaseStorage where SectionKey == Unsectioned {
    /// A storage showing `request`'s records from `database` in one section (while there are
    /// records). See ``init(_:request:sectionedBy:reordering:externalChangeInterval:handOff:)``.
    @inlinable
    public convenience init(
        _ database: any DatabaseReader,
        request: some FetchRequest<Record>,
        reordering: DatabaseReordering<Record.ID, SectionKey>? = nil,
        externalChangeInterval: Duration? = .milliseconds(250),
        handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) throws where Record: FetchableRecord {
        try self.init(
            database, request: request, sectionedBy: { _ in .all }, reordering: reordering,
            externalChangeInterval: externalChangeInterval, handOff: handOff)
    }
}
