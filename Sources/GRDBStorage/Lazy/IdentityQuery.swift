import GRDB

/// How ``LazyDatabaseStorage`` reads identities: all of them for each result, or the one of a
/// record it just inserted. Made where the id and section types are known (its public
/// `@inlinable` initializers), so that reading a hundred thousand rows runs specialized, as do
/// the grouping and the diff of ``processing``.
@usableFromInline
struct IdentityQuery<ID: DatabaseValueConvertible & Hashable & Sendable, SectionKey: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Identity = RecordIdentity<ID, SectionKey>

    /// Every identity the request returns, in its order.
    @usableFromInline let fetchAll: @Sendable (Database) throws -> [Identity]
    /// The identity of the record with an id, or nil when the request does not return it.
    @usableFromInline let fetchOne: @Sendable (Database, ID) throws -> Identity?
    /// What the storage does with each result of `fetchAll`.
    @usableFromInline let processing: ResultProcessing<Identity, SectionKey>

    /// Reads `request`, whose columns are the id, the change marker and what
    /// `sectionOfRow` reads the section from, in that order.
    @inlinable
    init(_ request: QueryInterfaceRequest<Row>, id: Column, sectionOfRow: @escaping @Sendable (Row) throws -> SectionKey) {
        let identity: @Sendable (Row) throws -> Identity = { row in
            Identity(id: try Self.decode(ID.self, atIndex: 0, of: row), section: try sectionOfRow(row), changeMarker: row[1])
        }
        fetchAll = { db in
            var identities: [Identity] = []
            let rows = try request.fetchCursor(db)
            while let row = try rows.next() { identities.append(try identity(row)) }
            return identities
        }
        fetchOne = { db, recordID in
            try request.filter(id == recordID.databaseValue).fetchOne(db).map(identity)
        }
        processing = ResultProcessing(sectionKey: { $0.section })
    }

    /// The value of column `index` of `row`. Integers and strings, what ids and section keys
    /// usually are, are read straight from SQLite (specialized code keeps only their branch);
    /// other types go through a `DatabaseValue`.
    @inlinable
    static func decode<Value: DatabaseValueConvertible>(_: Value.Type, atIndex index: Int, of row: Row) throws -> Value {
        if Value.self == Int64.self { return try row.decode(Int64.self, atIndex: index) as! Value }
        if Value.self == Int.self { return try row.decode(Int.self, atIndex: index) as! Value }
        if Value.self == String.self { return try row.decode(String.self, atIndex: index) as! Value }
        return try row.decode(Value.self, atIndex: index)
    }
}
