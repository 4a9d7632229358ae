#if PostgreSQL
    import Logging
    import PostgresNIO

    /// The connection to a PostgreSQL database that its storages share: one connection, opened
    /// when first needed and again after it was lost. (Not PostgresNIO's `PostgresDatabase`
    /// protocol, whose name an app importing both modules would find twice.)
    ///
    /// Queries wait for the connection to open; a connection that cannot open (a server stopped,
    /// bad credentials, a timeout) throws ``PostgresStorageError`` to the read that asked, which the
    /// storage shows and tries again.
    public actor PostgresSharedConnection {
        /// Where it connects.
        public nonisolated let settings: PostgresConnectionSettings
        private let logger: Logger
        private var connection: PostgresConnection?
        private var opening: Task<PostgresConnection, any Error>?
        private var connectionsOpened = 0
        private var connectionAttempts = 0

        /// The database of `settings`; nothing is opened yet.
        public init(_ settings: PostgresConnectionSettings, logger: Logger = Logger(label: "PostgresStorage")) {
            self.settings = settings
            self.logger = logger
        }

        deinit {
            // A connection goes only once closed (PostgresNIO asserts it): closed now, and kept
            // by the close's completion until it is.
            if let connection, !connection.isClosed {
                connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
            }
        }

        /// How many connections opened so far (the first, then one per reconnection).
        public var openedConnections: Int { connectionsOpened }

        /// Runs `query` and returns its rows, opening the connection first when needed.
        ///
        /// - Throws: ``PostgresStorageError``.
        func rows(_ query: PostgresQuery) async throws(PostgresStorageError) -> [PostgresRow] {
            do {
                let connection = try await open()
                do {
                    return try await connection.query(query, logger: logger).collect()
                } catch {
                    if connection.isClosed { self.connection = nil }
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
                let connection = try await open()
                do {
                    return try await body(connection)
                } catch {
                    if connection.isClosed { self.connection = nil }
                    throw error
                }
            } catch {
                throw PostgresStorageError(error)
            }
        }

        /// Closes the connection; the next query opens another.
        public func close() async {
            let closing = connection
            connection = nil
            try? await closing?.close()
        }

        /// Lets go of `connection` when `error` says it is gone or going (closed, lost without the
        /// server's word, or the server's connection and shutdown errors, SQLSTATE classes 08 and
        /// 57): the next query opens another. A statement the server refused keeps it.
        private func drop(_ connection: PostgresConnection, after error: any Error) async {
            let serverState = (error as? PSQLError)?.serverInfo?[.sqlState]
            let isLost =
                connection.isClosed || (error is PSQLError && serverState == nil)
                || serverState.map { $0.hasPrefix("08") || $0.hasPrefix("57") } == true
            guard isLost else { return }
            if self.connection === connection { self.connection = nil }
            try? await connection.close()
        }

        private func open() async throws -> PostgresConnection {
            if let connection, !connection.isClosed { return connection }
            if let opening { return try await opening.value }
            let configuration = try settings.connectionConfiguration()
            connectionsOpened += 1
            let id = connectionsOpened, logger = logger
            let task = Task { try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger) }
            opening = task
            defer { opening = nil }
            let opened = try await task.value
            connection = opened
            return opened
        }
    }
#endif
