#if PostgreSQL
    import PostgresNIO
    import PostgresStorage

    /// `--postgres-demo`: a table of generated tickets, made once with `generate_series` (ten
    /// million by default) with the indexes its sorts and search need, then kept: a second start
    /// shows it at once.
    enum PostgresDemoTable {
        static let name = "glm_demo_tickets"

        /// Makes the table with `rows` tickets unless it exists; says on stderr what it does.
        static func makeIfMissing(rows: Int, on database: PostgresSharedConnection) async throws {
            let exists = try await database.exists(table: name)
            guard !exists else { return }
            print("package-viewer: making \(name) with \(rows.formatted()) rows (once)…")
            try await database.execute([
                "CREATE EXTENSION IF NOT EXISTS pg_trgm",
                """
                CREATE TABLE \(name) (
                    id bigint PRIMARY KEY, title text NOT NULL, status text NOT NULL, priority int NOT NULL,
                    assignee text, updated_at timestamptz NOT NULL)
                """,
                """
                INSERT INTO \(name)
                SELECT i,
                    (ARRAY['Printer', 'Login', 'Invoice', 'Backup', 'Laptop', 'VPN', 'Mail', 'Badge'])[i % 8 + 1] || ' '
                        || (ARRAY['fails', 'is slow', 'needs a look', 'asks for a password', 'stopped', 'is missing'])[i % 6 + 1]
                        || ' #' || i,
                    (ARRAY['open', 'waiting', 'closed'])[(i * 7) % 3 + 1],
                    (i * 31) % 5 + 1,
                    CASE WHEN i % 9 = 0 THEN NULL ELSE (ARRAY['Ana', 'Bo', 'Chen', 'Dara', 'Eli', 'Femi'])[i % 6 + 1] END,
                    timestamptz '2026-01-01' + (i * interval '3 seconds')
                FROM generate_series(1, \(rows)) i
                """,
                "CREATE INDEX ON \(name) (updated_at)",
                "CREATE INDEX ON \(name) (priority, id)",
                "CREATE INDEX ON \(name) (status, id)",
                "CREATE INDEX ON \(name) USING gin (title gin_trgm_ops)",
                "ANALYZE \(name)",
            ])
        }
    }

    extension PostgresSharedConnection {
        /// Whether the search path has a table or view `name`.
        func exists(table name: String) async throws -> Bool {
            try await withConnection { connection in
                let rows = try await connection.query("SELECT to_regclass(\(name)) IS NOT NULL", logger: .init(label: "package-viewer"))
                    .collect()
                return try rows.first?.decode(Bool.self) ?? false
            }
        }

        /// Runs each of `statements`.
        func execute(_ statements: [String]) async throws {
            try await withConnection { connection in
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: .init(label: "package-viewer"))
                }
            }
        }
    }
#endif
