import GRDB
import ModelStorage

/// A search field over a big table: the rows of a ``LazyDatabaseStorage`` narrowed, in memory,
/// to the records an SQLite FTS5 index finds for what the user typed.
///
/// ```swift
/// let books = try LazyDatabaseStorage<Book, String>(pool, request: Book.order(Column("shelf"), Column("position")), …)
/// let shown = FilteredStorage(keysOf: books, handOff: GLibMainActorHandOff())
/// let search = FullTextFilter(FullTextSearch(index: "book_ft"), filtering: shown, in: pool, handOff: GLibMainActorHandOff())
/// let manager = ListManager(host: .virtualized, storage: shown)
/// searchEntry.onChange { text in search.setText(text) }
/// ```
///
/// Each new text asks the index alone for the ids that match (off the main thread), and the
/// filtered storage scans the ids it holds against them: the table's request is not run again,
/// and no record is read but those of the rows shown. The rows that still match keep their
/// widgets and their selection; a new text supersedes one still being searched.
///
/// ``FullTextSearch/request(_:matching:)`` handed to ``LazyDatabaseStorage/setRequest(_:readingRecordsWith:completion:)``
/// gives the same rows, but fetches and diffs the identities of every match again: that costs
/// seconds when a keystroke brings back most of a million records. Here it costs the index's
/// query and a scan of the ids. Give the FTS5 table prefix indexes for the shortest words
/// (`table.prefixes = [1, 2]`): without them, a one-character prefix merges the entries of every
/// word that starts with it.
///
/// - **Writes to the table**: the filtered storage maps the base's changes at once, with the ids
///   found before, then the search runs again with the new content: a record written to match
///   (or to stop matching) shows (or goes) after that search, a few milliseconds to a few
///   hundred later.
/// - **A failed search** (a locked or corrupt database, a missing index) is reported to
///   ``anomalyHandler`` as ``DatabaseStorageAnomaly/fetchFailed(reason:)``, and shows no rows
///   until a search succeeds: never the rows of an older text.
@MainActor
public final class FullTextFilter<ID: DatabaseValueConvertible & Hashable & Sendable> {
    /// The index searched.
    public let search: FullTextSearch
    /// The storage whose filter follows the text.
    public let storage: FilteredStorage<ID>
    /// The database of the index.
    public let database: any DatabaseReader
    /// The text searched for; empty shows every row.
    public private(set) var text = ""
    /// Where a search that failed is reported.
    public let anomalyHandler = AnomalyHandler<DatabaseStorageAnomaly>()
    private let handOff: any MainActorHandOff
    /// The table's changes: the ids found before may miss a record just written.
    private lazy var tableObservation = ObservationRelay(self) { filter, _, _ in
        filter.tableDidChange()
    } needsReload: { filter, _ in
        filter.tableDidChange()
    }
    /// The filter of a text, read from the index: specialized for `ID`, made where it is known
    /// (CONTRIBUTING, Hot paths: 7), since it runs on every id.
    @usableFromInline typealias FilterFinder = @Sendable (Database, String) throws -> FilteredStorage<ID>.Filter?
    private let findFilter: FilterFinder

    /// Searches `search`'s index in `database` for the text set, and shows in `storage` the rows
    /// whose ids it finds.
    ///
    /// - Parameters:
    ///   - search: the FTS5 index of the records' table, whose rowids are the ids `storage`
    ///     filters by.
    ///   - storage: a filtered storage of the records' ids, usually made with
    ///     `FilteredStorage(keysOf: lazyStorage)`. Its filter is this search's from now on.
    ///   - database: the database of the index.
    ///   - handOff: how failures reach the main actor (`GLibMainActorHandOff()` in a GTK
    ///     application).
    @inlinable
    public convenience init(
        _ search: FullTextSearch, filtering storage: FilteredStorage<ID>, in database: any DatabaseReader,
        handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) {
        self.init(
            search, filtering: storage, in: database, handOff: handOff,
            findingFilterWith: { db, text in
                guard let ids = try search.matchingRowIDs(of: text, in: db, as: ID.self) else { return nil }
                if ID.self == Int64.self {
                    let rowIDs = RowIDSet(ids as! [Int64])
                    return { rowIDs.contains($0 as! Int64) }
                }
                if ID.self == Int.self {
                    let rowIDs = RowIDSet((ids as! [Int]).map(Int64.init))
                    return { rowIDs.contains(Int64($0 as! Int)) }
                }
                let found = Set(ids)
                return { found.contains($0) }
            })
    }

    @usableFromInline
    init(
        _ search: FullTextSearch, filtering storage: FilteredStorage<ID>, in database: any DatabaseReader,
        handOff: any MainActorHandOff, findingFilterWith findFilter: @escaping FilterFinder
    ) {
        self.findFilter = findFilter
        self.search = search
        self.storage = storage
        self.database = database
        self.handOff = handOff
        storage.base.addObserver(tableObservation)
    }

    /// Shows the rows whose indexed text matches `text` (every word as the start of a word, see
    /// ``FullTextSearch``); empty text shows every row.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - completion: runs on the main actor once this text, or a newer one, is shown.
    public func setText(_ text: String, completion: (@MainActor () -> Void)? = nil) {
        self.text = text
        searchAgain(completion: completion)
    }

    /// Asks the storage for the filter of ``text``, worked out off the main thread.
    private func searchAgain(completion: (@MainActor () -> Void)? = nil) {
        let findFilter = findFilter, text = text, database = database, handOff = handOff
        storage.setFilter(
            preparedBy: {
                do {
                    return try database.read { db in try findFilter(db, text) }
                } catch {
                    let reason = String(describing: error)
                    handOff.handOff { [weak self] in self?.anomalyHandler.report(.fetchFailed(reason: reason)) }
                    return { _ in false }
                }
            }, completion: completion)
    }

    // MARK: - The table's changes

    /// The ids found before may miss a record just written: search again.
    private func tableDidChange() {
        if !text.allSatisfy(\.isWhitespace) { searchAgain() }
    }
}
