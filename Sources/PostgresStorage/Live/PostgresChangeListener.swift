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
    public final class PostgresChangeListener: Sendable {
        /// The feed heard.
        public let feed: PostgresChangeFeed
        private let settings: PostgresConnectionSettings
        private let logger: Logger
        private let state = ListenerState()

        /// A listener for `feed`'s notifications, which connects with `settings` once started.
        public init(_ settings: PostgresConnectionSettings, feed: PostgresChangeFeed, logger: Logger = Logger(label: "PostgresStorage")) {
            self.settings = settings
            self.feed = feed
            self.logger = logger
        }

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
            let task = Task.detached { [settings, feed, logger, state] in
                await Self.listen(settings: settings, channel: feed.channel, logger: logger, state: state, teller: teller)
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
            settings: PostgresConnectionSettings, channel: String, logger: Logger, state: ListenerState, teller: ChangeTeller
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
                        if hasListened { teller.tell(.unknown) }
                        hasListened = true
                        for try await notification in notifications { teller.tell(Self.change(from: notification.payload)) }
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
