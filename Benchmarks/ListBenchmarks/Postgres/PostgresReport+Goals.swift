#if PostgreSQL
    import Foundation

    /// Issue 56's goals for the PostgreSQL storage, each against what this run measured.
    extension PostgresReport {
        func printGoals() {
            var rows: [[String]] = []
            func goal(_ text: String, _ measured: String, _ value: Double, _ bound: Double) {
                let state =
                    value.isNaN ? "not measured" : value <= bound ? "met" : String(format: "**missed** (%.1f× the goal)", value / bound)
                rows.append([text, measured, state])
            }
            let ours = everyRun(Self.ours, big)
            let firstFrames = ours.map { $0["first_frame_ms"] }.filter { !$0.isNaN }
            let firstP95 = Self.percent(firstFrames, 95)
            goal("\(rowsText(big)) rows: first frame ≤ 100 ms", Self.spread(firstFrames) + " p50 / p95", firstP95, 100)
            let jumps = runsOf(Self.ours, .load, big)?.samples("jump_samples") ?? []
            goal("jump → real rows on screen ≤ 50 ms at p95", Self.spread(jumps), Self.percent(jumps, 95), 50)
            // Every process of ours at every size: the most the list held at any reading.
            let memory = results.filter { $0.side == Self.ours }.flatMap(\.finished).flatMap { run in
                ["memory_first_frame_mib", "memory_jumps_mib", "memory_end_mib"].map { run[$0] }.filter { !$0.isNaN }
            }.map { $0 * 1.048_576 }
            goal(
                "the list's memory ≤ 30 MB whatever the table size (\(sizes.map(rowsText).joined(separator: " and ")) rows)",
                memory.max().map { String(format: "%.1f MB at most", $0) } ?? "–", memory.max() ?? .nan, 30)
            for (what, key) in [("header click on an indexed column (updated_at) → sorted rows ≤ 100 ms", "sort")] {
                let samples = runsOf(Self.ours, .sort, big)?.samples(key + "_samples") ?? []
                goal(what + " at p95", Self.spread(samples), Self.percent(samples, 95), 100)
            }
            let keystrokes = runsOf(Self.ours, .filter, big)?.samples("filter_samples") ?? []
            goal("filter keystroke → rows ≤ 150 ms at p95", Self.spread(keystrokes), Self.percent(keystrokes, 95), 150)
            let stalls = ours.flatMap { run in
                run.values.filter { $0.key.hasPrefix("stall_") && !$0.key.hasPrefix("stall_cpu_") }.map(\.value)
            }
            let work = ours.flatMap { run in run.values.filter { $0.key.hasPrefix("stall_cpu_") }.map(\.value) }
            goal(
                "main thread never blocked > 8 ms (longest stall of the main loop, every part)",
                (stalls.max().map(ms) ?? "–") + " (its own work between two ticks: \(work.max().map(ms) ?? "–") at most)",
                stalls.max() ?? .nan, 8)
            let changes = runsOf(Self.ours, .changes, big)
            let changeSamples = ["update", "delete", "insert"].flatMap { changes?.samples($0 + "_samples") ?? [] }
            goal(
                "another client's change on screen ≤ 250 ms at p95 (updates, deletes, inserts)", Self.spread(changeSamples),
                Self.percent(changeSamples, 95), 250)
            rows += stormGoals()
            printTable("Issue 56's goals for the PostgreSQL storage (same run)", ["goal", "measured", ""], rows)
        }
    }
#endif
