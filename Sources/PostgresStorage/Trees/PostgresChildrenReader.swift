#if PostgreSQL
    import ModelStorage
    import PostgresNIO

    /// Reads a parent/child table (each row names its parent in a column) one level at a time:
    /// the roots, then the children of a row when it expands, for an `OutlineStorage` whose
    /// children provider reads them lazily. Each read is one query through an index on the
    /// parent column, whatever the table's size.
    ///
    /// ```swift
    /// let folders = try await PostgresChildrenReader<Folder>(database, table: "folders", parentColumn: "parent_id", sortedBy: [SortKey("name")])
    /// storage.childrenProvider = .async(mayHaveChildren: { $0.hasChildren }) { folder in
    ///     try await folders.children(of: [folder.record.id])
    /// }
    /// ```
    ///
    /// A level is read whole, up to ``limit`` rows; a row with more children shows the error
    /// ``PostgresStorageError/tooManyChildren(_:limit:)`` as its error row rather than a part
    /// of them. Index the parent column (`CREATE INDEX ON folders (parent_id)`): without an
    /// index, each level reads the table.
    public struct PostgresChildrenReader<Record: PostgresRecord & Hashable>: Sendable {
        /// The connection read through.
        public let database: PostgresSharedConnection
        /// The most rows a level is read with.
        public let limit: Int
        let table: TableDescription
        let parent: TableDescription.Column
        let query: KeysetQuery

        /// A reader of `table` (in `schema`, or the search path's) whose `parentColumn` holds
        /// the primary key of each row's parent (NULL for a root); each level in the order of
        /// `sort`, then the primary key.
        ///
        /// - Throws: ``PostgresStorageError``: the table missing, without a primary key of one
        ///   column, or without a column named.
        public init(
            _ database: PostgresSharedConnection, table: String, schema: String? = nil, parentColumn: String, sortedBy sort: [SortKey] = [],
            limit: Int = 100_000
        ) async throws(PostgresStorageError) {
            let relation = SQLRelation(schema: schema, table)
            let description = try await database.describe(relation)
            guard description.primaryKey.count == 1 else { throw .noPrimaryKey(relation.description) }
            guard let parent = description.column(named: parentColumn) else {
                throw .missingColumn(parentColumn, relation: relation.description)
            }
            // The page source checks the record's columns and the sort, and builds the order.
            let source = try PostgresPageSource<Record>(database, table: description, sortedBy: sort)
            self.database = database
            self.table = description
            self.parent = parent
            self.limit = max(limit, 1)
            query = source.query
        }

        /// The rows whose parent is the row with primary key `key` (the roots, whose parent is
        /// NULL, when nil), in order, each with whether it has children in turn.
        ///
        /// - Throws: ``PostgresStorageError``, ``PostgresStorageError/tooManyChildren(_:limit:)``
        ///   past ``limit``.
        public func children(of key: PostgresTableWriter.Value) async throws(PostgresStorageError) -> [PostgresTreeRow<Record>] {
            var builder = SQLBuilder()
            let column = SQLIdentifier(parent.name).quoted, relation = table.relation.quoted
            let keyColumn = SQLIdentifier(table.primaryKey[0]).quoted
            let condition: String
            if let key {
                do {
                    condition = "\(column) = \(try builder.bind(key))::\(parent.type)"
                } catch {
                    throw PostgresStorageError(error)
                }
            } else {
                condition = "\(column) IS NULL"
            }
            let hasChildren = "EXISTS (SELECT 1 FROM \(relation) glm_child WHERE glm_child.\(column) = \(relation).\(keyColumn))"
            builder.append(
                "SELECT \(query.selectList), \(hasChildren) AS glm_has_children FROM \(relation) WHERE \(condition)"
                    + " ORDER BY \(query.order.orderBy(alias: KeysetQuery.keyAlias)) LIMIT \(builder.bind(limit + 1))")
            let rows = try await database.rows(builder.query)
            guard rows.count <= limit else { throw .tooManyChildren(key.map { "\($0)" } ?? "the roots", limit: limit) }
            do {
                return try rows.map { row in
                    let cells = row.makeRandomAccess()
                    return PostgresTreeRow(try Record(row: cells), hasChildren: try cells["glm_has_children"].decode(Bool.self))
                }
            } catch {
                throw PostgresStorageError(error)
            }
        }
    }
#endif
