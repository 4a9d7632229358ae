#if PostgreSQL
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// A storage follows what other clients commit to its table: rows inserted, deleted, updated
    /// and moved by an update show where the list shows them, the count follows, a lost
    /// notification connection reads everything again, and concurrent writers leave the list
    /// equal to the table.
    @MainActor
    @Suite struct PostgresLiveTests {
        struct Ticket: PostgresRecord, Equatable {
            static let columns = ["id", "title", "updated"]
            let id: Int64, title: String, updated: Int32

            init(row: PostgresRandomAccessRow) throws {
                id = try row["id"].decode(Int64.self)
                title = try row["title"].decode(String.self)
                updated = try row["updated"].decode(Int32.self)
            }
        }

        /// A table of `count` tickets in `schema`, its feed installed, and a storage following
        /// it sorted by `sort`.
        func open(
            _ schema: String, count: Int, sortedBy sort: [SortKey] = [], on connection: PostgresConnection
        ) async throws -> (PagedStorage<PostgresPageSource<Ticket>>, PostgresChangeListener, PostgresSharedConnection) {
            try await TestServer.run(
                [
                    "CREATE TABLE \(schema).tickets (id bigint PRIMARY KEY, title text NOT NULL, updated int NOT NULL)",
                    "INSERT INTO \(schema).tickets SELECT i, 'ticket ' || i, i FROM generate_series(1, \(count)) i",
                    "CREATE INDEX ON \(schema).tickets (updated)",
                ], on: connection)
            let settings = try TestServer.settings()
            let database = PostgresSharedConnection(settings)
            let feed = PostgresChangeFeed(table: "tickets", schema: schema)
            try await feed.install(on: database)
            let listener = PostgresChangeListener(settings, feed: feed)
            let source = try await PostgresPageSource<Ticket>(database, table: "tickets", schema: schema, sortedBy: sort)
            let storage = PagedStorage(source: source, pageSize: 32)
            storage.follow(listener)
            try #require(try await TestServer.eventually { listener.isListening })
            try await storage.settle()
            return (storage, listener, database)
        }

        /// Whether the storage shows `positions` as the table's rows there in `orderBy`, and has
        /// as many positions as the table has rows, within 5 seconds.
        func showsTheTable(
            _ storage: PagedStorage<PostgresPageSource<Ticket>>, _ positions: Range<Int>, _ select: String,
            on connection: PostgresConnection
        ) async throws -> Bool {
            try await TestServer.eventually {
                let expected = try await TestServer.ids(select, on: connection)
                let shown = try await storage.show(positions.clamped(to: 0..<storage.count)).map { $0?.id }
                return storage.count == expected.count && shown == expected[positions.clamped(to: 0..<expected.count)].map { $0 }
            }
        }

        @Test func anotherClientsChangesShowWhereTheListShowsThem() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let (storage, listener, database) = try await open(schema, count: 2000, on: connection)
                let select = "SELECT id FROM \(schema).tickets ORDER BY id"
                #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { Int64($0) })
                try await TestServer.run(
                    [
                        "DELETE FROM \(schema).tickets WHERE id = 3",
                        "INSERT INTO \(schema).tickets VALUES (-5, 'first', 0)",
                        "UPDATE \(schema).tickets SET title = 'changed' WHERE id = 10",
                    ], on: connection)
                #expect(try await showsTheTable(storage, 0..<20, select, on: connection))
                #expect(try await TestServer.eventually { try await storage.show(9..<10).first??.title == "changed" })
                #expect(storage.count == 2000)
                // A statement of many rows, beyond those read: the count follows.
                try await TestServer.run(["DELETE FROM \(schema).tickets WHERE id > 1500"], on: connection)
                #expect(try await showsTheTable(storage, 0..<20, select, on: connection))
                #expect(storage.count == 1500 && storage.isCountExact)
                listener.stop()
                await database.close()
            }
        }

        @Test func anUpdateOfTheSortedColumnMovesTheRow() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let (storage, listener, database) = try await open(
                    schema, count: 500, sortedBy: [SortKey("updated", ascending: false)], on: connection)
                let replica = ChangeRecorder(of: storage)
                #expect(try await storage.show(0..<10).map { $0?.id } == (491...500).reversed().map { Int64($0) })
                try await TestServer.run(["UPDATE \(schema).tickets SET updated = 1000 WHERE id = 495"], on: connection)
                #expect(
                    try await showsTheTable(storage, 0..<10, "SELECT id FROM \(schema).tickets ORDER BY updated DESC, id", on: connection))
                #expect(replica.moves == 1 && replica.reloads == 0)
                listener.stop()
                await database.close()
            }
        }

        @Test func aLostNotificationConnectionReadsEverythingAgain() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let (storage, listener, database) = try await open(schema, count: 300, on: connection)
                let select = "SELECT id FROM \(schema).tickets ORDER BY id"
                _ = try await storage.show(0..<20)
                // The listener's connection is cut, and rows change before it listens again.
                try await TestServer.run(
                    [
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %\(schema)%' AND pid <> pg_backend_pid()",
                        "DELETE FROM \(schema).tickets WHERE id BETWEEN 5 AND 9",
                    ], on: connection)
                #expect(try await TestServer.eventually { listener.connectionsOpened >= 2 && listener.isListening })
                #expect(try await showsTheTable(storage, 0..<20, select, on: connection))
                #expect(storage.count == 295)
                listener.stop()
                await database.close()
            }
        }

        @Test func concurrentWritersAndACutConnectionLeaveTheListEqualToTheTable() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                let (storage, listener, database) = try await open(schema, count: 5000, on: connection)
                let settings = try TestServer.settings()
                // Four clients insert, update and delete rows at random, a statement at a time…
                let writers = (0..<4).map { writer in
                    Task.detached {
                        try await TestServer.withConnection(settings) { connection in
                            var random = SystemRandomNumberGenerator()
                            for step in 0..<60 {
                                let id = Int.random(in: 1...6000, using: &random)
                                let statement =
                                    switch step % 3 {
                                    case 0: "INSERT INTO \(schema).tickets VALUES (\(10_000 + writer * 100 + step), 'new', \(id))"
                                    case 1: "UPDATE \(schema).tickets SET title = 'w\(writer) s\(step)' WHERE id = \(id)"
                                    default: "DELETE FROM \(schema).tickets WHERE id BETWEEN \(id) AND \(id + 2)"
                                    }
                                try await TestServer.run([statement], on: connection)
                                try await Task.sleep(for: .milliseconds(10))
                            }
                        }
                    }
                }
                // …while the list scrolls near the top, and its notifications' connection is cut once.
                for step in 0..<30 {
                    _ = try await storage.show((step * 17 % 200)..<(step * 17 % 200 + 20))
                    if step == 5 {
                        try await TestServer.run(
                            [
                                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %\(schema)%' AND pid <> pg_backend_pid()"
                            ], on: connection)
                    }
                }
                for writer in writers { try await writer.value }
                // Once it listens again (what was committed meanwhile read anew), the list is the table.
                #expect(try await TestServer.eventually { listener.connectionsOpened == 2 && listener.isListening })
                let select = "SELECT id FROM \(schema).tickets ORDER BY id"
                let shown = try await showsTheTable(storage, 0..<40, select, on: connection)
                let rows = try await TestServer.ids("SELECT count(*) FROM \(schema).tickets", on: connection)
                #expect(shown, "\(storage.count) positions for \(rows) rows")
                #expect(try await showsTheTable(storage, 150..<190, select, on: connection))
                listener.stop()
                await database.close()
            }
        }
    }

    /// Counts the changes a storage tells its observers.
    @MainActor
    final class ChangeRecorder: StorageObserver {
        private(set) var moves = 0
        private(set) var reloads = 0

        init(of storage: some BroadcastingStorage) { storage.addObserver(self) }

        func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
            for case .moveItem in changes { moves += 1 }
        }

        func storageNeedsReload(_ storage: any Storage) { reloads += 1 }
    }

#endif
