#if PostgreSQL
    import PostgresNIO
    import Testing

    @testable import PostgresStorage

    /// Pages read by keyset, forward or backward from any row, join into exactly the rows the
    /// server's own `ORDER BY` gives, whatever the order's columns repeat, hold NULL or mix
    /// directions; never `OFFSET`.
    @Suite struct KeysetPagingTests {
        /// 3,000 rows: `score` repeats and is NULL in one row of 7, `label` repeats and is never
        /// NULL, `note` is NULL in one row of 5.
        static let tableSQL = """
            CREATE TABLE items (id bigint PRIMARY KEY, score int, label text NOT NULL, note text);
            INSERT INTO items SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 101 END, 'L' || ((i * 13) % 50),
                CASE WHEN i % 5 = 0 THEN NULL ELSE 'n' || (i % 9) END FROM generate_series(1, 3000) i;
            ANALYZE items;
            """

        /// Makes the table in `schema`, and puts the schema first on the connection's search path.
        static func makeTable(in schema: String, on connection: PostgresConnection) async throws {
            try await connection.query(PostgresQuery(unsafeSQL: "SET search_path = \(schema)"), logger: TestServer.logger)
            for statement in tableSQL.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
                try await connection.query(PostgresQuery(unsafeSQL: String(statement)), logger: TestServer.logger)
            }
        }

        /// Runs `body` for each of ``sorts`` over the table, with the query of that sort and the
        /// ids in the server's own order for it.
        static func withEachSort(
            _ body: (KeysetQuery, [Int64], PostgresConnection) async throws -> Void
        ) async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await makeTable(in: schema, on: connection)
                for sort in sorts {
                    let query = query(schema, sort: sort)
                    try await body(query, try await serverOrder(query, on: connection), connection)
                }
            }
        }

        static let score = KeysetColumn(name: SQLIdentifier("score"), ascending: true, isNullable: true)
        static let label = KeysetColumn(name: SQLIdentifier("label"), ascending: true, isNullable: false)
        static let note = KeysetColumn(name: SQLIdentifier("note"), ascending: true, isNullable: true)
        static let id = KeysetColumn(name: SQLIdentifier("id"), ascending: true, isNullable: false)

        static func reversed(_ column: KeysetColumn) -> KeysetColumn {
            KeysetColumn(name: column.name, ascending: !column.ascending, isNullable: column.isNullable)
        }

        /// The sorts checked: none (the key alone), a nullable column either way, a column without
        /// NULL (compared as a row value), mixed directions, the key itself descending.
        static let sorts: [[KeysetColumn]] = [
            [], [score], [reversed(score)], [label], [reversed(label), score], [note, reversed(label)], [reversed(id)],
        ]

        static func query(_ schema: String, sort: [KeysetColumn]) -> KeysetQuery {
            KeysetQuery(
                relation: SQLRelation(schema: schema, "items"), columns: [SQLIdentifier("id")],
                order: KeysetOrder(sort: sort, uniqueKey: [SQLIdentifier("id")]))
        }

        static func ids(_ rows: [PostgresRow]) throws -> [Int64] {
            try rows.map { try $0.makeRandomAccess()[0].decode(Int64.self) }
        }

        /// The ids in the server's own order for `query`'s `ORDER BY`.
        static func serverOrder(_ query: KeysetQuery, on connection: PostgresConnection) async throws -> [Int64] {
            let sql = "SELECT id FROM \(query.relation.quoted) ORDER BY \(query.order.orderBy())"
            return try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestServer.logger).collect()
                .map { try $0.decode(Int64.self) }
        }

        /// Every row, page after page of `size`, forward from the first or backward from the last.
        static func walk(_ query: KeysetQuery, size: Int, before: Bool, on connection: PostgresConnection) async throws
            -> [Int64]
        {
            var ids: [Int64] = [], key: PostgresRowKey? = nil
            while true {
                let rows = try await connection.query(query.page(beyond: key, before: before, limit: size), logger: TestServer.logger)
                    .collect()
                ids += try Self.ids(rows)
                guard rows.count == size, let last = rows.last else { return before ? ids.reversed() : ids }
                key = query.key(of: last)
            }
        }

        @Test func pagesForwardAndBackwardJoinIntoTheServersOrder() async throws {
            try await Self.withEachSort { query, expected, connection in
                #expect(expected.count == 3000)
                let forward = try await Self.walk(query, size: 97, before: false, on: connection)
                #expect(forward == expected, "forward by \(query.order.orderBy())")
                let backward = try await Self.walk(query, size: 97, before: true, on: connection)
                #expect(backward == expected, "backward by \(query.order.orderBy())")
            }
        }

        @Test func aPageFromAnyRowIsTheRowsJustAfterOrBeforeItOrFromIt() async throws {
            try await Self.withEachSort { query, expected, connection in
                // The key of the row at each of these positions, read as a one-row page.
                for position in [0, 1, 713, 1500, 2999] {
                    let keyRow = try await connection.query(
                        query.page(beyond: nil, limit: position + 1), logger: TestServer.logger
                    ).collect().last!
                    let key = query.key(of: keyRow)
                    let after = try await Self.ids(
                        connection.query(query.page(beyond: key, limit: 50), logger: TestServer.logger).collect())
                    #expect(after == Array(expected[(position + 1)...].prefix(50)), "after \(position) by \(query.order.orderBy())")
                    let before = try await Self.ids(
                        connection.query(query.page(beyond: key, before: true, limit: 50), logger: TestServer.logger).collect())
                    #expect(before == Array(expected[..<position].suffix(50).reversed()), "before \(position)")
                    // From the row on: the row itself, then those after it.
                    let from = try await Self.ids(
                        connection.query(query.page(beyond: key, including: true, limit: 50), logger: TestServer.logger).collect())
                    #expect(from == Array(expected[position...].prefix(50)), "from \(position) by \(query.order.orderBy())")
                }
            }
        }

        @Test func landmarksAreKeysInOrderAndTheEstimateIsThePlannersCount() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await Self.makeTable(in: schema, on: connection)
                let query = Self.query(schema, sort: [Self.reversed(Self.label), Self.score])
                let estimate = try await connection.query(query.estimatedCount(), logger: TestServer.logger).collect()
                #expect(try estimate.first?.decode(Int64.self) == 3000)
                let exact = try await connection.query(query.exactCount(), logger: TestServer.logger).collect()
                #expect(try exact.first?.decode(Int64.self) == 3000)

                let expected = try await Self.serverOrder(query, on: connection)
                // A sample of every page is every row, in order.
                let all = try await connection.query(query.landmarks(sampleRows: 3000, estimatedCount: 3000), logger: TestServer.logger)
                    .collect()
                #expect(try all.map { try $0.makeRandomAccess()[2].decode(Int64.self) } == expected)
                // A smaller one: keys of rows that exist, in order, each a page start.
                let some = try await connection.query(query.landmarks(sampleRows: 300, estimatedCount: 3000), logger: TestServer.logger)
                    .collect()
                let positions = try some.map { try expected.firstIndex(of: $0.makeRandomAccess()[2].decode(Int64.self)) }
                #expect(positions.allSatisfy { $0 != nil })
                #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
                #expect(some.count < 3000)
            }
        }

        /// Rows inserted in key order sit in the table's pages in that order: a sample of a few
        /// pages would put every landmark in a few clusters, and a jump to 73 % far from it.
        @Test func landmarksSpreadOverATableWhosePagesHoldNeighbouringKeys() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await TestServer.run(
                    [
                        "CREATE TABLE \(schema).items (id bigint PRIMARY KEY)",
                        "INSERT INTO \(schema).items SELECT i FROM generate_series(1, 200000) i", "ANALYZE \(schema).items",
                    ], on: connection)
                let query = Self.query(schema, sort: [])
                let landmarks = try await connection.query(
                    query.landmarks(sampleRows: 1024, estimatedCount: 200_000), logger: TestServer.logger
                ).collect().map { try $0.makeRandomAccess()[0].decode(Int64.self) }
                #expect((900...1200).contains(landmarks.count))
                #expect(landmarks == landmarks.sorted())
                // The id is the position: no stretch of the list is more than 2 % from a landmark.
                let gaps = zip([0] + landmarks, landmarks + [200_000]).map { $1 - $0 }
                #expect(gaps.max() ?? .max <= 4000, "the largest gap: \(gaps.max() ?? 0)")
            }
        }
    }
#endif
