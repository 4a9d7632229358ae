#if PostgreSQL
    import Logging
    import PostgresNIO
    import Synchronization

    /// The connections to a PostgreSQL database that its storages share, each opened when first
    /// needed and again after it was lost: one for pages and the app's statements, and one for
    /// counts, so that counting ten million rows (a second or two) never holds a page back. (Not
    /// PostgresNIO's `PostgresDatabase` protocol, whose name an app importing both modules would
    /// find twice.)
    ///
    /// Queries wait for the connection to open; a connection that cannot open (a server stopped,
    /// bad credentials, a timeout) throws ``PostgresStorageError`` to the read that asked, which the
    /// storage shows and tries again.
    public actor PostgresSharedConnection {
        /// Where it connects.
        public nonisolated let settings: PostgresConnectionSettings
        private let logger: Logger
        /// Which connection a query runs on.
        enum Lane: Hashable, Sendable {
            /// Pages and the app's own statements: quick, and what the user waits for.
            case pages
            /// Counts: slow on a big table, and never in the way of a page.
            case counts
        }

        /// Whose queries these are: a page source's (each order and filter its own), so that
        /// reads no one wants any more can be let go of (``letGoOfAbandonedReads()``).
        final class Reader: Sendable {
            private let abandoned = Atomic(false)

            /// Whether no one wants this reader's reads any more.
            var isAbandoned: Bool { abandoned.load(ordering: .acquiring) }

            /// No one wants this reader's reads any more.
            func abandon() { abandoned.store(true, ordering: .releasing) }
        }

        /// A query sent on a connection, not answered yet: a connection answers them in turn.
        private struct Pending {
            let ticket: Int
            /// The reader that asked; nil for the app's own statements and writes.
            let reader: Reader?

            var isAbandoned: Bool { reader?.isAbandoned == true }
        }

        private var connections: [Lane: PostgresConnection] = [:]
        private var openings: [Lane: Task<PostgresConnection, any Error>] = [:]
        private var connectionsOpened = 0
        /// The queries each connection has not answered yet, the one it runs first.
        private var pending: [ObjectIdentifier: [Pending]] = [:]
        private var nextTicket = 0
        /// Each connection's server process, whose statement can be cancelled.
        private var backendIDs: [ObjectIdentifier: Int32] = [:]
        /// Connections left to finish reads no one wants, closed once they have.
        private var lettingGo: [ObjectIdentifier: PostgresConnection] = [:]
        /// The connections let go of whose statement was cancelled (once is enough).
        private var cancelled = Set<ObjectIdentifier>()

        /// The database of `settings`; nothing is opened yet.
        public init(_ settings: PostgresConnectionSettings, logger: Logger = Logger(label: "PostgresStorage")) {
            self.settings = settings
            self.logger = logger
        }

        deinit {
            // A connection goes only once closed (PostgresNIO asserts it): closed now, and kept
            // by the close's completion until it is.
            for connection in Array(connections.values) + lettingGo.values where !connection.isClosed {
                connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
            }
        }

        /// How many connections opened so far (the first, then one per reconnection).
        public var openedConnections: Int { connectionsOpened }

        /// Runs `query` on the connection of `lane` and returns its rows, opening the connection
        /// first when needed.
        ///
        /// - Throws: ``PostgresStorageError``.
        func rows(_ query: PostgresQuery, on lane: Lane = .pages, for reader: Reader? = nil) async throws(PostgresStorageError)
            -> [PostgresRow]
        {
            // No one waits for it: never sent (a count of an order clicked past, say).
            if reader?.isAbandoned == true { throw .abandoned }
            do {
                let connection = try await open(lane)
                let ticket = sent(on: connection, by: reader)
                defer { answered(ticket, on: connection) }
                do {
                    return try await connection.query(query, logger: logger).collect()
                } catch {
                    if connection.isClosed { forget(connection, of: lane) }
                    throw error
                }
            } catch {
                throw PostgresStorageError(error)
            }
        }

        /// Runs `body` with the connection, opened first when needed: the app's own statements
        /// (a migration, a write) on the connection its storages read through. Statements run one
        /// at a time on it; a lost connection is let go of, and the next call opens another.
        ///
        /// - Throws: ``PostgresStorageError``: what `body` threw, in the server's words when it
        ///   gave them.
        public func withConnection<Result: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> Result)
            async throws(PostgresStorageError)
            -> Result
        {
            do {
                let connection = try await open(.pages)
                let ticket = sent(on: connection, by: nil)
                defer { answered(ticket, on: connection) }
                do {
                    return try await body(connection)
                } catch {
                    if connection.isClosed { forget(connection, of: .pages) }
                    throw error
                }
            } catch {
                throw PostgresStorageError(error)
            }
        }

        /// What the catalog says of `relation`, read on the pages' connection.
        ///
        /// - Throws: ``PostgresStorageError/missingRelation(_:)``, or the server's error.
        func describe(_ relation: SQLRelation) async throws(PostgresStorageError) -> TableDescription {
            let logger = logger
            return try await withConnection { connection in try await TableDescription.read(relation, on: connection, logger: logger) }
        }

        /// Closes the connections; the next query opens another.
        public func close() async {
            let closing = Array(connections.values) + lettingGo.values
            connections = [:]
            lettingGo = [:]
            for connection in closing { try? await connection.close() }
        }

        /// Lets go of `connection`, closed: the next query of `lane` opens another.
        private func forget(_ connection: PostgresConnection, of lane: Lane) {
            if connections[lane] === connection { connections[lane] = nil }
            backendIDs[ObjectIdentifier(connection)] = nil
        }

        // MARK: - Reads no one wants

        /// Lets go of the reads no one wants (their sources abandoned): a connection running
        /// one is left to answer what it was sent, then closes, and the lane's next queries open
        /// another rather than wait behind it. When nothing but such reads waits on it, the
        /// statement running is cancelled (`pg_cancel_backend`), so that the server stops working
        /// for no one. A statement of the app's, or of a storage still reading, is never
        /// cancelled.
        func letGoOfAbandonedReads() async {
            for lane in [Lane.pages, .counts] { letGoIfBusyWithAbandonedReads(lane) }
            // A copy: the set changes while a cancel is sent.
            for id in Array(lettingGo.keys) where !cancelled.contains(id) {
                guard let queue = pending[id], !queue.isEmpty, queue.allSatisfy(\.isAbandoned), let backend = backendIDs[id]
                else { continue }
                cancelled.insert(id)
                await cancelStatement(ofBackend: backend)
            }
        }

        /// Lets go of the connection of `lane` when the query it runs is an abandoned read.
        private func letGoIfBusyWithAbandonedReads(_ lane: Lane) {
            guard let connection = connections[lane], pending[ObjectIdentifier(connection)]?.first?.isAbandoned == true else { return }
            connections[lane] = nil
            lettingGo[ObjectIdentifier(connection)] = connection
        }

        /// Asks the server to cancel the statement its process `backend` runs, on a connection of
        /// its own (the others may wait behind a slow statement).
        private func cancelStatement(ofBackend backend: Int32) async {
            guard let configuration = try? settings.connectionConfiguration(),
                let connection = try? await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            else { return }
            _ = try? await connection.query("SELECT pg_cancel_backend(\(backend))", logger: logger).collect()
            try? await connection.close()
        }

        /// Notes a query sent on `connection`; its ticket.
        private func sent(on connection: PostgresConnection, by reader: Reader?) -> Int {
            nextTicket += 1
            pending[ObjectIdentifier(connection), default: []].append(Pending(ticket: nextTicket, reader: reader))
            return nextTicket
        }

        /// Notes the query of `ticket` answered; a connection let go of closes once it has answered all.
        private func answered(_ ticket: Int, on connection: PostgresConnection) {
            let id = ObjectIdentifier(connection)
            pending[id]?.removeAll { $0.ticket == ticket }
            guard pending[id]?.isEmpty ?? true else { return }
            pending[id] = nil
            guard let finished = lettingGo.removeValue(forKey: id) else { return }
            backendIDs[id] = nil
            cancelled.remove(id)
            finished.close().whenComplete { _ in withExtendedLifetime(finished) {} }
        }

        // MARK: - Opening

        private func open(_ lane: Lane) async throws -> PostgresConnection {
            // Never behind a read no one wants: its connection is let go of first.
            letGoIfBusyWithAbandonedReads(lane)
            if let connection = connections[lane], !connection.isClosed { return connection }
            if let opening = openings[lane] { return try await opening.value }
            let configuration = try settings.connectionConfiguration()
            connectionsOpened += 1
            let id = connectionsOpened, logger = logger
            let task = Task { try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger) }
            openings[lane] = task
            defer { openings[lane] = nil }
            let opened = try await task.value
            // Its server process, to cancel a statement no one waits for any more.
            let backend = try await opened.query("SELECT pg_backend_pid()", logger: logger).collect().first?.decode(Int32.self)
            backendIDs[ObjectIdentifier(opened)] = backend
            connections[lane] = opened
            return opened
        }
    }
#endif
