#if PostgreSQL
    import Foundation
    import GtkListManager
    import PostgresStorage
    import Synchronization

    /// The storm part (issue 56: "20 concurrent writers at 1,000 changes per second in total for a
    /// minute: every client's list equals the table afterwards, memory flat"). A copy of the
    /// million-row bench table with its change feed (`PostgresStormTable`); two clients, each the
    /// article's list in a window of its own following the feed, one by id and one by priority
    /// (`PostgresStormClient`); 20 writers, each a connection of its own off the main actor, 50
    /// single-row statements a second each (`PostgresStormWriter`), for a minute (`quick`: 10 s).
    /// Meanwhile the process's resident memory every 5 s (off the main thread), the main loop's
    /// stalls, and the rate the writers achieved. Then the lists settle (every notification heard,
    /// each list reading nothing for 3 s with its exact count: the quiet recount done) and each is
    /// checked against the table (`PostgresStormCheck`). The table is dropped at the end.
    @MainActor
    final class PostgresStorm {
        static let writers = 20
        /// Statements a second, all writers together.
        static let rate = 1_000.0
        /// How long a run lasts unless the command says otherwise.
        static let defaultSeconds = 60
        /// How long a quick run lasts.
        static let quickSeconds = 10
        static let memoryEvery = 5.0
        /// How long the lists may take to settle once the writers stopped.
        static let settleLimit = 20
        /// How long a list must read nothing to count as settled: more than the 1–2 s after the
        /// last change within which its quiet recount starts.
        static let quietMilliseconds = 3_000.0

        /// The parent's time limit for a run of `seconds`: making the table, the storm, settling
        /// and checking both lists.
        static func limit(seconds: Int) -> Int { seconds + 240 }

        let seconds: Int
        let table: PostgresStormTable
        let settings: PostgresConnectionSettings
        /// The benchmark's own connection: making, checking and dropping the table.
        let database: PostgresSharedConnection
        var result: PostgresResult

        /// The memory reading taken as "after the warm-up": 10 s in, or half the storm when it is
        /// shorter than 30 s (a quick run).
        var warmUp: Double { seconds < 30 ? Double(seconds) / 2 : 10 }

        init(count: Int, seconds: Int) throws {
            self.seconds = seconds
            table = PostgresStormTable(source: PostgresBenchTable(rows: count))
            settings = try PostgresConnectionSettings.fromEnvironment()
            database = PostgresSharedConnection(settings)
            result = PostgresResult(side: PostgresScenario.side, part: .storm, count: count)
        }

        func run() throws -> PostgresResult {
            let table = table, database = database, settings = settings
            let making = ProcessProbes.wallMilliseconds()
            try MainLoopAwait.value(limit: 900) { try await table.make(on: database) }
            result.values["storm_table_made_ms"] = ProcessProbes.wallMilliseconds() - making
            defer {
                try? MainLoopAwait.value { try await table.drop(on: database) }
                try? MainLoopAwait.value { await database.close() }
            }
            GtkWarmUp.showAWindow()
            result.values["storm_rss_before_lists_mib"] = PostgresStormMemory.residentMiB()
            let clients = try PostgresStormOrder.allCases.enumerated().map { index, order in
                try PostgresStormClient(order, index: index, settings: settings, table: table)
            }
            defer { for client in clients { client.stop() } }
            guard GtkRuntime.iterate(until: { clients.allSatisfy(\.isReady) }, timeout: .seconds(60)) else { return failed("ready") }
            let monitor = PostgresStormMonitor(settings: settings, feed: table.feed)
            defer { monitor.stop() }
            guard GtkRuntime.iterate(until: { monitor.listener.isListening }, timeout: .seconds(20)) else { return failed("monitor") }
            let ids = PostgresStormIDs(after: try MainLoopAwait.value { try await table.highestID(on: database) })
            let tally = PostgresStormTally()
            let writers = try MainLoopAwait.value {
                try await PostgresStormWriters.connect(count: Self.writers, rate: Self.rate, settings: settings, ids: ids, tally: tally)
            }
            storm(writers, tally: tally)
            settle(clients, monitor: monitor, tally: tally)
            for client in clients {
                var check = PostgresStormCheck(client: client, table: table, database: database)
                do {
                    try check.run()
                } catch {
                    result.values["storm_\(client.order.rawValue)_check_failed"] = 1
                    PostgresRuns.progress("storm \(client.order.rawValue): the check failed: \(error)")
                }
                check.verdict.record(into: &result, list: client.order.rawValue)
                result.values["storm_\(client.order.rawValue)_reconnects"] = Double(client.listener.connectionsOpened - 1)
            }
            result.values["storm_rss_checked_mib"] = PostgresStormMemory.residentMiB()
            return result
        }

        /// Runs the writers for the storm's length, the main loop running the lists meanwhile,
        /// and notes the rate, the memory readings and the main loop's longest stall.
        private func storm(_ writers: [PostgresStormWriter], tally: PostgresStormTally) {
            let memory = PostgresStormMemory(), watch = MainThreadStallWatch(), ended = Ended()
            memory.start(every: Self.memoryEvery)
            watch.start()
            let started = ProcessProbes.wallMilliseconds()
            let start = ContinuousClock.now, end = start + .seconds(seconds)
            Task.detached {
                await PostgresStormWriters.write(writers, from: start, until: end)
                ended.flag.store(true, ordering: .releasing)
            }
            var nextRate = started + Self.memoryEvery * 1000, rowsBefore = 0
            GtkRuntime.iterate(
                until: {
                    if ProcessProbes.wallMilliseconds() >= nextRate {
                        let rows = tally.now.changedRows
                        result.samples["storm_rate_samples", default: []].append(Double(rows - rowsBefore) / Self.memoryEvery)
                        rowsBefore = rows
                        nextRate += Self.memoryEvery * 1000
                    }
                    return ended.flag.load(ordering: .acquiring)
                }, timeout: .seconds(seconds + 120))
            let elapsed = ProcessProbes.wallMilliseconds() - started
            (result.values["storm_stall_ms"], result.values["storm_stall_cpu_ms"]) = watch.stop()
            let readings = memory.stop()
            let endMiB = PostgresStormMemory.residentMiB()
            noteMemory(readings, end: endMiB)
            noteWrites(tally.now, elapsed: elapsed)
        }

        private func noteMemory(_ readings: [PostgresStormMemory.Reading], end: Double) {
            result.samples["storm_rss_samples"] = readings.map(\.residentMiB) + [end]
            result.values["storm_warm_up_s"] = warmUp
            result.values["storm_rss_start_mib"] = readings.first?.residentMiB ?? .nan
            let warm = readings.first { $0.second >= warmUp - 0.5 }?.residentMiB ?? end
            result.values["storm_rss_warm_mib"] = warm
            result.values["storm_rss_end_mib"] = end
            result.values["storm_rss_growth_mib"] = end - warm
            let afterWarmUp = readings.filter { $0.second >= warmUp - 0.5 }.map(\.residentMiB) + [end]
            result.values["storm_rss_highest_growth_mib"] = (afterWarmUp.max() ?? end) - warm
        }

        private func noteWrites(_ counts: PostgresStormTally.Counts, elapsed: Double) {
            result.values["storm_seconds"] = Double(seconds)
            result.values["storm_writers"] = Double(Self.writers)
            result.values["storm_elapsed_ms"] = elapsed
            result.values["storm_changes"] = Double(counts.changedRows)
            result.values["storm_rate"] = Double(counts.changedRows) / (elapsed / 1000)
            result.values["storm_statements"] = Double(counts.statements)
            result.values["storm_missed"] = Double(counts.missed)
            result.values["storm_errors"] = Double(counts.errors)
            result.values["storm_late"] = Double(counts.late)
            for kind in PostgresStormTally.Kind.allCases {
                result.values["storm_\(kind.name)_rows"] = Double(counts.changed[kind.rawValue])
            }
            result.values["storm_statement_p50_ms"] = PostgresStormTally.percentile(counts, 50)
            result.values["storm_statement_p95_ms"] = PostgresStormTally.percentile(counts, 95)
            result.values["storm_statement_max_ms"] = counts.slowest
            if let error = counts.lastError { PostgresRuns.progress("storm: \(counts.errors) statements failed, the last: \(error)") }
        }

        /// Waits until the monitor heard every row changed, then until each list read nothing for
        /// ``quietMilliseconds`` with its exact count, ``settleLimit`` seconds at most; notes when
        /// each list last read, from the writers' stop.
        private func settle(_ clients: [PostgresStormClient], monitor: PostgresStormMonitor, tally: PostgresStormTally) {
            let stopped = ProcessProbes.wallMilliseconds(), changed = tally.now.changedRows
            let deadline = ContinuousClock.now + .seconds(Self.settleLimit)
            GtkRuntime.iterate(until: { monitor.heardRows >= changed }, timeout: deadline - ContinuousClock.now)
            result.values["storm_heard_rows"] = Double(monitor.heardRows)
            result.values["storm_heard_unknown"] = monitor.heardUnknown ? 1 : 0
            result.values["storm_last_heard_ms"] = monitor.lastHeard - stopped
            let settled = GtkRuntime.iterate(
                until: { clients.allSatisfy { $0.isQuiet(for: Self.quietMilliseconds) } },
                timeout: max(.zero, deadline - ContinuousClock.now))
            result.values["storm_settled"] = settled ? 1 : 0
            for client in clients {
                result.values["storm_\(client.order.rawValue)_last_read_ms"] = client.lastActivity - stopped
            }
        }

        /// The result so far, with `<name>_failed` noted.
        private func failed(_ name: String) -> PostgresResult {
            result.values["storm_\(name)_failed"] = 1
            return result
        }
    }

    /// Set once every writer stopped.
    private final class Ended: Sendable {
        let flag = Atomic(false)
    }
#endif
