#if PostgreSQL
    import Foundation
    import Logging
    import ModelStorage
    import PostgresNIO
    import Synchronization

    /// Hears the notifications of a ``PostgresChangeFeed`` on a connection of its own and hands
    /// them to the main actor, gathered: every notification that comes before the main loop
    /// takes the last ones is told with them, as one `PageSourceChange`.
    ///
    /// ```swift
    /// let listener = PostgresChangeListener(database.settings, feed: feed)
    /// storage.follow(listener)
    /// ```
    ///
    /// A lost connection is opened again after a pause (1 second, doubling up to 30); since
    /// notifications sent meanwhile are lost, the first change told after it is
    /// `PageSourceChange.unknown`, so that a storage reads its rows and count again. Listening
    /// stops when ``stop()`` is called or the listener is released.
    ///
    /// A storage that reads from a read replica listens on the primary (a standby sends no
    /// notifications) and names the replica: ``init(_:feed:readingFrom:replayWaitLimit:logger:)`` tells a change
    /// only once the replica replayed it, so that the rows read again hold it.
    public final class PostgresChangeListener: Sendable {
        /// The feed heard.
        public let feed: PostgresChangeFeed
        private let settings: PostgresConnectionSettings
        /// The replica the storage reads from, which a change waits for.
        private let replica: PostgresConnectionSettings?
        private let logger: Logger
        private let state = ListenerState()

        /// A listener for `feed`'s notifications, which connects with `settings` once started.
        public init(_ settings: PostgresConnectionSettings, feed: PostgresChangeFeed, logger: Logger = Logger(label: "PostgresStorage")) {
            self.settings = settings
            self.feed = feed
            self.replica = nil
            self.replayWaitLimit = .zero
            self.logger = logger
        }

        /// A listener for `feed`'s notifications on the primary, `settings`, for a storage that
        /// reads from the read replica `replica` (a hot standby of that primary).
        ///
        /// A change is told once the replica replayed it: after each notification the listener
        /// reads where the primary's write-ahead log is (`pg_current_wal_insert_lsn()`, past the
        /// commit of the notifying transaction), then waits, on a connection of its own to the
        /// replica, until `pg_last_wal_replay_lsn()` reaches it, checking every 2 ms. A replica
        /// that does not reach it within ``replayWaitLimit``, or cannot be reached (stopped,
        /// lost), does not hold the change back: it is told, the rows read again show what the
        /// replica has (or its error, as a page that cannot be read shows it), and once the
        /// replica has replayed the change the listener tells it again (as `unknown`: the rows and
        /// the count are read anew), checking every 250 ms.
        ///
        /// ```swift
        /// let replica = PostgresSharedConnection(replicaSettings)
        /// let source = try await PostgresPageSource<Ticket>(replica, table: "tickets")
        /// storage.follow(PostgresChangeListener(primarySettings, feed: feed, readingFrom: replicaSettings))
        /// ```
        public init(
            _ settings: PostgresConnectionSettings, feed: PostgresChangeFeed, readingFrom replica: PostgresConnectionSettings,
            replayWaitLimit: Duration = .seconds(10), logger: Logger = Logger(label: "PostgresStorage")
        ) {
            self.settings = settings
            self.feed = feed
            self.replica = replica
            self.replayWaitLimit = replayWaitLimit
            self.logger = logger
        }

        /// How long a change waits for the replica to replay it at most before it is told (10
        /// seconds unless the initializer says otherwise); zero without a replica.
        public let replayWaitLimit: Duration

        deinit { stop() }

        /// Whether the listener is connected and listening: changes committed from now on are told.
        public var isListening: Bool { state.withLock { $0.isListening } }
        /// How many connections it opened (the first, then one after each loss).
        public var connectionsOpened: Int { state.withLock { $0.connectionsOpened } }
        /// Why the last connection failed or was lost, until one listens again.
        public var lastError: PostgresStorageError? { state.withLock { $0.lastError } }

        /// Starts listening: `receive` runs on the main actor (through `handOff`) with the changes
        /// heard since it last ran. Starting again replaces the earlier `receive`.
        public func start(
            handOff: any MainActorHandOff = TaskMainActorHandOff(), _ receive: @escaping @Sendable @MainActor (PageSourceChange) -> Void
        ) {
            let teller = ChangeTeller(state: state, handOff: handOff, receive: receive)
            let task = Task.detached { [settings, replica, replayWaitLimit, feed, logger, state] in
                let replay = replica.map { ReplicaReplay(settings: $0, limit: replayWaitLimit, logger: logger) }
                await Self.listen(settings: settings, channel: feed.channel, logger: logger, state: state, teller: teller, replay: replay)
                await replay?.close()
            }
            state.withLock { state in
                state.task?.cancel()
                state.task = task
            }
        }

        /// Stops listening and closes the connection.
        public func stop() {
            state.withLock { state in
                state.task?.cancel()
                state.task = nil
            }
        }

        /// Listens until cancelled, connecting again after each loss.
        private static func listen(
            settings: PostgresConnectionSettings, channel: String, logger: Logger, state: ListenerState, teller: ChangeTeller,
            replay: ReplicaReplay?
        ) async {
            var failures = 0, hasListened = false
            while !Task.isCancelled {
                var opened: PostgresConnection?
                do {
                    let id = state.withLock { state in
                        state.connectionsOpened += 1
                        return state.connectionsOpened
                    }
                    let connection = try await PostgresConnection.connect(
                        configuration: try settings.connectionConfiguration(), id: id, logger: logger)
                    opened = connection
                    try await connection.listen(on: channel) { notifications in
                        state.withLock { state in
                            state.isListening = true
                            state.lastError = nil
                        }
                        failures = 0
                        // What was committed while no one listened is lost: read everything again.
                        if hasListened {
                            await replay?.wait(for: connection, teller: teller)
                            teller.tell(.unknown)
                        }
                        hasListened = true
                        for try await notification in notifications {
                            let change = Self.change(from: notification.payload)
                            // Read from a replica, the change waits until the replica has it.
                            await replay?.wait(for: connection, teller: teller)
                            teller.tell(change)
                        }
                    }
                } catch {
                    if !Task.isCancelled { state.withLock { $0.lastError = PostgresStorageError(error) } }
                }
                state.withLock { $0.isListening = false }
                try? await opened?.close()
                failures += 1
                try? await Task.sleep(for: .seconds(min(30, 1 << min(failures - 1, 5))))
            }
        }

        /// What the feed's notification `payload` tells; unknown for words it does not send.
        static func change(from payload: String) -> PageSourceChange {
            struct Notification: Decodable {
                let op: String
                let rows: Int
            }
            guard let notification = try? JSONDecoder().decode(Notification.self, from: Data(payload.utf8)) else { return .unknown }
            switch notification.op {
            case "INSERT": return PageSourceChange(inserted: notification.rows)
            case "UPDATE": return PageSourceChange(updated: notification.rows)
            case "DELETE": return PageSourceChange(deleted: notification.rows)
            default: return .unknown
            }
        }
    }

    /// The wait of a listener for its storage's replica: until the replica replayed the primary's
    /// write-ahead log up to where it was when a change was heard.
    actor ReplicaReplay {
        let settings: PostgresConnectionSettings
        let limit: Duration
        let logger: Logger
        private var connection: PostgresConnection?
        /// Where the primary was when a change was told that the replica could not be asked
        /// about (stopped, unreachable): once it has replayed that far, the rows are read again.
        private var owed: String?
        private var catchingUp: Task<Void, Never>?

        init(settings: PostgresConnectionSettings, limit: Duration, logger: Logger) {
            self.settings = settings
            self.limit = limit
            self.logger = logger
        }

        /// Waits until the replica replayed what `primary` committed so far, at most `limit`; at
        /// once when either cannot answer. A change told before the replica has it is told again
        /// (`unknown`, through `teller`) once it has replayed it: the rows read meanwhile may
        /// lack it.
        func wait(for primary: PostgresConnection, teller: ChangeTeller) async {
            let lsn: String
            do {
                // The insert position, past the commit of the change heard: with asynchronous
                // commits, `pg_current_wal_lsn()` (written) may not have reached it yet.
                let position = try await primary.query("SELECT pg_current_wal_insert_lsn()::text", logger: logger).collect()
                guard let read = try position.first?.decode(String.self) else { return }
                lsn = read
            } catch {
                return  // the primary is lost: the listener connects again and reads everything again
            }
            let clock = ContinuousClock(), deadline = clock.now + limit
            do {
                while clock.now < deadline, !Task.isCancelled {
                    if try await hasReplayed(lsn) { return }
                    try await Task.sleep(for: .milliseconds(2))
                }
            } catch {
                // The storage's reads show the fault.
                await closeConnection()
            }
            // Told now, and again once the replica has it.
            guard !Task.isCancelled else { return }
            owed = lsn
            if catchingUp == nil { catchingUp = Task { await catchUp(teller) } }
        }

        /// Asks the replica every 250 ms until it replayed what is owed, then tells the change again.
        private func catchUp(_ teller: ChangeTeller) async {
            while !Task.isCancelled, let lsn = owed {
                do {
                    if try await hasReplayed(lsn) {
                        if owed == lsn {
                            owed = nil
                            teller.tell(.unknown)
                        }
                        continue
                    }
                } catch {
                    await closeConnection()
                }
                try? await Task.sleep(for: .milliseconds(250))
            }
            catchingUp = nil
        }

        /// Whether the replica replayed the primary's log up to `lsn` (any server that is not a
        /// standby has).
        private func hasReplayed(_ lsn: String) async throws -> Bool {
            let replica = try await open()
            let replayed = try await replica.query(
                "SELECT coalesce(pg_last_wal_replay_lsn() >= \(lsn)::pg_lsn, true)", logger: logger
            ).collect()
            return try replayed.first?.decode(Bool.self) != false
        }

        private func open() async throws -> PostgresConnection {
            if let connection, !connection.isClosed { return connection }
            let opened = try await PostgresConnection.connect(configuration: try settings.connectionConfiguration(), id: 0, logger: logger)
            // Another wait may have opened one meanwhile.
            if let connection, !connection.isClosed {
                try? await opened.close()
                return connection
            }
            connection = opened
            return opened
        }

        private func closeConnection() async {
            let closing = connection
            connection = nil
            try? await closing?.close()
        }

        /// Stops asking and closes its connection to the replica.
        func close() async {
            catchingUp?.cancel()
            await catchingUp?.value
            await closeConnection()
        }
    }

    /// What a listener and its listening task share.
    final class ListenerState: Sendable {
        struct Fields {
            var task: Task<Void, Never>?
            var isListening = false
            var connectionsOpened = 0
            var lastError: PostgresStorageError?
            /// Changes heard and not yet handed to the main actor.
            var gathered: PageSourceChange?
            var isHandingOff = false
        }

        private let fields = Mutex(Fields())

        func withLock<Result>(_ body: (inout Fields) -> Result) -> Result {
            fields.withLock { body(&$0) }
        }
    }

    /// Hands the changes heard to the main actor: one hand-off at a time, which takes every
    /// change gathered until it runs.
    struct ChangeTeller: Sendable {
        let state: ListenerState
        let handOff: any MainActorHandOff
        let receive: @Sendable @MainActor (PageSourceChange) -> Void

        func tell(_ change: PageSourceChange) {
            let startsHandOff = state.withLock { fields in
                fields.gathered = fields.gathered?.merged(with: change) ?? change
                defer { fields.isHandingOff = true }
                return !fields.isHandingOff
            }
            guard startsHandOff else { return }
            handOff.handOff { [state, receive] in
                let gathered = state.withLock { fields in
                    defer {
                        fields.gathered = nil
                        fields.isHandingOff = false
                    }
                    return fields.gathered
                }
                if let gathered { receive(gathered) }
            }
        }
    }
#endif
