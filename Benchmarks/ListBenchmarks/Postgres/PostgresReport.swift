#if PostgreSQL
    import Foundation

    /// The PostgreSQL benchmark's tables: the first frame, jumps and memory of every side side by
    /// side, then what ours does after its first frame (sorting, filtering, other clients'
    /// changes), then issue 56's goals. A repeated measurement reads "p50 / p95 (n)", its samples
    /// pooled over every run; memory reads "median (min–max)" over runs; a side that ran out of
    /// time reads "did not finish in N s".
    @MainActor
    struct PostgresReport {
        let results: [PostgresRunsOf]
        let runs: Int
        let limit: Int
        let sizes: [Int]

        static let ours = PostgresScenario.side
        var big: Int { sizes.max() ?? 0 }

        func runsOf(_ side: String, _ part: PostgresPart, _ count: Int) -> PostgresRunsOf? {
            results.first { $0.side == side && $0.part == part && $0.count == count }
        }

        /// Every finished process of `side` at `count`, whatever its part (each starts with a first frame).
        func everyRun(_ side: String, _ count: Int) -> [PostgresResult] {
            results.filter { $0.side == side && $0.count == count }.flatMap(\.finished)
        }

        func label(_ side: String) -> String {
            switch side {
            case Self.ours: "ours: PagedStorage + PostgresPageSource, virtualized host, ListTable"
            case "gtk3-pg-list-store": "GtkTreeView + GtkListStore filled by SELECT * (C, libpq)"
            case "gtk3-pg-offset": "GtkTreeView + N empty rows filled by LIMIT/OFFSET (C, libpq)"
            default: side
            }
        }

        // MARK: - Figures

        /// The nearest-rank percentile of `samples` (`percentile`), NaN for none.
        static func percent(_ samples: [Double], _ percent: Int) -> Double {
            samples.isEmpty ? .nan : percentile(samples, percent)
        }

        /// "p50 / p95 (n)" of `samples`, in milliseconds.
        static func spread(_ samples: [Double]) -> String {
            guard !samples.isEmpty else { return "–" }
            return "\(ms(Self.percent(samples, 50))) / \(ms(Self.percent(samples, 95))) (\(samples.count))"
        }

        /// Memory in MB (10⁶ bytes) from MiB: the median over runs and their range.
        static func megabytes(_ values: [Double]) -> String {
            guard !values.isEmpty else { return "–" }
            let sorted = values.sorted().map { $0 * 1.048_576 }
            let median = String(format: "%.1f MB", sorted[sorted.count / 2])
            guard sorted.count > 1, sorted.first != sorted.last else { return median }
            return median + String(format: " (%.1f–%.1f)", sorted.first!, sorted.last!)
        }

        /// A figure of `runsOf`, or why there is none.
        func figure(_ runs: PostgresRunsOf?, _ make: (PostgresRunsOf) -> String) -> String {
            guard let runs else { return "–" }
            if runs.finished.isEmpty, let seconds = runs.limit { return "did not finish in \(seconds) s" }
            if runs.finished.isEmpty { return runs.failures > 0 ? "failed" : "–" }
            return make(runs)
        }

        func rowsText(_ value: Int) -> String { value.formatted() }

        // MARK: - Tables

        func print() {
            Swift.print(
                "\n(\(runs == 1 ? "one run" : "\(runs) runs"), each side, part and size in its own process, \(limit) s at most; "
                    + "times to the painted frame whose every row on screen shows a row read from the server)")
            printLoad()
            printAfterFirstFrame()
            printStorm()
            printKeystrokes()
            printStalls()
            printGoals()
        }

        private func printLoad() {
            var rows: [[String]] = []
            for count in sizes {
                for side in [Self.ours, "gtk3-pg-list-store", "gtk3-pg-offset"] {
                    guard let load = runsOf(side, .load, count) else { continue }
                    let firstFrames = everyRun(side, count).map { $0["first_frame_ms"] }.filter { !$0.isNaN }
                    let stalls = load.finished.map { max($0["stall_first_frame_ms"], $0["stall_jumps_ms"]) }.filter { !$0.isNaN }
                    rows.append([
                        label(side), rowsText(count),
                        figure(load) { _ in Self.spread(firstFrames) },
                        figure(load) { Self.spread($0.samples("jump_samples")) },
                        figure(load) { ms(Self.percent($0.values("first_jump_ms"), 50)) },
                        figure(load) { Self.megabytes($0.values("memory_first_frame_mib")) },
                        figure(load) { Self.megabytes($0.values("memory_jumps_mib")) },
                        figure(load) { Self.megabytes($0.values("memory_peak_mib")) },
                        figure(load) { _ in stalls.isEmpty ? "–" : ms(stalls.max()!) },
                        figure(load) { "\(Int($0.values("jump_wrong_rows").reduce(0, +))) of \($0.samples("jump_samples").count)" },
                    ])
                }
            }
            printTable(
                "PostgreSQL: first frame, \(PostgresBenchmark.jumps) random jumps a process, memory (1280×800 window, 6 columns)",
                [
                    "side", "rows", "first frame p50 / p95 (n)", "jump → rows p50 / p95 (n)", "first jump", "memory after first frame",
                    "after the jumps", "peak", "longest main-loop stall", "jumps landing on non-consecutive rows",
                ], rows)
            printFirstFrameParts()
        }

        /// What every side's first frame waits for, from its clock: the row count, the first
        /// rows read, the store filled (the peers'), the frame.
        private func printFirstFrameParts() {
            var rows: [[String]] = []
            for count in sizes {
                for side in [Self.ours, "gtk3-pg-list-store", "gtk3-pg-offset"] {
                    guard let load = runsOf(side, .load, count) else { continue }
                    func median(_ key: String) -> String { figure(load) { ms(Self.percent($0.values(key), 50)) } }
                    let (counted, read) =
                        switch side {
                        case Self.ours: (median("first_count_ms"), median("first_rows_read_ms"))
                        case "gtk3-pg-offset": (median("count_ms"), median("first_page_ms"))
                        default: ("–", median("query_ms"))
                        }
                    rows.append([label(side), rowsText(count), counted, read, median("fill_ms"), median("first_frame_ms")])
                }
            }
            printTable(
                "PostgreSQL: what the first frame waits for (load processes, medians from the clock)",
                [
                    "side", "rows", "row count known (ours: the planner's estimate; offset: count(*))",
                    "first rows read (the naive app: every row)", "store filled (its own time)", "first frame",
                ], rows)
        }

        private func printAfterFirstFrame() {
            let sort = runsOf(Self.ours, .sort, big), filter = runsOf(Self.ours, .filter, big)
            let changes = runsOf(Self.ours, .changes, big)
            func row(_ what: String, _ runs: PostgresRunsOf?, _ key: String, stall: String) -> [String] {
                let samples = runs?.samples(key + "_samples") ?? []
                let failed = Int(runs?.values(key + "_failed").reduce(0, +) ?? 0)
                let skipped = Int(runs?.values(key + "_skipped").reduce(0, +) ?? 0)
                return [
                    what, figure(runs) { _ in Self.spread(samples) }, samples.max().map(ms) ?? "–",
                    figure(runs) { ms($0.values("stall_\(stall)_ms").max() ?? .nan) }, "\(failed) / \(skipped)",
                ]
            }
            printTable(
                "PostgreSQL: ours after its first frame, \(rowsText(big)) rows",
                [
                    "what", "to the rows on screen p50 / p95 (n)", "max", "longest main-loop stall",
                    "never shown / not measured (out of time)",
                ],
                [
                    row("header click: updated_at, newest or oldest first", sort, "sort", stall: "sort"),
                    row("jump after sorting newest first", sort, "sorted_jump", stall: "sorted_jumps"),
                    row("header click: priority (5 values, ties by id)", sort, "priority_sort", stall: "priority_sort"),
                    row("filter keystroke (`\(PostgresScenario.query)` typed)", filter, "filter", stall: "filter"),
                    row("another client's update of a row on screen", changes, "update", stall: "changes"),
                    row("another client's delete of a row on screen", changes, "delete", stall: "changes"),
                    row("another client's insert among the rows on screen", changes, "insert", stall: "changes"),
                    row("(the other client's statement alone: update)", changes, "write_update", stall: "changes"),
                ])
        }

        /// The main loop's longest stall in each phase of ours, the most over every run and size.
        private func printStalls() {
            let phases = [
                ("first frame", "first_frame"), ("jumps", "jumps"), ("header clicks", "sort"), ("priority click", "priority_sort"),
                ("jumps newest first", "sorted_jumps"), ("filter keystrokes", "filter"), ("other client's changes", "changes"),
            ]
            let runs = results.filter { $0.side == Self.ours }.flatMap(\.finished)
            func most(_ key: String, samples: Bool = false) -> String {
                let values = samples ? runs.flatMap { $0.samples[key] ?? [] } : runs.map { $0[key] }.filter { !$0.isNaN }
                return ms(values.max() ?? .nan)
            }
            printTable(
                "PostgreSQL: ours, the main loop's longest stall by phase (the most over every run and size)", [""] + phases.map(\.0),
                [
                    ["longest stall (wall)"] + phases.map { most("stall_\($0.1)_ms") },
                    ["most main-thread CPU between two ticks"] + phases.map { most("stall_cpu_\($0.1)_ms") },
                    [
                        "of it, the call that starts it (the list made and shown; `table.sort` set; `storage.reset`)",
                        most("window_made_ms"), "–", most("sort_call_samples", samples: true), "–", "–",
                        most("filter_call_samples", samples: true), "–",
                    ],
                ])
        }

        /// Each keystroke's median over the runs: which ones cost.
        private func printKeystrokes() {
            guard let filter = runsOf(Self.ours, .filter, big), !filter.finished.isEmpty else { return }
            let query = Array(PostgresScenario.query)
            let cells = (0..<query.count).map { index in
                let times = filter.finished.compactMap { run in run.samples["filter_samples"].flatMap { index < $0.count ? $0[index] : nil }
                }
                return times.isEmpty ? "–" : ms(Self.percent(times, 50))
            }
            printTable(
                "PostgreSQL: each keystroke to its rows, \(rowsText(big)) rows (median over runs)",
                query.indices.map { "`\(String(query[...$0]))`" }, [cells])
        }
    }
#endif
