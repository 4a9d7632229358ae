#if PostgreSQL
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// Writes through a table writer: an edit shows in two clients' lists; an edit of a row
    /// another client changed meanwhile is refused as a conflict, and one a constraint refuses
    /// in the server's words, nothing written either time; deletions and a move by a fractional
    /// order key (one row written) show in the list as that deletion and that move.
    @MainActor
    @Suite struct PostgresWriteTests {
        struct Task: PostgresRecord, Equatable {
            static let columns = ["id", "title", "position"]
            let id: Int64, title: String, position: Double

            init(row: PostgresRandomAccessRow) throws {
                id = try row["id"].decode(Int64.self)
                title = try row["title"].decode(String.self)
                position = try row["position"].decode(Double.self)
            }
        }

        /// A table of `count` tasks in order of position, its feed installed, and two clients'
        /// storages following it.
        func open(_ schema: String, count: Int, on connection: PostgresConnection) async throws -> Clients {
            try await TestServer.run(
                [
                    """
                    CREATE TABLE \(schema).tasks (
                        id bigint PRIMARY KEY, title text NOT NULL UNIQUE CHECK (title <> ''), position double precision NOT NULL)
                    """,
                    "INSERT INTO \(schema).tasks SELECT i, 'task ' || i, i FROM generate_series(1, \(count)) i",
                    "CREATE INDEX ON \(schema).tasks (position)",
                ], on: connection)
            let settings = try TestServer.settings()
            let database = PostgresSharedConnection(settings)
            let feed = PostgresChangeFeed(table: "tasks", schema: schema)
            try await feed.install(on: database)
            var clients = Clients(database: database, writer: try await PostgresTableWriter(database, table: "tasks", schema: schema))
            for _ in 0..<2 {
                let listener = PostgresChangeListener(settings, feed: feed)
                let source = try await PostgresPageSource<Task>(database, table: "tasks", schema: schema, sortedBy: [SortKey("position")])
                let storage = PagedStorage(source: source, pageSize: 32)
                storage.follow(listener)
                try #require(try await TestServer.eventually { listener.isListening })
                try await storage.settle()
                clients.storages.append(storage)
                clients.listeners.append(listener)
            }
            return clients
        }

        struct Clients {
            let database: PostgresSharedConnection
            let writer: PostgresTableWriter
            var storages: [PagedStorage<PostgresPageSource<Task>>] = []
            var listeners: [PostgresChangeListener] = []

            func close() async {
                for listener in listeners { listener.stop() }
                await database.close()
            }
        }

        /// Whether every client shows `titles` at the first positions, within 5 seconds.
        func everyClientShows(_ titles: [String], _ clients: Clients) async throws -> Bool {
            try await TestServer.eventually {
                for storage in clients.storages {
                    guard try await storage.show(0..<titles.count).map({ $0?.title }) == titles else { return false }
                }
                return true
            }
        }

        @Test func anEditShowsInEveryClientAndAStaleOneIsRefused() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let clients = try await open(schema, count: 100, on: connection)
                try await clients.writer.update(rowWithKey: [Int64(2)], set: ["title": "renamed"], expecting: ["title": "task 2"])
                #expect(try await everyClientShows(["task 1", "renamed", "task 3"], clients))
                // An edit of what another client changed meanwhile: refused, nothing written.
                await #expect(
                    throws: PostgresStorageError.conflict("the row was changed or deleted since it was read: nothing was written")
                ) {
                    try await clients.writer.update(rowWithKey: [Int64(2)], set: ["title": "mine"], expecting: ["title": "task 2"])
                }
                // Text read as text writes back into a number column (cast on the server).
                try await clients.writer.update(rowWithKey: ["3"], set: ["position": "0.5"])
                #expect(try await everyClientShows(["task 3", "task 1", "renamed"], clients))
                #expect(try await TestServer.ids("SELECT count(*) FROM \(schema).tasks WHERE title = 'mine'", on: connection) == [0])
                await clients.close()
            }
        }

        @Test func whatAConstraintRefusesIsSaidInTheServersWords() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let clients = try await open(schema, count: 10, on: connection)
                do {
                    try await clients.writer.update(rowWithKey: [Int64(1)], set: ["title": "task 2"])
                    Issue.record("a duplicate title was written")
                } catch {
                    if case .server(let message, let code) = error as? PostgresStorageError {
                        #expect(code == "23505")
                        #expect(message.contains("duplicate key value"))
                    } else {
                        Issue.record("not the server's refusal: \(error)")
                    }
                }
                await #expect(throws: PostgresStorageError.self) {
                    try await clients.writer.insert(["id": Int64(11), "title": "", "position": 11.0])
                }
                await #expect(throws: PostgresStorageError.missingColumn("owner", relation: "\"\(schema)\".\"tasks\"")) {
                    try await clients.writer.update(rowWithKey: [Int64(1)], set: ["owner": "me"])
                }
                await #expect(throws: PostgresStorageError.self) {
                    try await clients.writer.update(rowWithKey: [Int64(1), Int64(2)], set: ["title": "x"])
                }
                #expect(
                    try await TestServer.ids(
                        "SELECT id FROM \(schema).tasks WHERE title IN ('task 1', 'task 2') ORDER BY id", on: connection) == [1, 2])
                await clients.close()
            }
        }

        @Test func deletionsAndAMoveShowAsThoseChanges() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let clients = try await open(schema, count: 100, on: connection)
                let recorder = ChangeRecorder(of: clients.storages[0])
                // The rows selected, by their records; one already gone is not counted.
                let selected = try await clients.storages[0].show(1..<4).compactMap { $0 }.filter { $0.id != 3 }
                #expect(try await clients.writer.delete(rowsWithKeys: selected.map { [$0.id] } + [[Int64(999)]]) == 2)
                #expect(try await everyClientShows(["task 1", "task 3", "task 5"], clients))
                #expect(try await TestServer.eventually { clients.storages.allSatisfy { $0.count == 98 } })
                // Task 5 between tasks 1 and 3: one row written, its position halfway.
                try await clients.writer.move(rowWithKey: [Int64(5)], orderColumn: "position", after: [Int64(1)], before: [Int64(3)])
                #expect(try await everyClientShows(["task 1", "task 5", "task 3", "task 6"], clients))
                #expect(
                    try await TestServer.ids("SELECT (position * 10)::bigint FROM \(schema).tasks WHERE id = 5", on: connection) == [20])
                #expect(recorder.moves >= 1 && recorder.reloads == 0)
                // To the end, after the last; beside a row that is gone: refused.
                try await clients.writer.move(rowWithKey: [Int64(1)], orderColumn: "position", after: [Int64(100)], before: nil)
                await #expect(throws: PostgresStorageError.self) {
                    try await clients.writer.move(rowWithKey: [Int64(6)], orderColumn: "position", after: [Int64(2)], before: nil)
                }
                #expect(try await TestServer.ids("SELECT id FROM \(schema).tasks ORDER BY position DESC LIMIT 1", on: connection) == [1])
                await clients.close()
            }
        }
    }
#endif
