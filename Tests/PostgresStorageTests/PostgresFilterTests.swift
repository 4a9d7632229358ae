#if PostgreSQL
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// A filter is the server's `WHERE`: a prefix, a text anywhere (whatever its case, wildcards
    /// taken as typed), words by full-text search, a value, and all of them at once show the rows
    /// the server's own query finds, in the order, counted; the estimate comes from the planner;
    /// and a filtered list follows other clients' changes.
    @MainActor
    @Suite struct PostgresFilterTests {
        struct Note: PostgresRecord, Equatable {
            static let columns = ["id", "title", "status"]
            let id: Int64, title: String, status: String

            init(row: PostgresRandomAccessRow) throws {
                id = try row["id"].decode(Int64.self)
                title = try row["title"].decode(String.self)
                status = try row["status"].decode(String.self)
            }
        }

        static func makeTable(_ schema: String, on connection: PostgresConnection) async throws {
            try await TestServer.run(
                [
                    "CREATE TABLE \(schema).notes (id bigint PRIMARY KEY, title text NOT NULL, body text, status text NOT NULL)",
                    """
                    INSERT INTO \(schema).notes SELECT i,
                        (ARRAY['Invoice', 'invoice draft', 'Meeting', 'Report'])[i % 4 + 1] || ' ' || i,
                        CASE WHEN i % 7 = 0 THEN 'the quarterly budget review' WHEN i % 5 = 0 THEN 'budget' ELSE 'misc' END,
                        (ARRAY['open', 'closed', 'waiting'])[i % 3 + 1]
                    FROM generate_series(1, 20000) i
                    """,
                    "INSERT INTO \(schema).notes VALUES (30000, '100%_done\\\\ Invoice', NULL, 'open')",
                    "CREATE INDEX ON \(schema).notes (title text_pattern_ops)",
                    "ANALYZE \(schema).notes",
                ], on: connection)
        }

        @Test func eachFilterShowsWhatTheServersQueryFinds() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await Self.makeTable(schema, on: connection)
                let database = PostgresSharedConnection(try TestServer.settings())
                let all = try await PostgresPageSource<Note>(database, table: "notes", schema: schema, sortedBy: [SortKey("title")])
                let cases: [(PostgresFilter, String)] = [
                    (.prefix("Invoice", in: "title"), "title LIKE 'Invoice%'"),
                    (.contains("INVOICE", in: ["title"]), "title ILIKE '%invoice%'"),
                    (.contains("100%_", in: ["title", "body"]), "position('100%_' in title) > 0"),
                    (.words("budget -quarterly", in: ["title", "body"]), "body = 'budget'"),
                    (.equals("status", "waiting"), "status = 'waiting'"),
                    (.equals("body", nil), "body IS NULL"),
                    (
                        .all([.equals("status", "open"), .contains("meeting", in: ["title"])]),
                        "status = 'open' AND title ILIKE '%meeting%'"
                    ),
                ]
                for (filter, condition) in cases {
                    let storage = PagedStorage(source: try all.filtered(by: filter), pageSize: 50)
                    try await storage.settle()
                    let expected = try await TestServer.ids(
                        "SELECT id FROM \(schema).notes WHERE \(condition) ORDER BY title, id", on: connection)
                    #expect(storage.count == expected.count && storage.isCountExact, "\(filter)")
                    let shown = try await storage.show(0..<min(60, expected.count)).map { $0?.id }
                    #expect(shown == expected.prefix(60).map { $0 }, "\(filter)")
                    let estimate = try await storage.source.estimatedCount()
                    #expect(estimate > 0 && estimate < 20001, "\(filter): the planner's estimate \(estimate)")
                }
                // A column the table lacks is named.
                #expect(throws: PostgresStorageError.missingColumn("owner", relation: "\"\(schema)\".\"notes\"")) {
                    try all.filtered(by: .equals("owner", "me"))
                }
                await database.close()
            }
        }

        @Test func aFilteredListFollowsOtherClientsChanges() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await Self.makeTable(schema, on: connection)
                let settings = try TestServer.settings()
                let database = PostgresSharedConnection(settings)
                let feed = PostgresChangeFeed(table: "notes", schema: schema)
                try await feed.install(on: database)
                let listener = PostgresChangeListener(settings, feed: feed)
                let source = try await PostgresPageSource<Note>(database, table: "notes", schema: schema, sortedBy: [SortKey("title")])
                let storage = PagedStorage(source: try source.filtered(by: .prefix("Meeting", in: "title")), pageSize: 50)
                storage.follow(listener)
                try #require(try await TestServer.eventually { listener.isListening })
                try await storage.settle()
                #expect(storage.count == 5000)
                // A row the filter keeps, one it does not, and a row that leaves the filter.
                try await TestServer.run(
                    [
                        "INSERT INTO \(schema).notes VALUES (40000, 'Meeting 0', NULL, 'open'), (40001, 'Lunch', NULL, 'open')",
                        "UPDATE \(schema).notes SET title = 'Moved' WHERE id = 2",
                    ], on: connection)
                let expected = try await TestServer.ids(
                    "SELECT id FROM \(schema).notes WHERE title LIKE 'Meeting%' ORDER BY title, id", on: connection)
                #expect(
                    try await TestServer.eventually {
                        let shown = try await storage.show(0..<20).map { $0?.id }
                        return storage.count == 5000 && shown == expected.prefix(20).map { $0 }
                    })
                listener.stop()
                await database.close()
            }
        }
    }
#endif
