import Foundation
import GtkListManager

/// The big-grid benchmark (issue 17): the virtualized grid at 10,000 and 100,000 cells against
/// the sectioned GtkFlowBox host at 1,000 and 10,000, every side and size in its own process,
/// medians of three runs. `list-benchmarks big-grid [quick]`.
@MainActor
enum BigGridBenchmark {
    /// The argument that makes the executable measure one side and size and print its line.
    static let childArgument = "big-grid-process"

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        let plans: [(side: BigGridScenario.Side, sizes: [Int])] = [
            (.virtualized, quick ? [100_000] : [10_000, 100_000]),
            (.narrowVirtualized, [100_000]),
            (.flowBox, quick ? [1_000] : [1_000, 10_000]),
        ]
        var results: [String: [BigListResult]] = [:]
        for _ in 0..<runs {
            for (side, sizes) in plans {
                for size in sizes {
                    let command = ["/proc/self/exe", childArgument, side.rawValue, String(size)]
                    guard let result = BigListBenchmark.measure(command, keys: BigGridScenario.keys) else {
                        print("(\(side.rawValue) at \(size) cells failed)")
                        continue
                    }
                    results["\(side.rawValue) \(size)", default: []].append(result)
                }
            }
        }
        let medians = plans.flatMap { plan in
            plan.sizes.compactMap { results["\(plan.side.rawValue) \($0)"].flatMap(BigListResult.median(of:)) }
        }
        report(medians, runs: runs)
    }

    /// Measures one side and size in this process and prints its line.
    static func measureInThisProcess(side: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let side = BigGridScenario.Side(rawValue: side) else { return print("unknown side \(side)") }
        print(BigGridScenario(side: side, count: count).run().line)
    }

    private static func report(_ results: [BigListResult], runs: Int) {
        printTable(
            "Big grids: a 900×600 window (400×600 for the 400px side) of icon-and-label cells in 100 titled sections (medians of \(runs) run\(runs == 1 ? "" : "s"); CPU is the process's, per jump to its frame)",
            ["side", "cells", "first frame", "jump CPU p50 / p95", "resize → frame p50 / p95", "cell widgets", "grid memory",
             "jumps showing a wrong cell"],
            results.map { r in
                [r.side, r.count.formatted(), ms(r["first_frame_ms"]), "\(ms(r["jump_cpu_p50_ms"])) / \(ms(r["jump_cpu_p95_ms"]))",
                 "\(ms(r["resize_ms"])) / \(ms(r["resize_p95_ms"]))", Int(r["live_widgets"]).formatted(),
                 String(format: "%.1f MB", r["grid_mb"]), "\(Int(r["wrong_cells"])) of \(BigGridScenario.jumps)"]
            })
        guard let big = results.first(where: { $0.side == BigGridScenario.Side.virtualized.rawValue && $0.count == 100_000 }) else { return }
        var rows: [[String]] = []
        func goal(_ text: String, _ measured: String, _ met: Bool) { rows.append([text, measured, met ? "met" : "**not met**"]) }
        goal("first frame at 100k ≤ 50 ms", ms(big["first_frame_ms"]), big["first_frame_ms"] <= 50)
        goal("random jump CPU p95 at 100k ≤ 3 ms", ms(big["jump_cpu_p95_ms"]), big["jump_cpu_p95_ms"] <= 3)
        if let narrow = results.first(where: { $0.side == BigGridScenario.Side.narrowVirtualized.rawValue }) {
            goal("the same in the big-list benchmark's 400×600 window", ms(narrow["jump_cpu_p95_ms"]), narrow["jump_cpu_p95_ms"] <= 3)
        }
        goal("window resize to the frame at 100k ≤ 20 ms (p50)", ms(big["resize_ms"]), big["resize_ms"] <= 20)
        goal("grid memory at 100k ≤ 40 MiB beyond its models", String(format: "%.1f MB", big["grid_mb"]), big["grid_mb"] <= 40)
        goal("no wrong cell in \(BigGridScenario.jumps) random jumps", Int(big["wrong_cells"]).formatted(), big["wrong_cells"] == 0)
        if let flowBox = results.first(where: { $0.side == BigGridScenario.Side.flowBox.rawValue && $0.count == 10_000 }) {
            goal("first frame vs the 10k flow box", faster(flowBox["first_frame_ms"] / big["first_frame_ms"]), true)
            goal("resize vs the 10k flow box", faster(flowBox["resize_ms"] / big["resize_ms"]), true)
        }
        printTable("Issue 17's goals for the virtualized grid (same run)", ["goal", "measured", ""], rows)
    }
}
