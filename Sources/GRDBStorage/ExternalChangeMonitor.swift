import Dispatch
import GRDB
import Synchronization

/// Notices writes that other connections and other processes commit to a database file, which
/// GRDB's observation cannot see: it polls SQLite's `PRAGMA data_version` on a read-only
/// connection of its own, whose value changes whenever another connection commits.
final class ExternalChangeMonitor {
    private let connection: DatabaseQueue
    private let interval: Duration
    /// The data version of the previous poll.
    private let lastVersion: LastDataVersion
    private var timer: (any DispatchSourceTimer)?

    /// A monitor of the file at `path` that knows its current version: a commit made after
    /// this returns is noticed. Nil when the file cannot be opened (an in-memory database has
    /// no other connections to watch).
    init?(path: String, interval: Duration) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "GRDBStorage.ExternalChangeMonitor"
        guard !path.isEmpty, path != ":memory:", let connection = try? DatabaseQueue(path: path, configuration: configuration),
            let version = Self.dataVersion(of: connection)
        else { return nil }
        self.connection = connection
        self.interval = interval
        lastVersion = LastDataVersion(version)
    }

    /// Polls every `interval`, calling `changed` (on a background queue) after each poll that
    /// saw a commit since the previous one.
    func start(changed: @escaping @Sendable () -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "GRDBStorage.ExternalChangeMonitor", qos: .utility))
        let connection = connection, lastVersion = lastVersion
        let (seconds, attoseconds) = interval.components
        let milliseconds = max(Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000), 1)
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        timer.setEventHandler {
            // A locked or damaged file gives no answer this time; the storage's fetch reports it.
            guard let version = Self.dataVersion(of: connection) else { return }
            if lastVersion.exchange(version) != version { changed() }
        }
        timer.activate()
        self.timer = timer
    }

    /// Stops polling.
    func stop() {
        timer?.cancel()
        timer = nil
    }

    deinit {
        timer?.cancel()
    }

    private static func dataVersion(of connection: DatabaseQueue) -> Int? {
        try? connection.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}

/// The data version seen by the previous poll, shared with the timer's queue.
private final class LastDataVersion: Sendable {
    private let value: Atomic<Int>

    init(_ version: Int) {
        value = Atomic(version)
    }

    /// Stores `version` and returns the previous one.
    func exchange(_ version: Int) -> Int {
        value.exchange(version, ordering: .sequentiallyConsistent)
    }
}
