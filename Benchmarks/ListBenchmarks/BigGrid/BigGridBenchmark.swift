import Foundation
import GtkListManager

/// The big-grid benchmark (issue 17): the virtualized grid at 10,000 and 100,000 cells against
/// the sectioned GtkFlowBox host at 1,000 and 10,000 and, when built, GTK 4's GtkGridView (a
/// plain C program in `Benchmarks/Peers`) at 100,000, every side and size in its own process,
/// medians of three runs. `list-benchmarks big-grid [quick]`.
@MainActor
enum BigGridBenchmark {
    /// The argument that makes the executable measure one side and size and print its line.
    static let childArgument = "big-grid-process"

    /// A side, the sizes it runs at and the program with its arguments before the size.
    private struct Plan {
        let side: String
        let sizes: [Int]
        let command: [String]
        var environment: [String: String] = [:]
    }

    /// A side this executable measures in a child process of its own.
    private static func plan(_ side: BigGridScenario.Side, sizes: [Int]) -> Plan {
        Plan(side: side.rawValue, sizes: sizes, command: ["/proc/self/exe", childArgument, side.rawValue])
    }

    /// GTK 4's GridView in the windows of the virtualized sides it is set against, by the side
    /// its line names: what GTK 4's own virtualized grid pays for the same cells (without section
    /// titles: GTK 4.8's GridView has none).
    private static let gridViewSides = [BigGridScenario.Side.virtualized, .narrowVirtualized].flatMap { ours in
        Gtk4Renderer.allCases.map { renderer in
            (side: "gtk4-gridview-\(ours.windowWidth)" + renderer.sideSuffix, ours: ours, renderer: renderer)
        }
    }

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        var plans = [
            plan(.virtualized, sizes: quick ? [100_000] : [10_000, 100_000]),
            plan(.narrowVirtualized, sizes: [100_000]),
            plan(.flowBox, sizes: quick ? [1_000] : [1_000, 10_000]),
        ]
        if let peers = BenchmarkPeers.folder(holding: ["gtk4-grid-view"]) {
            plans += gridViewSides.map { peer in
                Plan(
                    side: peer.side, sizes: [100_000], command: [peers + "/gtk4-grid-view", String(peer.ours.windowWidth)],
                    environment: peer.renderer.environment)
            }
        } else {
            print("\n(GTK 4 GridView peer not built: `scripts/build-benchmark-peers.sh` builds it.)")
        }
        // Run after run over every side, so that a slow spell of the machine hits all of them.
        var results: [String: [BigListResult]] = [:]
        for _ in 0..<runs {
            for plan in plans {
                for size in plan.sizes {
                    guard
                        var result = BigListBenchmark.measure(
                            plan.command + [String(size)], keys: BigGridScenario.keys, environment: plan.environment)
                    else {
                        print("(\(plan.side) at \(size) cells failed)")
                        continue
                    }
                    result.side = plan.side
                    results["\(plan.side) \(size)", default: []].append(result)
                }
            }
        }
        let medians = plans.flatMap { plan in
            plan.sizes.compactMap { results["\(plan.side) \($0)"].flatMap(BigListResult.median(of:)) }
        }
        report(medians, runs: runs)
    }

    /// Measures one side and size in this process and prints its line.
    static func measureInThisProcess(side: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let side = BigGridScenario.Side(rawValue: side) else { return print("unknown side \(side)") }
        print(BigGridScenario(side: side, count: count).run().line)
    }

    /// The table's name for a side: its own, or what the GridView peer is.
    private static func label(_ side: String) -> String {
        guard let peer = gridViewSides.first(where: { $0.side == side }) else { return side }
        return "GTK 4 GridView (C, \(peer.renderer.rawValue)), no sections"
            + (peer.ours == .virtualized ? "" : ", \(peer.ours.windowWidth)×600")
    }

    private static func report(_ results: [BigListResult], runs: Int) {
        printTable(
            "Big grids: a 900×600 window (400×600 for the 400px sides) of icon-and-label cells in 100 titled sections, GTK 4's GridView's without titles (medians of \(runs) run\(runs == 1 ? "" : "s"); CPU is the process's, per jump to its frame)",
            [
                "side", "cells", "first frame", "jump CPU p50 / p95", "resize → frame p50 / p95", "cell widgets", "grid memory",
                "jumps showing a wrong cell",
            ],
            results.map { r in
                [
                    label(r.side), r.count.formatted(), ms(r["first_frame_ms"]),
                    "\(ms(r["jump_cpu_p50_ms"])) / \(ms(r["jump_cpu_p95_ms"]))",
                    "\(ms(r["resize_ms"])) / \(ms(r["resize_p95_ms"]))", Int(r["live_widgets"]).formatted(),
                    String(format: "%.1f MB", r["grid_mb"]), "\(Int(r["wrong_cells"])) of \(BigGridScenario.jumps)",
                ]
            })
        guard let big = results.first(where: { $0.side == BigGridScenario.Side.virtualized.rawValue && $0.count == 100_000 }) else {
            return
        }
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
        // No goal against GTK 4's GridView: its figures say what the cells cost there.
        // Against the stronger of GTK 4's renderers (see Gtk4Renderer).
        for ours in [BigGridScenario.Side.virtualized, .narrowVirtualized] {
            let peers = gridViewSides.filter { $0.ours == ours }.compactMap { peer in results.first { $0.side == peer.side } }
            guard let mine = results.first(where: { $0.side == ours.rawValue && $0.count == 100_000 }),
                let stronger = peers.min(by: { $0["jump_cpu_p95_ms"] < $1["jump_cpu_p95_ms"] })
            else { continue }
            let jumps = ratio(mine["jump_cpu_p95_ms"] / stronger["jump_cpu_p95_ms"])
            rows.append([
                "jump CPU p95 against GTK 4 GridView's (\(label(stronger.side))), \(ours.windowWidth)×600", jumps, "for comparison",
            ])
        }
        printTable("Issue 17's goals for the virtualized grid (same run)", ["goal", "measured", ""], rows)
    }
}
