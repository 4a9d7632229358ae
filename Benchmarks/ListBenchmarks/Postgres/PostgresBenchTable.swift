#if PostgreSQL
    import PostgresNIO
    import PostgresStorage

    /// The benchmark's table: the sample viewer's generated tickets (`--postgres-demo`, the same
    /// columns, values and indexes), at a size of the benchmark's choosing, made once with
    /// `generate_series` and kept between runs, as making ten million rows takes minutes. Its rows
    /// follow a formula, so what a screen of them must show is known without asking the server.
    struct PostgresBenchTable: Sendable {
        let rows: Int

        /// `glm_bench_tickets_10m`, `glm_bench_tickets_1m`, or the count for another size.
        var name: String {
            rows % 1_000_000 == 0 ? "glm_bench_tickets_\(rows / 1_000_000)m" : "glm_bench_tickets_\(rows)"
        }

        /// The notifications the change part follows, installed by the parent once per run.
        var feed: PostgresChangeFeed { PostgresChangeFeed(table: name) }

        /// The rows the change part touches (updates, inserts and deletes near the top), made as
        /// generated again before and after it: any ticket whose id is at most this.
        static let touchedRows = 200

        // MARK: - What the rows hold

        static let subjects = ["Printer", "Login", "Invoice", "Backup", "Laptop", "VPN", "Mail", "Badge"]
        static let complaints = ["fails", "is slow", "needs a look", "asks for a password", "stopped", "is missing"]

        /// The title of ticket `id` as generated.
        static func title(of id: Int64) -> String {
            "\(subjects[Int(id % 8)]) \(complaints[Int(id % 6)]) #\(id)"
        }

        /// The priority of ticket `id` as generated.
        static func priority(of id: Int64) -> Int32 { Int32((id * 31) % 5 + 1) }

        /// The generated rows for the ids `series` gives (a `generate_series(…) i`): the viewer's
        /// demo table's values.
        static func generated(_ series: String) -> String {
            """
            SELECT i,
                (ARRAY['\(subjects.joined(separator: "', '"))'])[i % 8 + 1] || ' '
                    || (ARRAY['\(complaints.joined(separator: "', '"))'])[i % 6 + 1]
                    || ' #' || i,
                (ARRAY['open', 'waiting', 'closed'])[(i * 7) % 3 + 1],
                (i * 31) % 5 + 1,
                CASE WHEN i % 9 = 0 THEN NULL ELSE (ARRAY['Ana', 'Bo', 'Chen', 'Dara', 'Eli', 'Femi'])[i % 6 + 1] END,
                timestamptz '2026-01-01' + (i * interval '3 seconds')
            FROM \(series) i
            """
        }

        // MARK: - Making it

        /// Makes the table unless it exists, in one transaction (an interrupted run leaves
        /// nothing), with the viewer's indexes, then vacuums it; true when it made it.
        func makeIfMissing(on database: PostgresSharedConnection) async throws -> Bool {
            let name = name, rows = rows
            return try await database.withConnection { connection in
                let logger = Logger(label: "list-benchmarks")
                let exists = try await connection.query("SELECT to_regclass(\(name)) IS NOT NULL", logger: logger).collect()
                guard try exists.first?.decode(Bool.self) != true else { return false }
                for statement in [
                    "CREATE EXTENSION IF NOT EXISTS pg_trgm", "BEGIN", "SET LOCAL maintenance_work_mem = '512MB'",
                    """
                    CREATE TABLE \(name) (
                        id bigint PRIMARY KEY, title text NOT NULL, status text NOT NULL, priority int NOT NULL,
                        assignee text, updated_at timestamptz NOT NULL)
                    """,
                    "INSERT INTO \(name) " + Self.generated("generate_series(1, \(rows))"),
                    "CREATE INDEX ON \(name) (updated_at)", "CREATE INDEX ON \(name) (priority, id)",
                    "CREATE INDEX ON \(name) (status, id)",
                    "CREATE INDEX ON \(name) USING gin (title gin_trgm_ops)", "COMMIT",
                    // Statistics and the visibility map, as a table autovacuum has been through:
                    // until then counts read the heap for every row, and autovacuum would run
                    // under the first measurements.
                    "VACUUM (ANALYZE) \(name)",
                ] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                return true
            }
        }

        /// Puts the rows the change part touches back as generated: its inserts (ids ≤ 0) and
        /// deletes undone, its updates written over.
        func restoreTouchedRows(on database: PostgresSharedConnection) async throws {
            let name = name, last = min(Self.touchedRows, rows)
            try await database.withConnection { connection in
                let logger = Logger(label: "list-benchmarks")
                for statement in [
                    "BEGIN", "DELETE FROM \(name) WHERE id <= \(last)",
                    "INSERT INTO \(name) " + Self.generated("generate_series(1, \(last))"), "COMMIT",
                ] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
        }
    }
#endif
