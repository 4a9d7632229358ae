#if PostgreSQL
    import Foundation
    import GtkListManager
    import PostgresNIO
    import PostgresStorage
    import Synchronization

    /// The change part: the table's change feed (installed by the parent) followed as the article
    /// writes it (`storage.follow(PostgresChangeListener(…))`), and another client, a connection
    /// of its own, changing rows on screen one statement at a time: 20 updates of a title, 20
    /// deletes of a row on screen, then 20 inserts putting them back where they showed. Each is timed from just before
    /// the other client sends its statement (a transaction of its own, so the commit is included) to
    /// the painted frame that shows it; the statement's own time, to the other client's answer, is
    /// kept apart (`write_*`).
    extension PostgresScenario {
        static let changes = 20

        func measureOtherClient() throws {
            let storage = list.storage
            // The change path alone: the exact count read, nothing loading.
            GtkRuntime.iterate(until: { storage.isCountExact && !storage.isLoading }, timeout: .seconds(60))
            let listener = PostgresChangeListener(settings, feed: table.feed)
            storage.follow(listener)
            defer { listener.stop() }
            guard GtkRuntime.iterate(until: { listener.isListening }, timeout: .seconds(20)) else { return fail("listen") }
            let other = PostgresSharedConnection(settings)
            try MainLoopAwait.value { _ = try await other.withConnection { try await $0.query("SELECT 1", logger: Self.logger).collect() } }
            let name = table.name
            watchingStalls("changes") {
                for index in 0..<Self.changes {
                    // A row on screen, away from the edges.
                    guard let rows = list.onScreen.rows(), rows.count > 8 else { return fail("update") }
                    let target = rows[2 + index % (rows.count - 6)], title = "changed \(index) by another client"
                    write("update", "UPDATE \(unescaped: name) SET title = \(title) WHERE id = \(target.ticket.id)", on: other) { [list] in
                        list!.onScreen.rows()?.contains { $0.position == target.position && $0.ticket.title == title } == true
                    }
                }
                // Rows on screen deleted, then put back where they were, as generated.
                var deleted: [Int64] = []
                for _ in 0..<Self.changes {
                    guard let rows = list.onScreen.rows(), rows.count > 8 else { return fail("delete") }
                    let gone = rows[3].ticket.id
                    deleted.append(gone)
                    write("delete", "DELETE FROM \(unescaped: name) WHERE id = \(gone)", on: other) { [list] in
                        guard let rows = list!.onScreen.rows() else { return false }
                        return rows.areIncreasing && !rows.contains { $0.ticket.id == gone }
                    }
                }
                for id in deleted.reversed() {
                    let sql = PostgresQuery(
                        unsafeSQL: "INSERT INTO \(name) " + PostgresBenchTable.generated("generate_series(\(id), \(id))"))
                    write("insert", sql, on: other) { [list] in
                        guard let rows = list!.onScreen.rows() else { return false }
                        return rows.areIncreasing && rows.contains { $0.ticket.id == id }
                    }
                }
            }
            let table = table
            try MainLoopAwait.value { try await table.restoreTouchedRows(on: other) }
            Task { await other.close() }
        }

        /// Has the other client run `sql` and samples `name` from just before it sent it to the
        /// painted frame `shows` accepts; the statement's time to its answer goes to
        /// `write_<name>`. Waits for the answer and for the storage to settle before returning,
        /// so that each change is timed alone.
        private func write(_ name: String, _ sql: PostgresQuery, on other: PostgresSharedConnection, shows: @escaping () -> Bool) {
            let timing = WriteTiming()
            Task.detached {
                let sent = ProcessMemory.wallMilliseconds()
                timing.times.withLock { $0.sent = sent }
                do {
                    _ = try await other.withConnection { try await $0.query(sql, logger: Self.logger).collect() }
                    timing.times.withLock { $0.answered = ProcessMemory.wallMilliseconds() - sent }
                } catch {
                    timing.times.withLock { $0.failed = true }
                }
            }
            GtkRuntime.iterate(until: { timing.times.withLock { $0.sent != nil } })
            guard let sent = timing.times.withLock({ $0.sent }) else { return fail(name) }
            sample(name, from: sent, until: shows)
            GtkRuntime.iterate(until: { timing.times.withLock { $0.answered != nil || $0.failed } })
            if let answered = timing.times.withLock({ $0.answered }) {
                result.samples["write_\(name)_samples", default: []].append(answered)
            } else {
                fail("write_\(name)")
            }
            let storage = list.storage
            GtkRuntime.iterate(until: { !storage.isLoading })
        }

        nonisolated static var logger: Logger { Logger(label: "list-benchmarks") }
    }

    /// When the other client sent a statement and how long its answer took, written from its task.
    private final class WriteTiming: Sendable {
        struct Times {
            var sent: Double?
            var answered: Double?
            var failed = false
        }
        let times = Mutex(Times())
    }
#endif
