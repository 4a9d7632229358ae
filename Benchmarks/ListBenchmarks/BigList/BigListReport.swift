import Foundation

/// The big-list benchmark's tables: every side's figures, then each of issue 16's goals with
/// the ratio measured in the same run.
struct BigListReport {
    let results: [BigListResult]
    let runs: Int

    private func result(_ side: String, _ count: Int) -> BigListResult? {
        results.first { $0.side == side && $0.count == count }
    }

    func print() {
        printTable(
            "Big lists: a 400×600 window of label rows, every fifth two lines high (medians of \(runs) run\(runs == 1 ? "" : "s"); CPU is the process's, per step to its frame)",
            [
                "side", "rows", "first frame", "jump CPU p50 / p95", "jump → frame", "wheel CPU p50 / p95",
                "insert 1 / 1,000 above", "delete 1 / 1,000 above", "rows on screen stayed", "row widgets", "list memory",
                "jumps showing blank or wrong rows",
            ],
            results.map { r in
                [
                    r.side, r.count.formatted(), ms(r["first_frame_ms"]),
                    "\(ms(r["jump_cpu_p50_ms"])) / \(ms(r["jump_cpu_p95_ms"]))", ms(r["jump_frame_ms"]),
                    "\(ms(r["wheel_cpu_p50_ms"])) / \(ms(r["wheel_cpu_p95_ms"]))",
                    "\(ms(r["insert1_ms"])) / \(ms(r["insert1000_ms"]))", "\(ms(r["delete1_ms"])) / \(ms(r["delete1000_ms"]))",
                    r["stayed"] == 1 ? "yes" : "no", r["live_widgets"] < 0 ? "none (cells)" : Int(r["live_widgets"]).formatted(),
                    String(format: "%.1f MB", r["list_mb"]), "\(Int(r["wrong_rows"])) of 200",
                ]
            })
        printGoals()
    }

    // MARK: - Goals

    private func printGoals() {
        guard let million = result("virtual-host", 1_000_000) else { return }
        var rows: [[String]] = []
        func goal(_ text: String, _ measured: String, _ met: Bool?) {
            rows.append([text, measured, met.map { $0 ? "met" : "**not met**" } ?? "peer not run"])
        }
        let first = million["first_frame_ms"], jump = million["jump_cpu_p95_ms"], wheel = million["wheel_cpu_p95_ms"]
        goal("first frame at 1M ≤ 50 ms", ms(first), first <= 50)
        if let small = result("virtual-host", 1_000) {
            goal("first frame at 1M ≤ 2× at 1k", ratio(first / small["first_frame_ms"]), first <= 2 * small["first_frame_ms"])
        }
        goal("random jump CPU p95 at 1M ≤ 3 ms", ms(jump), jump <= 3)
        goal("wheel step CPU p95 at 1M ≤ 2 ms", ms(wheel), wheel <= 2)
        // Against the stronger of GTK 4's renderers (see Gtk4Renderer).
        let gtk4 = Gtk4Renderer.allCases.compactMap { result("gtk4-listview" + $0.sideSuffix, 1_000_000) }
            .min { $0["jump_cpu_p95_ms"] < $1["jump_cpu_p95_ms"] }
        goal(
            "jump CPU p95 ≤ 0.6× GTK 4 ListView's (its stronger renderer, \(gtk4.map { String($0.side.split(separator: "-").last ?? "") } ?? "–"))",
            gtk4.map { ratio(jump / $0["jump_cpu_p95_ms"]) } ?? "–", gtk4.map { jump <= 0.6 * $0["jump_cpu_p95_ms"] })
        let tree = result("gtk3-treeview", 1_000_000)
        goal(
            "jump CPU p95 ≤ 1.2× GtkTreeView's", tree.map { ratio(jump / $0["jump_cpu_p95_ms"]) } ?? "–",
            tree.map { jump <= 1.2 * $0["jump_cpu_p95_ms"] })
        goal(
            "wheel CPU p95 ≤ 1.2× GtkTreeView's", tree.map { ratio(wheel / $0["wheel_cpu_p95_ms"]) } ?? "–",
            tree.map { wheel <= 1.2 * $0["wheel_cpu_p95_ms"] })
        goal(
            "first frame ≥ 5× faster than GtkTreeView's", tree.map { faster($0["first_frame_ms"] / first) } ?? "–",
            tree.map { $0["first_frame_ms"] >= 5 * first })
        if let host = result("virtual-host", 50_000), let listBox = result("gtklistbox", 50_000) {
            let jumps = listBox["jump_cpu_p95_ms"] / host["jump_cpu_p95_ms"]
            let wheels = listBox["wheel_cpu_p95_ms"] / host["wheel_cpu_p95_ms"]
            goal(
                "≥ 10× less CPU per step than GtkListBox at 50k (jump / wheel p95)",
                "\(faster(jumps)) / \(faster(wheels))", jumps >= 10 && wheels >= 10)
            let frames = listBox["first_frame_ms"] / host["first_frame_ms"]
            goal("first frame ≥ 50× faster than GtkListBox at 50k", faster(frames), frames >= 50)
        }
        goal("list memory at 1M ≤ 8 MB", String(format: "%.1f MB", million["list_mb"]), million["list_mb"] <= 8)
        let ours = results.filter { $0.side == "virtual-host" }
        goal(
            "no blank or wrong rows in 200 random jumps (every size)",
            ours.map { Int($0["wrong_rows"]).formatted() }.joined(separator: ", "), ours.allSatisfy { $0["wrong_rows"] == 0 })
        goal(
            "rows on screen stay when 1,000 are inserted above (every size)",
            ours.map { $0["stayed"] == 1 ? "yes" : "no" }.joined(separator: ", "), ours.allSatisfy { $0["stayed"] == 1 })
        printTable("Issue 16's goals for the virtualized host (same run)", ["goal", "measured", ""], rows)
    }
}
