#if PostgreSQL
    import ModelStorage
    import PostgresNIO

    /// A table or view of a PostgreSQL database as a `PagedStorage`'s source: its rows in an
    /// order read a page at a time by keyset (the sort's columns, then the primary key), never by
    /// `OFFSET`, so a page ten million rows deep costs what the first does.
    ///
    /// ```swift
    /// let database = PostgresSharedConnection(try PostgresConnectionSettings.fromEnvironment())
    /// let tickets = try await PostgresPageSource<Ticket>(database, table: "tickets", sortedBy: [SortKey("updated_at", ascending: false)])
    /// let storage = PagedStorage(source: tickets, handOff: GLibMainActorHandOff())
    /// ```
    ///
    /// The count comes from the planner's estimate at once (`pg_class.reltuples`; 0 for a table never
    /// analyzed), then from `count(*)`. A jump reads from keys sampled with `TABLESAMPLE SYSTEM`.
    /// Sorting by a column no b-tree index starts with works, but the server then sorts every row
    /// for each page: ``sortsThroughIndex`` says which it is.
    public struct PostgresPageSource<Record: PostgresRecord>: PageSource {
        /// The database read.
        public let database: PostgresSharedConnection
        /// The order, its first key first; the primary key breaks ties after it.
        public let sort: [SortKey]
        let table: TableDescription
        let query: KeysetQuery
        /// Whose reads these are on the shared connection: each order and filter its own.
        let reader = PostgresSharedConnection.Reader()

        /// The rows of `table` (in `schema`, or the search path's), ordered by `sort` (column
        /// names), then by the primary key.
        ///
        /// - Throws: ``PostgresStorageError``: the table missing, without a primary key, without a
        ///   column `Record` reads or `sort` names, or the server unreachable.
        public init(_ database: PostgresSharedConnection, table: String, schema: String? = nil, sortedBy sort: [SortKey] = [])
            async throws(PostgresStorageError)
        {
            let relation = SQLRelation(schema: schema, table)
            let description = try await database.describe(relation)
            try self.init(database, table: description, sortedBy: sort)
        }

        init(_ database: PostgresSharedConnection, table: TableDescription, sortedBy sort: [SortKey], filter: PostgresFilter? = nil)
            throws(PostgresStorageError)
        {
            guard !table.primaryKey.isEmpty else { throw .noPrimaryKey(table.relation.description) }
            let columns = Record.columns.isEmpty ? table.columns.map(\.name) : Record.columns
            for name in columns + sort.map(\.column) + (filter?.columns ?? []) where table.column(named: name) == nil {
                throw .missingColumn(name, relation: table.relation.description)
            }
            let sortColumns = sort.map { key in
                KeysetColumn(
                    name: SQLIdentifier(key.column), ascending: key.ascending, isNullable: table.column(named: key.column)!.isNullable)
            }
            self.database = database
            self.sort = sort
            self.table = table
            query = KeysetQuery(
                relation: table.relation, columns: columns.map(SQLIdentifier.init), readsColumnsAsText: Record.readsColumnsAsText,
                order: KeysetOrder(sort: sortColumns, uniqueKey: table.primaryKey.map(SQLIdentifier.init)), filter: filter)
        }

        /// The columns each row is read with: the record's, or every column of the table for a
        /// record that names none (``PostgresTextRecord``).
        public var columns: [String] { query.columns.map(\.name) }

        /// The primary key's columns, in the key's order: what finds a row to write
        /// (``PostgresTableWriter``).
        public var primaryKey: [String] { table.primaryKey }

        /// The columns of ``columns`` that hold text (`text`, `character varying`, `character`):
        /// those a ``PostgresFilter/contains(_:in:)`` of what the user types reads.
        public var textColumns: [String] {
            columns.filter { name in
                guard let type = table.column(named: name)?.type else { return false }
                return type == "text" || type.hasPrefix("character")
            }
        }

        /// Whether a b-tree index starts with `column`, so that sorting by it reads each page
        /// through the index; a sort by another column sorts the table for each page.
        public func sortsThroughIndex(by column: String) -> Bool {
            table.indexLeadingColumns.contains(column)
        }

        /// The rows shown; nil for all of the table's.
        public var filter: PostgresFilter? { query.filter }

        /// The same rows in another order.
        ///
        /// - Throws: ``PostgresStorageError/missingColumn(_:relation:)`` for a column the table lacks.
        public func sorted(by sort: [SortKey]) throws(PostgresStorageError) -> PostgresPageSource {
            try PostgresPageSource(database, table: table, sortedBy: sort, filter: filter)
        }

        /// The rows `filter` keeps (all of them when nil), in the same order: the server filters
        /// them, so reading a page costs what it does unfiltered when an index answers the filter
        /// (``PostgresFilter``).
        ///
        /// - Throws: ``PostgresStorageError/missingColumn(_:relation:)`` for a column the table lacks.
        public func filtered(by filter: PostgresFilter?) throws(PostgresStorageError) -> PostgresPageSource {
            try PostgresPageSource(database, table: table, sortedBy: sort, filter: filter)
        }

        /// Whether an index starts with the order's first column, so that a page is read through
        /// the index rather than by sorting the table.
        public var sortsThroughIndex: Bool { sortsThroughIndex(by: query.order.columns[0].name.name) }

        // MARK: - PageSource

        public func rows(beyond key: PostgresRowKey?, direction: PageDirection, limit: Int) async throws
            -> [KeyedRow<Record, PostgresRowKey>]
        {
            try await read(query.page(beyond: key, before: direction == .backward, limit: limit))
        }

        /// A page of this order or filter still running stops (its connection is left to finish
        /// or be cancelled), so that the next source's pages never wait behind it.
        public func abandonReads() {
            // Marked at once: the next source's queries, sent after this, never queue behind
            // this one's; the cancel follows.
            reader.abandon()
            let database = database
            Task { await database.letGoOfAbandonedReads() }
        }

        public func rows(startingAt key: PostgresRowKey, limit: Int) async throws -> [KeyedRow<Record, PostgresRowKey>] {
            try await read(query.page(beyond: key, including: true, limit: limit))
        }

        public func rowID(of key: PostgresRowKey) -> PostgresRowID { query.order.id(of: key) }

        private func read(_ page: PostgresQuery) async throws(PostgresStorageError) -> [KeyedRow<Record, PostgresRowKey>] {
            let rows = try await database.rows(page, for: reader)
            do {
                return try rows.map { row in KeyedRow(try Record(row: row.makeRandomAccess()), key: query.key(of: row)) }
            } catch {
                throw PostgresStorageError(error)
            }
        }

        public func landmarks(count: Int) async throws -> [PostgresRowKey] {
            let estimate = try await estimatedCount()
            return try await database.rows(query.landmarks(sampleRows: count, estimatedCount: estimate), for: reader).map(query.key(of:))
        }

        /// The planner's estimate: the table's row count, or the rows its plan expects the filter
        /// to keep.
        public func estimatedCount() async throws -> Int {
            guard filter != nil else {
                let rows = try await database.rows(query.estimatedCount())
                return try max(0, Int(rows.first?.decode(Int64.self) ?? 0))
            }
            let plan = try await database.rows(query.filteredEstimate()).first?.decode(String.self) ?? "[]"
            return PlanEstimate(json: plan)?.rows ?? 0
        }

        /// Whether the source shows every row of its table: a filtered one does not, so its count
        /// is read again after a change.
        public var includesEveryRow: Bool { filter == nil }

        public func exactCount() async throws -> Int {
            let rows = try await database.rows(query.exactCount(), on: .counts, for: reader)
            return try Int(rows.first?.decode(Int64.self) ?? 0)
        }
    }
#endif
