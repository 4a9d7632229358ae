#if PostgreSQL
    import PostgresNIO

    /// A record a PostgreSQL storage shows: the columns it is read from, and how it is made from
    /// their values.
    ///
    /// ```swift
    /// struct Ticket: PostgresRecord {
    ///     static let columns = ["id", "title", "status"]
    ///     let id: Int64, title: String, status: String
    ///
    ///     init(row: PostgresRandomAccessRow) throws {
    ///         id = try row["id"].decode(Int64.self)
    ///         title = try row["title"].decode(String.self)
    ///         status = try row["status"].decode(String.self)
    ///     }
    /// }
    /// ```
    public protocol PostgresRecord: Sendable {
        /// The columns read, by their names in the table; empty for every column of the table, in
        /// its order.
        static var columns: [String] { get }
        /// Whether the columns are read as text, as PostgreSQL writes each type (`::text`):
        /// for a record that shows any table (``PostgresTextRecord``). False by default.
        static var readsColumnsAsText: Bool { get }
        /// The record of `row`, which holds ``columns`` by name (and the storage's own columns after
        /// them). Throwing makes the page it is in fail to read, with this error.
        init(row: PostgresRandomAccessRow) throws
    }

    extension PostgresRecord {
        public static var readsColumnsAsText: Bool { false }
    }
#endif
