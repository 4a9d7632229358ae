#if PostgreSQL
    import Foundation
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// The server goes away while a list scrolls: the rows not read stay stand-ins, the storage
    /// shows the error, nothing crashes or blocks, and once the server is back the rows are read
    /// through a new connection. The suite stops and starts a cluster of its own: the other
    /// suites' server stays up.
    @MainActor
    @Suite struct PostgresFaultTests {
        struct Item: PostgresRecord {
            static let columns = ["id"]
            let id: Int64
            init(row: PostgresRandomAccessRow) throws { id = try row["id"].decode(Int64.self) }
        }

        /// A cluster in a folder and on a socket number of its own, driven by the script `make
        /// test` uses.
        struct OwnServer {
            /// One name: a run that failed half-way leaves a cluster the next start replaces.
            let folder = "/tmp/glm-postgres-faults"
            let port = 54331

            /// `scripts/postgres-test-server.sh <command>` for this cluster, waited for off the main
            /// actor.
            func run(_ command: String) async throws {
                let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("scripts/postgres-test-server.sh")
                let scriptPath = script.path
                let environment = ProcessInfo.processInfo.environment.merging(
                    ["GLM_POSTGRES_DIR": folder, "GLM_POSTGRES_PORT": "\(port)"]) { $1 }
                // Spawned and waited for by its process id: Foundation's Process never saw this
                // script end inside the test runner.
                let status = await Task.detached {
                    let arguments = ["/bin/bash", scriptPath, command].map { $0.withCString { strdup($0) } } + [nil]
                    let variables = environment.map { "\($0)=\($1)".withCString { strdup($0) } } + [nil]
                    defer { (arguments + variables).forEach { free($0) } }
                    var actions = posix_spawn_file_actions_t()
                    posix_spawn_file_actions_init(&actions)
                    defer { posix_spawn_file_actions_destroy(&actions) }
                    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                    var pid: pid_t = 0
                    guard posix_spawn(&pid, "/bin/bash", &actions, nil, arguments, variables) == 0 else { return Int32(-1) }
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                    return (status >> 8) & 0xff
                }.value
                try #require(status == 0, "postgres-test-server.sh \(command)")
            }

            var settings: PostgresConnectionSettings {
                PostgresConnectionSettings(
                    endpoint: .unixSocket(path: "\(folder)/.s.PGSQL.\(port)"), username: "postgres", database: "postgres")
            }
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
            let server = OwnServer()
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
    }
#endif
