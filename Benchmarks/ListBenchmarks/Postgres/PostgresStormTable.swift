#if PostgreSQL
    import PostgresNIO
    import PostgresStorage

    /// The storm part's table, `glm_bench_storm`: a copy of a bench table (its million generated
    /// tickets) made at the start of the part and dropped at its end, so the other parts' tables are
    /// never written. Its primary key, an index on `(priority, id)` that answers the list by
    /// priority, and one on `updated_at`, which every update sets; not the bench table's trigram
    /// and status indexes, which no list here reads. Its change feed is installed with
    /// `PostgresChangeFeed`, as an app's migration would.
    struct PostgresStormTable: Sendable {
        static let name = "glm_bench_storm"
        /// The table copied.
        let source: PostgresBenchTable

        var feed: PostgresChangeFeed { PostgresChangeFeed(table: Self.name) }

        /// Drops what an earlier run may have left, copies the source (made first if missing),
        /// indexes and vacuums the copy, and installs its change feed.
        func make(on database: PostgresSharedConnection) async throws {
            _ = try await source.makeIfMissing(on: database)
            let name = Self.name, from = source.name
            try await database.withConnection { connection in
                let logger = Logger(label: "list-benchmarks")
                for statement in [
                    "DROP TABLE IF EXISTS \(name)",
                    "CREATE TABLE \(name) (LIKE \(from) INCLUDING DEFAULTS)",
                    "INSERT INTO \(name) SELECT * FROM \(from)",
                    "ALTER TABLE \(name) ADD PRIMARY KEY (id)",
                    "CREATE INDEX ON \(name) (priority, id)",
                    "CREATE INDEX ON \(name) (updated_at)",
                    "VACUUM (ANALYZE) \(name)",
                ] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
            try await feed.install(on: database)
        }

        /// Drops the table, its triggers with it (the feed's function and sequence stay: other
        /// tables' feeds share them).
        func drop(on database: PostgresSharedConnection) async throws {
            _ = try await database.withConnection { connection in
                try await connection.query("DROP TABLE IF EXISTS \(unescaped: Self.name)", logger: Logger(label: "list-benchmarks"))
            }
        }

        /// `SELECT count(*)`.
        func count(on database: PostgresSharedConnection) async throws -> Int {
            try await database.withConnection { connection in
                let rows = try await connection.query(
                    "SELECT count(*) FROM \(unescaped: Self.name)", logger: Logger(label: "list-benchmarks")
                )
                .collect()
                return Int(try rows.first?.decode(Int64.self) ?? 0)
            }
        }

        /// The highest id: the writers' inserts take the ids after it.
        func highestID(on database: PostgresSharedConnection) async throws -> Int64 {
            try await database.withConnection { connection in
                let rows = try await connection.query(
                    "SELECT max(id) FROM \(unescaped: Self.name)", logger: Logger(label: "list-benchmarks")
                )
                .collect()
                return try rows.first?.decode(Int64?.self) ?? 0
            }
        }

        /// The rows at `offset` … `offset + limit - 1` in `order`, as the lists' records: what a
        /// list must show at those positions (`OFFSET` reads every row before: for checking only).
        func rows(_ order: PostgresStormOrder, offset: Int, limit: Int, on database: PostgresSharedConnection) async throws
            -> [BenchTicket]
        {
            let columns = BenchTicket.columns.joined(separator: ", ")
            return try await database.withConnection { connection in
                let rows = try await connection.query(
                    "SELECT \(unescaped: columns) FROM \(unescaped: Self.name) ORDER BY \(unescaped: order.orderBy) OFFSET \(offset) LIMIT \(limit)",
                    logger: Logger(label: "list-benchmarks")
                ).collect()
                return try rows.map { try BenchTicket(row: $0.makeRandomAccess()) }
            }
        }

        /// How many rows come before `ticket` in `order`: the position it has in the table.
        func rank(of ticket: BenchTicket, in order: PostgresStormOrder, on database: PostgresSharedConnection) async throws -> Int {
            try await database.withConnection { connection in
                let rows = try await connection.query(
                    "SELECT count(*) FROM \(unescaped: Self.name) WHERE \(unescaped: order.before(ticket))",
                    logger: Logger(label: "list-benchmarks")
                ).collect()
                return Int(try rows.first?.decode(Int64.self) ?? 0)
            }
        }
    }
#endif
