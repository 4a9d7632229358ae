#if PostgreSQL
    import PostgresNIO

    /// A row of any table: every column's value as PostgreSQL writes it as text, nil for NULL,
    /// in the table's order. For showing a table whose columns the app does not know in advance
    /// (an admin console, a database browser); the source's `columns` names them.
    ///
    /// ```swift
    /// let anyTable = try await PostgresPageSource<PostgresTextRecord>(database, table: name)
    /// let titles = anyTable.columns
    /// ```
    public struct PostgresTextRecord: PostgresRecord, Hashable {
        /// Every column of the table.
        public static var columns: [String] { [] }
        public static var readsColumnsAsText: Bool { true }

        /// The values, one per column of the source's `columns`.
        public let values: [String?]

        /// A record of `values`.
        public init(values: [String?]) { self.values = values }

        public init(row: PostgresRandomAccessRow) throws {
            var values: [String?] = []
            // The storage's own columns come after the table's, named glm_…
            for cell in row where !cell.columnName.hasPrefix("glm_") { values.append(try cell.decode(String?.self)) }
            self.values = values
        }
    }
#endif
