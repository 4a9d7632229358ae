#if PostgreSQL
    import Logging
    import PostgresNIO

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

        private var connections: [Lane: PostgresConnection] = [:]
        private var openings: [Lane: Task<PostgresConnection, any Error>] = [:]
        private var connectionsOpened = 0

        /// The database of `settings`; nothing is opened yet.
        public init(_ settings: PostgresConnectionSettings, logger: Logger = Logger(label: "PostgresStorage")) {
            self.settings = settings
            self.logger = logger
        }

        deinit {
            // A connection goes only once closed (PostgresNIO asserts it): closed now, and kept
            // by the close's completion until it is.
            for connection in connections.values where !connection.isClosed {
                connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
            }
        }

        /// How many connections opened so far (the first, then one per reconnection).
        public var openedConnections: Int { connectionsOpened }

        /// Runs `query` on the connection of `lane` and returns its rows, opening the connection
        /// first when needed.
        ///
        /// - Throws: ``PostgresStorageError``.
        func rows(_ query: PostgresQuery, on lane: Lane = .pages) async throws(PostgresStorageError) -> [PostgresRow] {
            do {
                let connection = try await open(lane)
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
            let closing = connections.values
            connections = [:]
            for connection in closing { try? await connection.close() }
        }

        /// Lets go of `connection`, closed: the next query of `lane` opens another.
        private func forget(_ connection: PostgresConnection, of lane: Lane) {
            if connections[lane] === connection { connections[lane] = nil }
        }

        private func open(_ lane: Lane) async throws -> PostgresConnection {
            if let connection = connections[lane], !connection.isClosed { return connection }
            if let opening = openings[lane] { return try await opening.value }
            let configuration = try settings.connectionConfiguration()
            connectionsOpened += 1
            let id = connectionsOpened, logger = logger
            let task = Task { try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger) }
            openings[lane] = task
            defer { openings[lane] = nil }
            let opened = try await task.value
            connections[lane] = opened
            return opened
        }
    }
#endif
