#if PostgreSQL
    import CGtk
    import Foundation
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// One process of the PostgreSQL benchmark on our side: the source opened (its connection and
    /// the table's description) before the clock, then the first frame of the article's list,
    /// then the part's own measurements (extensions in this folder), all on one line.
    @MainActor
    final class PostgresScenario {
        static let side = "virtual-host"

        let part: PostgresPart
        let table: PostgresBenchTable
        let settings: PostgresConnectionSettings
        let database: PostgresSharedConnection
        var result: PostgresResult
        /// The list, once the first frame was measured.
        var list: PostgresTicketWindow!
        /// Resident memory before the storage was made, in MiB.
        var memoryBefore = 0.0
        /// How many rows the first frame showed: a screen full.
        var screenRows = 0
        /// When the part stops waiting for anything (wall time): early enough to print its line
        /// before the parent's time limit ends the process, so that a part whose later steps take
        /// too long still reports the earlier ones.
        let deadline = ProcessProbes.wallMilliseconds() + Double(PostgresBenchmark.limit - 20) * 1000

        /// Seconds left before the deadline.
        var secondsLeft: Double { (deadline - ProcessProbes.wallMilliseconds()) / 1000 }

        init(part: PostgresPart, count: Int) throws {
            self.part = part
            table = PostgresBenchTable(rows: count)
            settings = try PostgresConnectionSettings.fromEnvironment()
            database = PostgresSharedConnection(settings)
            result = PostgresResult(side: Self.side, part: part, count: count)
        }

        func run() throws -> PostgresResult {
            if part == .changes { try restoreTouchedRows() }
            let opening = ProcessProbes.wallMilliseconds()
            let database = database, name = table.name
            let source = try MainLoopAwait.value { try await PostgresPageSource<BenchTicket>(database, table: name) }
            result.values["open_source_ms"] = ProcessProbes.wallMilliseconds() - opening
            GtkWarmUp.showAWindow()
            memoryBefore = ProcessProbes.residentMiB()
            measureFirstFrame(of: source)
            switch part {
            case .load: measureJumps()
            case .sort: measureSortClicks()
            case .filter: measureKeystrokes()
            case .changes: try measureOtherClient()
            // Two lists and a table of its own: `PostgresStorm` runs it, never this scenario.
            case .storm: preconditionFailure("the storm part runs in PostgresStorm")
            }
            result.values["memory_end_mib"] = ProcessProbes.residentMiB() - memoryBefore
            result.values["memory_peak_mib"] = ProcessMemory.peakResidentMiB() - memoryBefore
            return result
        }

        /// From making the storage to the painted frame whose every row on screen shows a ticket,
        /// the first ones in id order: `first_frame_ms`, the main loop's longest stall meanwhile,
        /// and the memory the list then holds.
        private func measureFirstFrame(of source: PostgresPageSource<BenchTicket>) {
            let watch = MainThreadStallWatch()
            watch.start()
            let start = ProcessProbes.wallMilliseconds()
            let list = PostgresTicketWindow(source: source)
            // What making and showing the list costs the main thread at once, the rows apart.
            result.values["window_made_ms"] = ProcessProbes.wallMilliseconds() - start
            self.list = list
            noteFirstReads(of: list.storage, since: start)
            let rows = Int64(table.rows)
            let shownAt = list.screen.waitForFrame(limit: min(60, secondsLeft)) {
                list.onScreen.rows(fromTopShowing: { Int64($0) < rows ? Int64($0) + 1 : nil }, screenRows: 10) != nil
            }
            (result.values["stall_first_frame_ms"], result.values["stall_cpu_first_frame_ms"]) = watch.stop()
            guard let shownAt else { return fail("first_frame") }
            result.values["first_frame_ms"] = shownAt - start
            screenRows = list.onScreen.rows()?.count ?? 0
            result.values["screen_rows"] = Double(screenRows)
            result.values["memory_first_frame_mib"] = ProcessProbes.residentMiB() - memoryBefore
        }

        /// Notes when the storage first had a count (the planner's estimate: the rows' positions)
        /// and first had rows read (`first_count_ms`, `first_rows_read_ms`): where the first frame's
        /// time goes. Its status callback, which the article's `showsStatus` set, runs first.
        private func noteFirstReads(of storage: PagedStorage<PostgresPageSource<BenchTicket>>, since start: Double) {
            let earlier = storage.statusDidChange
            storage.statusDidChange = { [unowned self, weak storage] in
                earlier?()
                guard let storage else { return }
                let now = ProcessProbes.wallMilliseconds() - start
                if result.values["first_count_ms"] == nil, storage.count > 0 { result.values["first_count_ms"] = now }
                if result.values["first_rows_read_ms"] == nil, !storage.readPositions.isEmpty { result.values["first_rows_read_ms"] = now }
            }
        }

        /// Notes that what was waited for never showed (`<name>_failed`, counted).
        func fail(_ name: String) {
            result.values[name + "_failed", default: 0] += 1
        }

        /// Notes that a measurement was not made, the part out of time (`<name>_skipped`, counted).
        func skip(_ name: String) {
            result.values[name + "_skipped", default: 0] += 1
        }

        /// The time from `start` to the painted frame `condition` accepts, appended to the samples
        /// `key` (`<key>_samples`); counted as failed when none came within `limit` seconds, as
        /// skipped (`<key>_skipped`) when the part's deadline came first.
        @discardableResult
        func sample(_ key: String, from start: Double, limit: Double = 30, until condition: @escaping () -> Bool) -> Double? {
            guard let shownAt = list.screen.waitForFrame(limit: max(0, min(limit, secondsLeft)), showing: condition) else {
                if secondsLeft <= 0 { skip(key) } else { fail(key) }
                return nil
            }
            result.samples[key + "_samples", default: []].append(shownAt - start)
            return shownAt - start
        }

        /// Runs `body` with the main loop's stall watch on; the longest stall, kept as
        /// `stall_<name>_ms`, and the most main-thread CPU between two ticks, `stall_cpu_<name>_ms`
        /// (the most over calls with the same name).
        func watchingStalls(_ name: String, _ body: () throws -> Void) rethrows {
            let watch = MainThreadStallWatch()
            watch.start()
            defer {
                let (wall, cpu) = watch.stop()
                result.values["stall_\(name)_ms"] = max(result.values["stall_\(name)_ms"] ?? 0, wall)
                result.values["stall_cpu_\(name)_ms"] = max(result.values["stall_cpu_\(name)_ms"] ?? 0, cpu)
            }
            try body()
        }

        /// Puts the rows the change part touches back, before the list is made.
        private func restoreTouchedRows() throws {
            let database = database, table = table
            try MainLoopAwait.value { try await table.restoreTouchedRows(on: database) }
        }
    }
#endif
