#if PostgreSQL
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// A storage reading its pages and counts from a read replica (a hot standby streaming from
    /// the primary, `scripts/postgres-test-server.sh replica`) while its listener hears the
    /// primary's notifications: the pages come from the replica, a change shows once the replica
    /// replayed it (never read from a replica that has not), and a replica stopped is shown as
    /// any server stopped, its rows coming when it is back. Each test starts a primary and its
    /// replica of its own (a few seconds).
    @MainActor
    @Suite struct PostgresReplicaTests {
        typealias Ticket = PostgresLiveTests.Ticket

        /// A storage of `server`'s replica following its primary's feed, and its connections.
        struct Client {
            let storage: PagedStorage<PostgresPageSource<Ticket>>
            let listener: PostgresChangeListener
            let replica: PostgresSharedConnection
        }

        /// Starts `server` with a table of `count` tickets and its feed, then its replica, and a
        /// client reading from the replica.
        func start(_ server: OwnTestServer, count: Int) async throws -> Client {
            _ = try TestServer.settings()  // the suites run under the test server's script
            try await server.run("start")
            try await TestServer.withConnection(server.settings) { connection in
                try await TestServer.run(
                    [
                        "CREATE TABLE tickets (id bigint PRIMARY KEY, title text NOT NULL, updated int NOT NULL)",
                        "INSERT INTO tickets SELECT i, 'ticket ' || i, i FROM generate_series(1, \(count)) i",
                    ], on: connection)
            }
            let primary = PostgresSharedConnection(server.settings)
            let feed = PostgresChangeFeed(table: "tickets")
            try await feed.install(on: primary)
            await primary.close()
            try await server.run("replica")
            let replica = PostgresSharedConnection(server.replicaSettings)
            let source = try await PostgresPageSource<Ticket>(replica, table: "tickets")
            let storage = PagedStorage(source: source, pageSize: 32)
            let listener = PostgresChangeListener(
                server.settings, feed: feed, readingFrom: server.replicaSettings, replayWaitLimit: .seconds(2))
            storage.follow(listener)
            try #require(try await TestServer.eventually { listener.isListening })
            try await storage.settle()
            return Client(storage: storage, listener: listener, replica: replica)
        }

        @Test func pagesComeFromTheReplicaAndAChangeShowsOnceTheReplicaReplayedIt() async throws {
            let server = OwnTestServer(folder: "/tmp/glm-postgres-replica", port: 54335)
            let client = try await start(server, count: 2000)
            let storage = client.storage
            #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { Int64($0) })
            try await TestServer.withConnection(server.replicaSettings) { replica in
                try await TestServer.withConnection(server.settings) { primary in
                    // The replica stops replaying: what the primary commits now, only the primary has.
                    try await TestServer.run(["SELECT pg_wal_replay_pause()"], on: replica)
                    try await TestServer.run(
                        [
                            "UPDATE tickets SET title = 'on the primary' WHERE id = 5",
                            "INSERT INTO tickets VALUES (0, 'inserted', 0)",
                        ], on: primary)
                    // Heard from the primary, and not told while the replica lacks it (within the
                    // listener's limit): read from the replica, the insert would count a row that
                    // no page shows.
                    try await Task.sleep(for: .milliseconds(600))
                    #expect(storage.count == 2000)
                    #expect(try await storage.show(0..<20).map { $0?.title } == (1...20).map { "ticket \($0)" })
                    // Read again from the first row: the replica's rows, which the primary no longer has.
                    storage.reset(to: storage.source)
                    try await storage.settle()
                    #expect(try await storage.show(0..<20).map { $0?.title } == (1...20).map { "ticket \($0)" })
                    #expect(
                        try await TestServer.ids("SELECT count(*) FROM tickets WHERE title = 'on the primary'", on: primary) == [1])

                    // Replayed, the change shows: the row inserted at the top, the title changed.
                    try await TestServer.run(["SELECT pg_wal_replay_resume()"], on: replica)
                    #expect(
                        try await TestServer.eventually {
                            let shown = try await storage.show(0..<20)
                            return storage.count == 2001 && shown.first??.title == "inserted" && shown[5]?.title == "on the primary"
                        })
                    // Another client's insert among the rows shown, replayed at once.
                    try await TestServer.run(["DELETE FROM tickets WHERE id = 10"], on: primary)
                    try await TestServer.run(["INSERT INTO tickets VALUES (10, 'back', 10)"], on: primary)
                    #expect(try await TestServer.eventually { try await storage.show(10..<11).first??.title == "back" })
                    // A replica slower than the listener's limit (2 s): the change is told without
                    // it, then again once the replica has it, with no other change to bring it.
                    try await TestServer.run(["SELECT pg_wal_replay_pause()"], on: replica)
                    try await TestServer.run(["INSERT INTO tickets VALUES (-1, 'late', 0)"], on: primary)
                    try await Task.sleep(for: .milliseconds(2500))
                    #expect(try await storage.show(0..<1).first??.title == "inserted", "the replica's rows")
                    try await TestServer.run(["SELECT pg_wal_replay_resume()"], on: replica)
                    #expect(
                        try await TestServer.eventually {
                            let shown = try await storage.show(0..<2)
                            return shown.first??.title == "late" && shown.last??.title == "inserted"
                        })
                    // The storage's reads ran on the replica; the primary saw no page query.
                    let pageQueries =
                        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%FROM \"tickets\"%' AND pid <> pg_backend_pid()"
                    #expect(try await TestServer.ids(pageQueries, on: primary) == [0])
                    #expect(try await TestServer.ids(pageQueries, on: replica).first ?? 0 >= 1)
                }
            }
            client.listener.stop()
            await client.replica.close()
            try await server.run("stop")
        }

        @Test func theReplicaStoppedIsShownAndItsRowsComeWhenItIsBack() async throws {
            let server = OwnTestServer(folder: "/tmp/glm-postgres-replica-fault", port: 54337)
            let client = try await start(server, count: 5000)
            let storage = client.storage
            #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { Int64($0) })
            var errorsShown: [String] = []
            storage.statusDidChange = { [weak storage] in
                if let error = storage?.lastError { errorsShown.append(String(describing: error)) }
            }
            try await server.run("replica-halt")
            _ = try await storage.show(3000..<3020)
            #expect(try await TestServer.eventually { storage.lastError != nil })
            #expect(try await storage.show(3000..<3020).allSatisfy { $0 == nil })
            #expect(storage.lastError is PostgresStorageError)
            #expect(!errorsShown.isEmpty)
            #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { Int64($0) }, "the rows read before stay")
            // A change on the primary meanwhile shows too once the replica is back.
            try await TestServer.withConnection(server.settings) { primary in
                try await TestServer.run(["UPDATE tickets SET title = 'while stopped' WHERE id = 2"], on: primary)
            }
            try await server.run("replica-resume")
            #expect(
                try await TestServer.eventually(within: 20) {
                    let back = try await storage.show(3000..<3020).compactMap { $0?.id }
                    return storage.lastError == nil && back.count == 20 && back == Array(back[0]..<(back[0] + 20))
                })
            #expect(try await TestServer.eventually(within: 20) { try await storage.show(1..<2).first??.title == "while stopped" })
            client.listener.stop()
            await client.replica.close()
            try await server.run("stop")
        }
    }
#endif
