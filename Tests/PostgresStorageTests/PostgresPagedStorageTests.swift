#if PostgreSQL
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// A paged storage over a real table of 100,000 rows: the count at once, the first rows in the
    /// server's order, a jump to 73 % reading consecutive rows about that far in, a new sort; and
    /// what cannot be shown named: a missing table or column, no primary key, a wrong password.
    @MainActor
    @Suite struct PostgresPagedStorageTests {
        struct Item: PostgresRecord, Equatable {
            static let columns = ["id", "name", "score"]
            let id: Int64, name: String, score: Int32?

            init(row: PostgresRandomAccessRow) throws {
                id = try row["id"].decode(Int64.self)
                name = try row["name"].decode(String.self)
                score = try row["score"].decode(Int32?.self)
            }
        }

        static func makeTable(_ schema: String, on connection: PostgresConnection) async throws {
            try await TestServer.run(
                [
                    "CREATE TABLE \(schema).items (id bigint PRIMARY KEY, name text NOT NULL, score int)",
                    "INSERT INTO \(schema).items SELECT i, 'item ' || i, CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 7919) % 1000 END"
                        + " FROM generate_series(1, 100000) i",
                    "CREATE INDEX ON \(schema).items (score)",
                    "ANALYZE \(schema).items",
                ], on: connection)
        }

        /// The ids in the server's own order.
        static func serverOrder(_ schema: String, _ orderBy: String, on connection: PostgresConnection) async throws -> [Int64] {
            try await TestServer.ids("SELECT id FROM \(schema).items ORDER BY \(orderBy)", on: connection)
        }

        func show(_ positions: Range<Int>, of storage: PagedStorage<PostgresPageSource<Item>>) async throws -> [Int64?] {
            try await storage.show(positions).map { $0?.id }
        }

        @Test func aHundredThousandRowsReadWhereShownInTheServersOrder() async throws {
            let settings = try TestServer.settings()
            try await TestServer.withScratchSchema { connection, schema in
                try await Self.makeTable(schema, on: connection)
                let database = PostgresSharedConnection(settings)
                let source = try await PostgresPageSource<Item>(database, table: "items", schema: schema, sortedBy: [SortKey("score")])
                #expect(source.sortsThroughIndex)
                let storage = PagedStorage(source: source, pageSize: 64, handOff: TaskMainActorHandOff())
                try await storage.settle()
                #expect(storage.count == 100_000 && storage.isCountExact)
                let expected = try await Self.serverOrder(schema, "score, id", on: connection)

                #expect(try await show(0..<40, of: storage) == expected[0..<40].map { $0 })
                let shown = try await show(100..<140, of: storage)
                #expect(shown == expected[100..<140].map { $0 }, "read on by key from the first page")

                // A jump: consecutive rows of the order, about 73 % in (sampled keys, ±5 %).
                let jumped = try await show(73_000..<73_040, of: storage).compactMap { $0 }
                try #require(jumped.count == 40)
                let first = try #require(expected.firstIndex(of: jumped[0]))
                try #require(first + 40 <= expected.count)
                #expect(Array(expected[first..<(first + 40)]) == jumped)
                #expect(abs(first - 73_000) < 5_000)

                // The last rows at the last positions.
                #expect(try await show(99_980..<100_000, of: storage) == expected[99_980...].map { $0 })

                // Another order: the same rows, read anew.
                storage.reset(to: try source.sorted(by: [SortKey("name", ascending: false)]))
                try await storage.settle()
                #expect(!storage.source.sortsThroughIndex)
                let byName = try await Self.serverOrder(schema, "name DESC, id", on: connection)
                #expect(try await show(0..<30, of: storage) == byName[0..<30].map { $0 })
                await database.close()
            }
        }

        @Test func anyTableReadsAsTextInItsOwnColumns() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await Self.makeTable(schema, on: connection)
                let database = PostgresSharedConnection(try TestServer.settings())
                let source = try await PostgresPageSource<PostgresTextRecord>(
                    database, table: "items", schema: schema, sortedBy: [SortKey("id", ascending: false)])
                #expect(source.columns == ["id", "name", "score"])
                let storage = PagedStorage(source: source, pageSize: 32)
                try await storage.settle()
                let rows = try await storage.show(0..<2).map { $0?.values }
                // Sorted by the id's value, not its text ("99999" > "100000"); 99990 is a multiple
                // of 11: its score is NULL.
                #expect(rows == [["100000", "item 100000", "0"], ["99999", "item 99999", "81"]])
                #expect(try await storage.show(10..<11).first??.values == ["99990", "item 99990", nil])
                await database.close()
            }
        }

        @Test func whatCannotBeShownIsNamed() async throws {
            var settings = try TestServer.settings()
            try await TestServer.withScratchSchema { connection, schema in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE TABLE \(schema).unkeyed (id bigint, name text NOT NULL, score int)"),
                    logger: TestServer.logger)
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE TABLE \(schema).named (id bigint PRIMARY KEY, name text)"), logger: TestServer.logger)
                let database = PostgresSharedConnection(settings)
                await #expect(throws: PostgresStorageError.missingRelation("\"\(schema)\".\"nowhere\"")) {
                    try await PostgresPageSource<Item>(database, table: "nowhere", schema: schema)
                }
                await #expect(throws: PostgresStorageError.noPrimaryKey("\"\(schema)\".\"unkeyed\"")) {
                    try await PostgresPageSource<Item>(database, table: "unkeyed", schema: schema)
                }
                await #expect(throws: PostgresStorageError.missingColumn("score", relation: "\"\(schema)\".\"named\"")) {
                    try await PostgresPageSource<Item>(database, table: "named", schema: schema)
                }
                await database.close()
            }
            settings.username = "glm_password"
            settings.password = "not-the-secret"
            let refused = PostgresSharedConnection(settings)
            do {
                _ = try await PostgresPageSource<Item>(refused, table: "items")
                Issue.record("a wrong password was let in")
            } catch {
                guard case .server(let message, let code) = error else {
                    Issue.record("not the server's refusal: \(error)")
                    return
                }
                #expect(code == "28P01")
                #expect(message.contains("password authentication failed"))
                #expect(error.description.contains("password authentication failed for user \"glm_password\""))
            }
        }
    }
#endif
