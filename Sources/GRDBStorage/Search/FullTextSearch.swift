import GRDB

/// A search field over a database storage, through an SQLite FTS5 table that indexes the text of
/// the records' table: the request narrowed to the records that match what the user typed, to
/// hand to `setRequest` (the storage is not replaced, the rows that still match stay).
///
/// ```swift
/// try db.create(virtualTable: "book_ft", using: FTS5()) { table in
///     table.synchronize(withTable: "book")        // kept up to date by triggers
///     table.column("title")
/// }
/// let search = FullTextSearch(index: "book_ft")
/// storage.setRequest(search.request(Book.order(Column("shelf"), Column("position")), matching: typed))
/// ```
///
/// A ``LazyDatabaseStorage`` reads the records of its rows by id, a page at a time: hand it the
/// request without the search for those reads, so that each page does not run the search again
/// (`lazyStorage.setRequest(search.request(books, matching: typed), readingRecordsWith: books)`).
///
/// What the user typed matches as GTK users expect of a search field: every word, as the start of
/// a word of the indexed text, in any column and any order ("deb pack" finds "debian-packaging
/// tools"), case-insensitively (and without diacritics when the index's tokenizer removes them,
/// `unicode61`'s default). Empty text (or only spaces) leaves the request as it is; text with no
/// word in it (only punctuation) matches nothing.
public struct FullTextSearch: Sendable {
    /// The FTS5 table that indexes the records' table, its `rowid`s the records'.
    public let index: String

    /// A search through the FTS5 table `index`, which must index the records' table (an
    /// external-content table, `synchronize(withTable:)`, or one whose rowids are the records').
    public init(index: String) {
        self.index = index
    }

    /// The ids of the records whose indexed text matches `text`, as ``request(_:matching:)``
    /// matches it; nil for empty text (every record matches). Reads only the index.
    @inlinable
    public func matchingIDs<ID: DatabaseValueConvertible & Hashable>(of text: String, as _: ID.Type = ID.self, in db: Database) throws
        -> Set<ID>?
    {
        guard let ids = try matchingRowIDs(of: text, in: db, as: ID.self) else { return nil }
        return Set(ids)
    }

    /// The rowids of the records whose indexed text matches `text`, in no order; nil for empty
    /// text.
    @inlinable
    func matchingRowIDs<ID: DatabaseValueConvertible>(of text: String, in db: Database, as _: ID.Type) throws -> [ID]? {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return [] }
        let sql = "SELECT rowid FROM \(index.quotedDatabaseIdentifier) WHERE \(index.quotedDatabaseIdentifier) MATCH ?"
        // Integer ids, what rowids are, are read straight from SQLite (specialized code keeps
        // only this branch); a hundred thousand matches decoded through `DatabaseValue` take
        // several times as long.
        guard ID.self == Int64.self || ID.self == Int.self else { return try ID.fetchAll(db, sql: sql, arguments: [pattern]) }
        var ids: [ID] = []
        let rowIDs = try Int64.fetchCursor(db, sql: sql, arguments: [pattern])
        while let rowID = try rowIDs.next() { ids.append(ID.self == Int64.self ? rowID as! ID : Int(rowID) as! ID) }
        return ids
    }

    /// `request`, narrowed to the records whose indexed text matches `text`; its order, and any
    /// other filter, kept.
    public func request<Record: TableRecord>(_ request: QueryInterfaceRequest<Record>, matching text: String)
        -> QueryInterfaceRequest<Record>
    {
        guard !text.allSatisfy(\.isWhitespace) else { return request }
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else { return request.none() }
        let table = Record.databaseTableName
        return request.filter(
            sql:
                "\(table.quotedDatabaseIdentifier).rowid IN (SELECT rowid FROM \(index.quotedDatabaseIdentifier) WHERE \(index.quotedDatabaseIdentifier) MATCH ?)",
            arguments: [pattern])
    }
}
