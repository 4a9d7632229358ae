#if PostgreSQL
    import PostgresNIO

    /// Writes the rows of one table: edits, insertions, deletions and moves, each one statement,
    /// so each is one transaction that the server applies whole or not at all. A storage
    /// following the table's change feed shows what was written, in every client.
    ///
    /// ```swift
    /// let writer = try await PostgresTableWriter(database, table: "tickets")
    /// try await writer.update(rowWithKey: [ticket.id], set: ["title": "Printer fixed"], expecting: ["title": ticket.title])
    /// ```
    ///
    /// Values are bound, never written into the SQL, and cast to their column's type on the server
    /// (`$1::bigint`), so text read with ``PostgresTextRecord`` writes back into any column. A
    /// row is found by its primary key's values, in the key's order.
    ///
    /// What can go wrong, each thrown as ``PostgresStorageError`` with nothing written:
    /// - the row changed or was deleted since it was read (`expecting` no longer holds):
    ///   ``PostgresStorageError/conflict(_:)``;
    /// - a constraint refused the values: ``PostgresStorageError/server(message:code:)`` with
    ///   the server's words and SQLSTATE (`23505` a duplicate key, `23514` a check);
    /// - a column the table lacks: ``PostgresStorageError/missingColumn(_:relation:)``.
    public struct PostgresTableWriter: Sendable {
        /// A value written: any value PostgresNIO encodes (a `String`, an `Int64`, a `Date`, …);
        /// nil writes NULL.
        public typealias Value = (any PostgresThrowingDynamicTypeEncodable & Sendable)?

        /// The connection written through.
        public let database: PostgresSharedConnection
        let table: TableDescription

        /// A writer of `table` (in `schema`, or the search path's).
        ///
        /// - Throws: ``PostgresStorageError``: the table missing or without a primary key.
        public init(_ database: PostgresSharedConnection, table: String, schema: String? = nil) async throws(PostgresStorageError) {
            let relation = SQLRelation(schema: schema, table)
            let description = try await database.describe(relation)
            guard !description.primaryKey.isEmpty else { throw .noPrimaryKey(relation.description) }
            self.database = database
            self.table = description
        }

        /// Sets `values` (column → value) of the row whose primary key is `key`, only if the
        /// columns of `expected` still hold those values (as read): a user's edit never
        /// overwrites what another client wrote meanwhile.
        ///
        /// - Throws: ``PostgresStorageError/conflict(_:)`` when the row is gone or changed.
        public func update(rowWithKey key: [Value], set values: [String: Value], expecting expected: [String: Value] = [:])
            async throws(PostgresStorageError)
        {
            var builder = SQLBuilder()
            let assignments = try bound(values, in: &builder).map { "\($0.column) = \($0.placeholder)" }
            guard !assignments.isEmpty else { return }
            var conditions = [try keyCondition(key, in: &builder)]
            conditions += try bound(expected, in: &builder).map { "\($0.column) IS NOT DISTINCT FROM \($0.placeholder)" }
            builder.append(
                "UPDATE \(table.relation.quoted) SET \(assignments.joined(separator: ", ")) WHERE \(conditions.joined(separator: " AND ")) RETURNING 1"
            )
            guard try await database.rows(builder.query).count == 1 else {
                throw .conflict("the row was changed or deleted since it was read: nothing was written")
            }
        }

        /// Inserts a row of `values` (column → value); the columns left out take their defaults.
        public func insert(_ values: [String: Value]) async throws(PostgresStorageError) {
            var builder = SQLBuilder()
            let columns = try bound(values, in: &builder)
            builder.append(
                "INSERT INTO \(table.relation.quoted) (\(columns.map(\.column).joined(separator: ", "))) VALUES (\(columns.map(\.placeholder).joined(separator: ", ")))"
            )
            _ = try await database.rows(builder.query)
        }

        /// Deletes the rows whose primary keys are `keys`, all or none; returns how many there
        /// were (rows already deleted are not counted).
        @discardableResult
        public func delete(rowsWithKeys keys: [[Value]]) async throws(PostgresStorageError) -> Int {
            guard !keys.isEmpty else { return 0 }
            var builder = SQLBuilder()
            let conditions = try keys.map { key throws(PostgresStorageError) in "(\(try keyCondition(key, in: &builder)))" }
            builder.append("DELETE FROM \(table.relation.quoted) WHERE \(conditions.joined(separator: " OR ")) RETURNING 1")
            return try await database.rows(builder.query).count
        }

        /// Moves the row `key` between the rows `after` and `before` of an order kept in
        /// `orderColumn` (a `numeric` or `double precision` column): the row's order value
        /// becomes halfway between theirs (one less than `before`'s first, one more than
        /// `after`'s last), so a move writes one row, whatever the list's length.
        ///
        /// - Throws: ``PostgresStorageError/conflict(_:)`` when one of the rows is gone.
        public func move(rowWithKey key: [Value], orderColumn: String, after: [Value]?, before: [Value]?)
            async throws(PostgresStorageError)
        {
            guard let column = table.column(named: orderColumn) else {
                throw .missingColumn(orderColumn, relation: table.relation.description)
            }
            let order = SQLIdentifier(column.name).quoted, relation = table.relation.quoted
            var builder = SQLBuilder()
            func orderValue(of key: [Value]) throws(PostgresStorageError) -> String {
                "(SELECT \(order) FROM \(relation) WHERE \(try keyCondition(key, in: &builder)))"
            }
            let value: String
            switch (after, before) {
            case (let after?, let before?): value = "(\(try orderValue(of: after)) + \(try orderValue(of: before))) / 2"
            case (let after?, nil): value = "\(try orderValue(of: after)) + 1"
            case (nil, let before?): value = "\(try orderValue(of: before)) - 1"
            case (nil, nil): value = "0"
            }
            let condition = try keyCondition(key, in: &builder)
            builder.append("UPDATE \(relation) SET \(order) = \(value) WHERE \(condition) AND \(value) IS NOT NULL RETURNING 1")
            guard try await database.rows(builder.query).count == 1 else {
                throw .conflict("the row or one beside its new place was deleted: nothing was moved")
            }
        }

        // MARK: - SQL

        /// Each column of `values` (by name, for a statement the same every time) with the
        /// placeholder of its value, cast to the column's type.
        private func bound(_ values: [String: Value], in builder: inout SQLBuilder) throws(PostgresStorageError)
            -> [(column: String, placeholder: String)]
        {
            try values.keys.sorted().map { name throws(PostgresStorageError) in
                guard let column = table.column(named: name) else { throw .missingColumn(name, relation: table.relation.description) }
                return (SQLIdentifier(name).quoted, try placeholder(values[name]!, of: column, in: &builder))
            }
        }

        /// The condition that finds the row whose primary key is `key`.
        private func keyCondition(_ key: [Value], in builder: inout SQLBuilder) throws(PostgresStorageError) -> String {
            guard key.count == table.primaryKey.count else {
                throw .invalidKey("a row of \(table.relation) is found by \(table.primaryKey.count) key value(s), not \(key.count)")
            }
            return try zip(table.primaryKey, key).map { name, value throws(PostgresStorageError) in
                "\(SQLIdentifier(name).quoted) = \(try placeholder(value, of: table.column(named: name)!, in: &builder))"
            }.joined(separator: " AND ")
        }

        private func placeholder(_ value: Value, of column: TableDescription.Column, in builder: inout SQLBuilder)
            throws(PostgresStorageError) -> String
        {
            do {
                return "\(try builder.bind(value))::\(column.type)"
            } catch {
                throw PostgresStorageError(error)
            }
        }
    }
#endif
