#if PostgreSQL
    import Foundation

    /// The storm part's tables: what the writers did, the process's memory meanwhile, and each
    /// list against the table afterwards, one row per run.
    extension PostgresReport {
        /// The storm's runs, if it ran.
        var storm: PostgresRunsOf? { results.first { $0.side == Self.ours && $0.part == .storm } }

        /// Memory in MB (10⁶ bytes) from MiB.
        static func mb(_ mebibytes: Double) -> String {
            mebibytes.isNaN ? "–" : String(format: "%.1f MB", mebibytes * 1.048_576)
        }

        func printStorm() {
            guard let storm else { return }
            guard let sample = storm.finished.first else {
                return Swift.print("\n(the storm part: \(figure(storm) { _ in "–" }))")
            }
            let seconds = Int(sample["storm_seconds"]), writers = Int(sample["storm_writers"])
            printTable(
                "PostgreSQL: the storm, \(writers) writers × \(Int(PostgresStorm.rate) / max(writers, 1)) statements/s for \(seconds) s "
                    + "under two lists (a copy of \(rowsText(storm.count)) rows)",
                [
                    "run", "rows changed", "rate achieved", "rate per 5 s, min–max", "updates / of the priority / inserts / deletes",
                    "statements missed / failed / late", "statement time p50 / p95 / max", "rows told by notifications",
                    "longest main-loop stall (its own CPU)",
                ],
                storm.finished.enumerated().map { index, run in
                    let rates = run.samples["storm_rate_samples"] ?? []
                    func count(_ key: String) -> String { Int(run[key]).formatted() }
                    return [
                        "\(index + 1)", count("storm_changes"), String(format: "%.0f/s", run["storm_rate"]),
                        rates.isEmpty ? "–" : String(format: "%.0f–%.0f/s", rates.min()!, rates.max()!),
                        [
                            Int(run["storm_update_rows"] + run["storm_sorted_update_rows"]).formatted(), count("storm_sorted_update_rows"),
                            count("storm_insert_rows"), count("storm_delete_rows"),
                        ].joined(separator: " / "),
                        [count("storm_missed"), count("storm_errors"), count("storm_late")].joined(separator: " / "),
                        [ms(run["storm_statement_p50_ms"]), ms(run["storm_statement_p95_ms"]), ms(run["storm_statement_max_ms"])]
                            .joined(separator: " / "),
                        count("storm_heard_rows") + (run["storm_heard_unknown"] == 1 ? " (and a reconnection)" : ""),
                        "\(ms(run["storm_stall_ms"])) (\(ms(run["storm_stall_cpu_ms"])))",
                    ]
                })
            printTable(
                "PostgreSQL: the storm's process memory (resident after malloc_trim, read every 5 s off the main thread; "
                    + "the writers' connections are in it too)",
                [
                    "run", "before the lists", "storm start", "after the warm-up", "storm end", "growth after the warm-up",
                    "highest after the warm-up", "after the checks",
                ],
                storm.finished.enumerated().map { index, run in
                    [
                        "\(index + 1)", Self.mb(run["storm_rss_before_lists_mib"]), Self.mb(run["storm_rss_start_mib"]),
                        Self.mb(run["storm_rss_warm_mib"]) + " (\(Int(run["storm_warm_up_s"])) s)", Self.mb(run["storm_rss_end_mib"]),
                        Self.mb(run["storm_rss_growth_mib"]), "+" + Self.mb(run["storm_rss_highest_growth_mib"]),
                        Self.mb(run["storm_rss_checked_mib"]),
                    ]
                })
            printStormLists(storm)
        }

        private func printStormLists(_ storm: PostgresRunsOf) {
            var rows: [[String]] = []
            for (index, run) in storm.finished.enumerated() {
                for order in PostgresStormOrder.allCases {
                    guard let verdict = PostgresStormVerdict(run, list: order.rawValue) else {
                        rows.append(["\(index + 1)", order.label, "not checked"] + Array(repeating: "–", count: 8))
                        continue
                    }
                    let settled = run["storm_settled"] == 1 ? "" : " (not settled in \(PostgresStorm.settleLimit) s)"
                    rows.append([
                        "\(index + 1)", order.label,
                        String(format: "%.1f s", run["storm_\(order.rawValue)_last_read_ms"] / 1000) + settled,
                        "\(verdict.listCount.formatted()) / \(verdict.tableCount.formatted())"
                            + (verdict.listCountAfterJumps == verdict.listCount
                                ? "" : " (\(verdict.listCountAfterJumps.formatted()) after)"),
                        "\(verdict.exact) / \(verdict.shifted) / \(verdict.different) / \(verdict.notShown) of \(verdict.places)",
                        verdict.largestShift.formatted(), "\(verdict.storageRows.formatted()) / \(verdict.screenRows.formatted())",
                        verdict.isEqual ? "yes" : "**no**", verdict.firstInWords, verdict.isEqualAtPositions ? "yes" : "**no**",
                        verdict.firstShiftInWords,
                    ])
                }
            }
            printTable(
                "PostgreSQL: each storm list against the table once settled (the top as the storm left it, then "
                    + "\(PostgresStormCheck.jumps) jumps down to the end)",
                [
                    "run", "list", "last read after the writers stopped", "count: list / table",
                    "places exact / the table's rows, positions off / different / not shown", "most positions off",
                    "rows compared: storage / on screen", "the table's rows, order and values", "first difference",
                    "at the table's positions too", "first place off",
                ], rows)
        }

        /// The storm's tables and goals, when it ran alone (`list-benchmarks postgres storm`).
        func printStormAlone() {
            Swift.print("\n(\(runs == 1 ? "one run" : "\(runs) runs"), each in its own process)")
            printStorm()
            printTable("Issue 56's goals for the PostgreSQL storage: the storm", ["goal", "measured", ""], stormGoals())
        }

        /// Issue 56's storm goals: the lists equal to the table, and memory flat.
        func stormGoals() -> [[String]] {
            guard let storm, !storm.finished.isEmpty else {
                return [
                    [
                        "20 writers at 1,000 changes/s for a minute: every list equals the table; memory flat", figure(storm) { _ in "–" },
                        "not measured",
                    ]
                ]
            }
            let runs = storm.finished
            let verdicts = runs.flatMap { run in PostgresStormOrder.allCases.compactMap { PostgresStormVerdict(run, list: $0.rawValue) } }
            let equal = verdicts.filter(\.isEqual).count, equalAtPositions = verdicts.filter(\.isEqualAtPositions).count
            let placesOff = verdicts.map(\.shifted).reduce(0, +), places = verdicts.map(\.places).reduce(0, +)
            let rates = runs.map { $0["storm_rate"] }, seconds = Int(runs[0]["storm_seconds"])
            let reached = rates.allSatisfy { $0 >= PostgresStorm.rate * 0.98 }
            let rateText = String(format: "%.0f–%.0f changes/s for %d s", rates.min()!, rates.max()!, seconds)
            func state(_ met: Bool) -> String {
                !met
                    ? "**missed**"
                    : !reached ? "not shown at the rate (the writers were slower)" : seconds < 60 ? "met (a shorter storm)" : "met"
            }
            let lists = "\(runs.count) run\(runs.count == 1 ? "" : "s") × 2"
            let growth = runs.map { $0["storm_rss_growth_mib"] * 1.048_576 }
            let flat = growth.allSatisfy { $0 <= 2 }
            return [
                [
                    "\(PostgresStorm.writers) writers at 1,000 changes/s for a minute: every list equals the table afterwards "
                        + "(its count; at the top and \(PostgresStormCheck.jumps) jumps, the storage's and the screen's rows are the "
                        + "table's, in its order, with its values)",
                    "\(equal) of \(verdicts.count) lists (\(lists)), at \(rateText)", state(equal == verdicts.count),
                ],
                [
                    "… at the table's positions too (the rows at position n are the table's `OFFSET n`)",
                    "\(equalAtPositions) of \(verdicts.count) lists: \(placesOff) of \(places) places off, by up to "
                        + "\((verdicts.map(\.largestShift).max() ?? 0).formatted()) positions (a jump's rows are placed at an "
                        + "approximate position, by design)",
                    state(equalAtPositions == verdicts.count),
                ],
                [
                    "memory flat: the process's resident memory grows ≤ 2 MB from the warm-up to the storm's end",
                    growth.map { String(format: "%+.1f MB", $0) }.joined(separator: ", "), flat ? "met" : "**missed**",
                ],
            ]
        }
    }
#endif
