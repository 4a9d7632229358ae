#if PostgreSQL
    import Foundation
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// What goes wrong between a list and its server: the server going away while a list scrolls,
    /// a query slower than the statement timeout, TLS asked for and refused. The rows not read
    /// stay stand-ins, the storage shows the error in the server's words, nothing crashes, and
    /// the rows come once the fault is gone. The tests that stop a server or set one up for TLS
    /// start clusters of their own: the other suites' server stays up.
    @MainActor
    @Suite struct PostgresFaultTests {
        struct Item: PostgresRecord {
            static let columns = ["id"]
            let id: Int64
            init(row: PostgresRandomAccessRow) throws { id = try row["id"].decode(Int64.self) }
        }

        func settle(_ storage: PagedStorage<PostgresPageSource<Item>>, until done: () -> Bool = { true }) async throws {
            var idleTurns = 0
            let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
            while idleTurns < 5 || !done(), clock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
                idleTurns = storage.isLoading ? 0 : idleTurns + 1
            }
        }

        func ask(_ positions: Range<Int>, of storage: PagedStorage<PostgresPageSource<Item>>) -> [Int64?] {
            positions.map { (storage.item(at: IndexPath(item: $0, section: 0)) as? Item)?.id }
        }

        @Test func theServerStoppedMidScrollIsShownAndTheRowsComeWhenItIsBack() async throws {
            _ = try TestServer.settings()  // the suites run under the test server's script
            let server = OwnTestServer(folder: "/tmp/glm-postgres-faults", port: 54331)
            try await server.run("start")
            try await TestServer.withConnection(server.settings) { connection in
                for statement in [
                    "CREATE TABLE items (id bigint PRIMARY KEY)", "INSERT INTO items SELECT i FROM generate_series(1, 10000) i",
                    // On disk before the server is killed: the cluster commits without waiting for it.
                    "ANALYZE items", "CHECKPOINT",
                ] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: TestServer.logger)
                }
            }
            let database = PostgresSharedConnection(server.settings)
            let storage = PagedStorage(source: try await PostgresPageSource<Item>(database, table: "items"), pageSize: 32)
            var errorsShown: [String] = []
            storage.statusDidChange = { [weak storage] in
                if let error = storage?.lastError { errorsShown.append(String(describing: error)) }
            }
            try await settle(storage)
            _ = ask(0..<20, of: storage)
            try await settle(storage)
            #expect(ask(0..<20, of: storage) == (1...20).map { $0 })

            try await server.run("halt")
            _ = ask(5000..<5020, of: storage)
            try await settle(storage) { storage.lastError != nil }
            #expect(ask(5000..<5020, of: storage) == Array(repeating: nil, count: 20))
            #expect(storage.lastError is PostgresStorageError)
            #expect(!errorsShown.isEmpty)
            #expect(ask(0..<20, of: storage) == (1...20).map { $0 }, "the rows read before stay")

            let openedBeforeResuming = await database.openedConnections
            try await server.run("resume")
            // Asked again, the rows are read on a new connection.
            _ = ask(5000..<5020, of: storage)
            try await settle(storage) { storage.lastError == nil }
            let back = ask(5000..<5020, of: storage).compactMap { $0 }
            #expect(back.count == 20 && back == Array(back[0]..<(back[0] + 20)))
            #expect(storage.lastError == nil)
            let opened = await database.openedConnections
            #expect(opened > openedBeforeResuming)
            await database.close()
            try await server.run("stop")
        }

        /// Whether `items` are rows one after the other from about `first`: a jump far from the
        /// rows read places rows by sampled keys, as close as the sample tells.
        func isRun(_ items: [Item?], near first: Int64, within slack: Int64) -> Bool {
            let ids = items.compactMap { $0?.id }
            guard ids.count == items.count, let start = ids.first else { return false }
            return ids == Array(start..<start + Int64(ids.count)) && abs(start - first) <= slack
        }

        @Test func aQuerySlowerThanTheStatementTimeoutIsCanceledShownAndReadAgain() async throws {
            var settings = try TestServer.settings()
            settings.statementTimeout = .milliseconds(300)
            try await TestServer.withScratchSchema { connection, schema in
                try await TestServer.run(
                    [
                        "CREATE TABLE \(schema).items (id bigint PRIMARY KEY)",
                        "INSERT INTO \(schema).items SELECT i FROM generate_series(1, 10000) i", "ANALYZE \(schema).items",
                    ], on: connection)
                let database = PostgresSharedConnection(settings)
                let storage = PagedStorage(
                    source: try await PostgresPageSource<Item>(database, table: "items", schema: schema), pageSize: 32)
                try await storage.settle()
                #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { $0 })

                // Another client holds the table locked: the page waits until the server gives up.
                try await TestServer.withConnection(try TestServer.settings()) { locker in
                    try await TestServer.run(["BEGIN", "LOCK TABLE \(schema).items IN ACCESS EXCLUSIVE MODE"], on: locker)
                    #expect(try await storage.show(5000..<5020).allSatisfy { $0 == nil })
                    #expect(
                        storage.lastError as? PostgresStorageError
                            == .server(message: "canceling statement due to statement timeout", code: "57014"))
                    #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { $0 }, "the rows read before stay")
                    try await TestServer.run(["COMMIT"], on: locker)
                }

                storage.retry()
                try await storage.settle()
                #expect(isRun(try await storage.show(5000..<5020), near: 5001, within: 100))
                #expect(storage.lastError == nil)
                await database.close()
            }
        }

        @Test func aNewOrderNeverWaitsBehindAReadOfTheOldOneThatHangs() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await TestServer.run(
                    [
                        "CREATE TABLE \(schema).slow (id bigint PRIMARY KEY)", "CREATE TABLE \(schema).fast (id bigint PRIMARY KEY)",
                        "INSERT INTO \(schema).slow SELECT i FROM generate_series(1, 10000) i",
                        "INSERT INTO \(schema).fast SELECT i FROM generate_series(1, 100) i",
                        "ANALYZE \(schema).slow", "ANALYZE \(schema).fast",
                    ], on: connection)
                let database = PostgresSharedConnection(try TestServer.settings())
                let storage = PagedStorage(
                    source: try await PostgresPageSource<Item>(database, table: "slow", schema: schema), pageSize: 32)
                let fast = try await PostgresPageSource<Item>(database, table: "fast", schema: schema)
                try await storage.settle()
                #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { $0 })

                try await TestServer.withConnection(try TestServer.settings()) { locker in
                    // Another client holds the old table: a jump's read waits for the lock.
                    try await TestServer.run(["BEGIN", "LOCK TABLE \(schema).slow IN ACCESS EXCLUSIVE MODE"], on: locker)
                    _ = storage.item(at: IndexPath(item: 5000, section: 0))
                    // The reads waiting for this table's lock (the other tests run beside this one).
                    let waiting = "SELECT count(*) FROM pg_locks WHERE relation = '\(schema).slow'::regclass AND NOT granted"
                    #expect(try await TestServer.eventually { try await TestServer.ids(waiting, on: connection) == [1] })

                    // The user picks another order meanwhile: its rows come at once, and the
                    // server stops the read no one waits for.
                    storage.reset(to: fast)
                    #expect(try await storage.show(0..<20).map { $0?.id } == (1...20).map { $0 })
                    #expect(storage.count == 100)
                    #expect(try await TestServer.eventually { try await TestServer.ids(waiting, on: connection) == [0] })
                    try await TestServer.run(["COMMIT"], on: locker)
                }
                #expect(storage.lastError == nil)
                await database.close()
            }
        }

        @Test func tlsIsUsedWhenAskedAndAServerThatCannotBeTrustedIsRefused() async throws {
            _ = try TestServer.settings()  // the suites run under the test server's script
            let server = OwnTestServer(folder: "/tmp/glm-postgres-tls", port: 54332, servesTLS: true)
            try await server.run("start")
            try await TestServer.withConnection(server.settings) { connection in
                try await TestServer.run(
                    ["CREATE TABLE items (id bigint PRIMARY KEY)", "INSERT INTO items SELECT i FROM generate_series(1, 1000) i"],
                    on: connection)
            }

            // Encrypted, its certificate checked against the authority given and its name.
            for settings in [
                server.tcpSettings(tls: .verifyFull, trusting: server.certificateFile),
                server.tcpSettings(host: "127.0.0.1", tls: .verifyFull, trusting: server.certificateFile),
                server.tcpSettings(tls: .require),
            ] {
                let database = PostgresSharedConnection(settings)
                let encrypted = try await database.withConnection { connection in
                    try await connection.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: TestServer.logger)
                        .collect().map { try $0.decode(Bool.self) }
                }
                #expect(encrypted == [true], "\(settings.tls)")
                let storage = PagedStorage(source: try await PostgresPageSource<Item>(database, table: "items"), pageSize: 32)
                try await storage.settle()
                #expect(isRun(try await storage.show(500..<510), near: 501, within: 10))
                await database.close()
            }

            // A certificate no trusted authority signed: no connection, and the reason said.
            let untrusted = PostgresSharedConnection(server.tcpSettings(tls: .verifyFull))
            let refusal = await #expect(throws: PostgresStorageError.self) {
                _ = try await PostgresPageSource<Item>(untrusted, table: "items")
            }
            guard case .connection(let reason) = refusal else {
                Issue.record("not a connection error: \(String(describing: refusal))")
                return
            }
            #expect(reason.contains("CERTIFICATE_VERIFY_FAILED") || reason.localizedCaseInsensitiveContains("certificate"), "\(reason)")
            await untrusted.close()

            // Without TLS, the server's refusal in its own words.
            let plain = PostgresSharedConnection(server.tcpSettings(tls: .disable))
            let plainRefusal = await #expect(throws: PostgresStorageError.self) {
                _ = try await PostgresPageSource<Item>(plain, table: "items")
            }
            guard case .server(let message, let code) = plainRefusal else {
                Issue.record("not the server's refusal: \(String(describing: plainRefusal))")
                return
            }
            #expect(code == "28000" && message.contains("no encryption"), "\(message)")
            await plain.close()
            try await server.run("stop")
        }
    }
#endif
