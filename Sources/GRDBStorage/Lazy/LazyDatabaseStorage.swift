import GRDB
import ModelStorage

/// A storage for tables of a hundred thousand records and more: it follows only the ids,
/// sections and change markers of a live query, and reads the full records of the rows being
/// shown.
///
/// ``DatabaseStorage`` fetches, groups and diffs every full record after each write: at 10,000
/// records that is a few milliseconds, at 100,000 it is a hundred. This storage observes three
/// columns instead (the id, the section and a change marker, a value every write to the record
/// changes), diffs them the same way, and reads full records only where they are needed:
/// - the rows a host binds, a page at a time around the row asked for, kept in a bounded cache
///   (``cachedRecordCapacity``), so a virtualized list of a million records reads what it shows;
/// - the records a change set inserts or updates, read with the diff off the main thread, so
///   the list refreshes them from the change set alone; a change that brings more of them than
///   ``cachedRecordCapacity`` (a search erased back to a million rows) carries none, and the rows
///   a host shows read theirs a page at a time, as when scrolling.
///
/// ```swift
/// // revision: bumped by a trigger on every UPDATE of the table
/// let storage = try LazyDatabaseStorage<Book, String>(
///     database,
///     request: Book.order(Column("shelf"), Column("position")),
///     sectionedBy: Column("shelf"),
///     changeMarker: Column("revision"),
///     reordering: .column("position", ofTable: "book", sectionColumn: "shelf"),
///     handOff: GLibMainActorHandOff())
/// let manager = ListManager(host: .virtualized, storage: storage)
/// ```
///
/// The change marker must change whenever anything the rows show changes (a revision counter a
/// trigger bumps, an `updatedAt` timestamp each write sets); a write that leaves it alone is not
/// seen until the record is read again. Everything else — following writes from any thread,
/// connection or process, diffing off the main thread, stale results, reordering, anomalies —
/// is ``DatabaseStorage``'s, which this storage runs on the identities.
///
/// Pages are read on the main actor when a row is bound: give a `DatabasePool`, whose reads
/// never wait for a write, rather than a `DatabaseQueue`.
@MainActor
public final class LazyDatabaseStorage<Record, SectionKey>: SupplementaryStorage, BroadcastingStorage
where
    Record: FetchableRecord & Identifiable & Sendable, Record.ID: DatabaseValueConvertible & Sendable,
    SectionKey: Hashable & Sendable
{
    @usableFromInline typealias Identity = RecordIdentity<Record.ID, SectionKey>
    /// Reads the records with the given ids; those not found are left out.
    typealias RecordReader = @Sendable (Database, [Record.ID]) throws -> [Record]
    /// Reads the identity of the record with an id; nil when the request does not return it.
    typealias IdentityReader = @Sendable (Database, Record.ID) throws -> Identity?
    /// How to follow the identities of a request of the records.
    @usableFromInline typealias IdentityQueryMaker = @Sendable (QueryInterfaceRequest<Record>) -> IdentityQuery<Record.ID, SectionKey>

    /// The storage of identities this one shows the records of.
    let identities: DatabaseStorage<Identity, SectionKey>
    /// Reads records and identities for the request shown (replaced with it, see
    /// `LazyDatabaseStorage+ColumnSort.swift`).
    var readRecords: RecordReader
    var readIdentity: IdentityReader
    let identityQuery: IdentityQueryMaker
    /// The column of the records' ids.
    let idColumn: Column
    /// The request fetched now and the one whose result is shown, with their column sorts.
    var query: SortedQuery<Record>
    var shownQuery: SortedQuery<Record>
    /// What ``dropInsertion`` was set to.
    var currentDropInsertion: DatabaseInsertion<Record, SectionKey>?
    private var cache: RecordCache<Record.ID, Record>
    /// How an undo or redo writes records back (`.records` for a `PersistableRecord` holding
    /// every column); nil: writes inside a group clear the history. See
    /// `LazyDatabaseStorage+Undo.swift`.
    public var undoWriting: DatabaseUndoWriting<Record>? {
        didSet { identities.facadeUndoWriting = undoWriting }
    }
    /// How many records a page read around a row asks for.
    private let pageSize: Int

    /// How many full records the storage keeps read at most (the rows on screen and those near
    /// them); twice this many just after the cache turns over.
    public var cachedRecordCapacity: Int { cache.capacity }

    /// The number of full records read and kept now.
    package var cachedRecordCount: Int { cache.count }

    /// A storage showing the records of `request` from `database`, in sections by the value of
    /// `section`.
    ///
    /// - Parameters:
    ///   - database: a `DatabasePool` (best: page reads never wait for a write) or
    ///     `DatabaseQueue`; a `DatabaseWriter` to store reorders.
    ///   - request: the records and their order. The storage selects `id`, `section` and
    ///     `changeMarker` of it to follow, and filters it by id to read records; give no limit.
    ///   - id: the column of the records' ids.
    ///   - section: the column (or expression) of a record's section key.
    ///   - changeMarker: a column (or expression) whose value changes with every write to a
    ///     record.
    ///   - pageSize: how many records one read around a bound row asks for.
    ///   - cachedRecordCapacity: how many full records to keep read.
    ///   - reordering: how to write the order when the user moves a record, as for
    ///     ``DatabaseStorage``; nil when records cannot be moved.
    ///   - externalChangeInterval: how often to look for writes by other connections or
    ///     processes; nil never looks.
    ///   - handOff: how background results reach the main actor (`GLibMainActorHandOff()` in a
    ///     GTK application).
    /// - Throws: the request's error when it cannot run now.
    @inlinable
    public convenience init(
        _ database: any DatabaseReader,
        request: QueryInterfaceRequest<Record>,
        id: Column = Column("id"),
        sectionedBy section: any SQLSelectable,
        changeMarker: any SQLSelectable,
        pageSize: Int = 64,
        cachedRecordCapacity: Int = 1024,
        reordering: DatabaseReordering<Record.ID, SectionKey>? = nil,
        externalChangeInterval: Duration? = .milliseconds(250),
        handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) throws where SectionKey: DatabaseValueConvertible {
        let selection = [id.sqlSelection, changeMarker.sqlSelection, section.sqlSelection]
        try self.init(
            database, request: request, id: id,
            identities: { request in
                IdentityQuery(
                    request.select(selection, as: Row.self), id: id,
                    sectionOfRow: { row in try IdentityQuery<Record.ID, SectionKey>.decode(SectionKey.self, atIndex: 2, of: row) })
            },
            pageSize: pageSize, cachedRecordCapacity: cachedRecordCapacity, reordering: reordering,
            externalChangeInterval: externalChangeInterval, handOff: handOff)
    }

    @usableFromInline
    init(
        _ database: any DatabaseReader,
        request: QueryInterfaceRequest<Record>,
        id: Column,
        identities identityQuery: @escaping IdentityQueryMaker,
        pageSize: Int,
        cachedRecordCapacity: Int,
        reordering: DatabaseReordering<Record.ID, SectionKey>?,
        externalChangeInterval: Duration?,
        handOff: any MainActorHandOff
    ) throws {
        let query = identityQuery(request)
        let readRecords = Self.recordReader(of: request, id: id)
        identities = try DatabaseStorage(
            database,
            fetchingWith: query.fetchAll,
            sectionedBy: { $0.section },
            processing: query.processing,
            readCarriedModels: Self.carriedModelReader(readRecords),
            reordering: reordering, externalChangeInterval: externalChangeInterval, handOff: handOff)
        self.readRecords = readRecords
        readIdentity = query.fetchOne
        self.identityQuery = identityQuery
        idColumn = id
        self.query = SortedQuery(request: request)
        shownQuery = self.query
        self.pageSize = max(pageSize, 1)
        cache = RecordCache(capacity: max(cachedRecordCapacity, pageSize))
        identities.facade = self
        identities.willDeliverCarriedModels = { [weak self] models in
            guard let self else { return }
            for case let (id, record as Record) in models { cache.insert(record, for: id) }
        }
        // A change bringing more records than the cache holds carries none: the rows a host
        // shows read theirs by page, as rows bound while scrolling do.
        identities.carriedModelLimit = cache.capacity
        identities.readUncarriedModel = { [weak self] identity in self?.record(withID: identity.id) }
    }

    /// Reads the records of `request` with the given ids.
    static func recordReader(of request: QueryInterfaceRequest<Record>, id: Column) -> RecordReader {
        { db, ids in
            var records: [Record] = []
            records.reserveCapacity(ids.count)
            // Chunks stay far below SQLite's limit on bound parameters.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = ids[start..<min(start + 500, ids.count)]
                records += try request.filter(chunk.contains(id)).fetchAll(db)
            }
            return records
        }
    }

    /// Reads with `readRecords` the full records a change set brings, which it carries.
    static func carriedModelReader(_ readRecords: @escaping RecordReader) -> DatabaseStorage<Identity, SectionKey>.CarriedModelReader {
        { db, brought in
            let records = try readRecords(db, brought.map { $0.id })
            return Dictionary(records.map { ($0.id, $0 as any Sendable) }, uniquingKeysWith: { first, _ in first })
        }
    }

    // MARK: - Following the database

    /// Where failures after creation are reported: see ``DatabaseStorageAnomaly``. A page that
    /// cannot be read is reported as ``DatabaseStorageAnomaly/fetchFailed(reason:)``.
    public var anomalyHandler: AnomalyHandler<DatabaseStorageAnomaly> { identities.anomalyHandler }

    /// The database the request reads.
    public var database: any DatabaseReader { identities.database }

    /// True while a reorder is being written, or a result is being fetched, diffed, or waits
    /// to be.
    public var hasPendingChanges: Bool { identities.hasPendingChanges }

    /// Stops following the database; the list keeps what it shows, and rows bound later are
    /// still read.
    public func stopObserving() { identities.stopObserving() }

    /// The header model of each section, from its key; nil for no header.
    public var sectionHeader: ((SectionKey) -> Any?)? {
        get { identities.sectionHeader }
        set { identities.sectionHeader = newValue }
    }

    /// The models of other supplementary kinds of each section, from its key, by kind.
    public var sectionSupplementaries: [SupplementaryKind: (SectionKey) -> Any?] {
        get { identities.sectionSupplementaries }
        set { identities.sectionSupplementaries = newValue }
    }

    // MARK: - Reading

    /// The number of records shown.
    public var count: Int { identities.count }

    /// The key of each section, in order.
    public var sectionKeys: [SectionKey] { identities.sectionKeys }

    /// The id of the record at `indexPath`, without reading it; nil when there is none.
    public func id(at indexPath: IndexPath) -> Record.ID? {
        identities.record(at: indexPath)?.id
    }

    /// Where the record with `id` is shown, or nil.
    public func indexPath(ofID id: Record.ID) -> IndexPath? {
        identities.indexPath(ofID: id)
    }

    /// The record at `indexPath`: from the cache, or read with the page around it. Nil when
    /// there is none, when it was deleted since the list last changed (the change removing it is
    /// on its way), or when the read failed (reported).
    public func record(at indexPath: IndexPath) -> Record? {
        guard let id = id(at: indexPath) else { return nil }
        if let record = cache.record(for: id) { return record }
        readPage(around: indexPath)
        return cache.record(for: id)
    }

    /// The record with `id`: from the cache, or read with the page around where it shows. Nil
    /// when it shows no more or the read failed (reported).
    func record(withID id: Record.ID) -> Record? {
        if let record = cache.record(for: id) { return record }
        guard let indexPath = indexPath(ofID: id) else { return nil }
        readPage(around: indexPath)
        return cache.record(for: id)
    }

    /// The record with `id` if it was read and is kept, without reading it.
    func cachedRecord(withID id: Record.ID) -> Record? {
        cache.peek(id)
    }

    /// Reads the records not held yet of a page around `indexPath`, mostly after it (lists
    /// are read downwards more often than upwards).
    private func readPage(around shownIndexPath: IndexPath) {
        guard let indexPath = identities.drops.recordIndexPath(shownAt: shownIndexPath) else { return }
        let section = identities.records(inSection: indexPath.section)
        let start = max(indexPath.item - pageSize / 4, 0)
        let page = section[start..<min(start + pageSize, section.count)]
        let ids = page.map { $0.id }.filter { !cache.contains($0) }
        do {
            let readRecords = readRecords
            for record in try database.read({ db in try readRecords(db, ids) }) {
                cache.insert(record, for: record.id)
            }
        } catch {
            anomalyHandler.report(.fetchFailed(reason: String(describing: error)))
        }
    }

    // MARK: - Storage

    public var numberOfSections: Int { identities.numberOfSections }

    public func numberOfItems(inSection section: Int) -> Int {
        identities.numberOfItems(inSection: section)
    }

    public func item(at indexPath: IndexPath) -> Any? {
        identities.drops.entry(at: indexPath)?.model ?? record(at: indexPath)
    }

    public func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        identities.supplementaryModel(ofKind: kind, inSection: section)
    }

    /// The observers: the identity storage's, which tells them in this storage's name.
    public var broadcaster: UpdateBroadcaster { identities.broadcaster }
}

extension LazyDatabaseStorage: ReorderableStorage {
    /// Moves the record at `source` to `destination` and writes the new order: see
    /// ``DatabaseStorage/moveItem(at:to:)``.
    public func moveItem(at source: IndexPath, to destination: IndexPath) {
        identities.moveItem(at: source, to: destination)
    }
}

extension LazyDatabaseStorage where SectionKey == Unsectioned {
    /// A storage showing the records of `request` in one section (while there are records).
    /// See ``init(_:request:id:sectionedBy:changeMarker:pageSize:cachedRecordCapacity:reordering:externalChangeInterval:handOff:)``.
    @inlinable
    public convenience init(
        _ database: any DatabaseReader,
        request: QueryInterfaceRequest<Record>,
        id: Column = Column("id"),
        changeMarker: any SQLSelectable,
        pageSize: Int = 64,
        cachedRecordCapacity: Int = 1024,
        reordering: DatabaseReordering<Record.ID, SectionKey>? = nil,
        externalChangeInterval: Duration? = .milliseconds(250),
        handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) throws {
        let selection = [id.sqlSelection, changeMarker.sqlSelection]
        try self.init(
            database, request: request, id: id,
            identities: { request in IdentityQuery(request.select(selection, as: Row.self), id: id, sectionOfRow: { _ in .all }) },
            pageSize: pageSize, cachedRecordCapacity: cachedRecordCapacity, reordering: reordering,
            externalChangeInterval: externalChangeInterval, handOff: handOff)
    }
}
