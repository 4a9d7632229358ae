import Foundation

/// The storm's Markdown tables, one per scenario: every side's main thread per frame, frames on
/// time, the oldest value the visible rows showed and the updates it applied.
struct UpdateStormReport {
    let results: [PartResult<UpdateStormPart>]
    let runs: Int
    let warmUp: Double
    let measured: Double

    func print() {
        Swift.print("\n## Update storms (\(StormScenario.rows.formatted()) rows × 8 columns, 100,000 row updates/s)")
        Swift.print(
            "\n\(runs == 1 ? "One run" : "Medians of \(runs) runs (range)"): \(format(warmUp)) s of warm-up, then \(format(measured)) s measured; "
                + "frames requested every refresh; late: an interval > 25 ms (1.5 × 16.7).")
        for part in UpdateStormPart.allCases {
            let rows = results.filter { $0.part == part }.map(row)
            guard !rows.isEmpty else { continue }
            printTable(
                part == .sorted ? "Sorted by a column every update changes" : "Rows in place",
                [
                    "side", "main thread per frame p50 / p95", "of which the ticks, p95", "frames on time (longest)",
                    "oldest value shown p95 / max", "row updates/s", "process CPU", "rows read / torn / misordered frames",
                ], rows)
        }
    }

    private func row(_ result: PartResult<UpdateStormPart>) -> [String] {
        let some = Optional(result)
        if result.timedOutAfter != nil, result["frames"].isNaN { return [label(result), "timeout > \(result.timedOutAfter!) s"] }
        let shown = result["rows_shown"]
        return [
            label(result),
            "\(some.figure("frame_cpu_p50_ms", runs: runs)) / \(some.figure("frame_cpu_p95_ms", runs: runs))",
            some.figure("update_cpu_p95_ms", runs: runs),
            "\(some.figure("on_time_pct", runs: runs, percent)) (\(some.figure("interval_max_ms", runs: runs)))",
            shown > 0
                ? "\(some.figure("stale_p95_ms", runs: runs)) / \(some.figure("stale_max_ms", runs: runs))" : "no rows shown",
            some.figure("updates_per_s", runs: runs) { String(format: "%.0f", $0) },
            some.figure("process_cpu_pct", runs: runs, percent),
            "\(format(shown)) / \(format(result["torn_rows"])) / \(format(result["misordered_frames"]))",
        ]
    }

    private func label(_ result: PartResult<UpdateStormPart>) -> String {
        let sorted = result.part == .sorted
        switch result.side {
        case "list-each": return "virtualized list, \(sorted ? "`upsert`" : "`replaceItem`") per row"
        case "list-batch": return "virtualized list, \(sorted ? "`upsert`" : "`performUpdates`") per tick"
        case "cells-each": return "virtualized list of `TextCell`s, \(sorted ? "`upsert`" : "`replaceItem`") per row"
        case "cells-batch": return "virtualized list of `TextCell`s, \(sorted ? "`upsert`" : "`performUpdates`") per tick"
        case "table-each": return "ListTable, \(sorted ? "`upsert`" : "`replaceItem`") per row"
        case "table-batch": return "ListTable, \(sorted ? "`upsert`" : "`performUpdates`") per tick"
        case "gtk3-tree-view": return "GtkTreeView + GtkListStore (C)"
        case "gtk4-column-view-gl": return "GtkColumnView (C), GL"
        case "gtk4-column-view-cairo": return "GtkColumnView (C), cairo"
        default: return result.side
        }
    }

    private func percent(_ value: Double) -> String { value.isNaN ? "–" : String(format: "%.0f %%", value) }

    private func format(_ value: Double) -> String { value.isNaN ? "–" : String(format: value == value.rounded() ? "%.0f" : "%.1f", value) }
}
