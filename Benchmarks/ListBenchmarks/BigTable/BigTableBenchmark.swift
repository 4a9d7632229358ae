import Foundation
import GtkListManager

/// The big-table benchmark (issue 34): a million rows of 20 text columns, 8 in a 1280×800
/// window, on the virtualized host (`ListTable`) against GtkTreeView in fixed-height mode and
/// GTK 4's GtkColumnView under both its renderers (plain C programs in `Benchmarks/Peers`,
/// `gtk3-tree-table` and `gtk4-column-view`). Every side, part and size runs in its own process
/// under a time limit, run after run over all of them, medians of three runs with their spread.
///
/// `list-benchmarks big-table` runs it; `list-benchmarks big-table quick` runs each once.
/// `make benchmark` builds the C peers first (`scripts/build-benchmark-peers.sh`).
@MainActor
enum BigTableBenchmark {
    /// The argument that makes the executable measure one part and size and print its line.
    static let childArgument = "big-table-process"
    static let rows = 1_000_000

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        let limit = quick ? 90 : 180
        var plans: [PartPlan<BigTablePart>] = [
            PartPlan(
                side: BigTableScenario.side,
                parts: [(.load, [rows]), (.widths, [rows]), (.resize, [rows]), (.sort, [100_000, rows])],
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        if let peers = BenchmarkPeers.folder(holding: ["gtk3-tree-table", "gtk4-column-view"]) {
            plans.append(
                PartPlan(side: "gtk3-tree-table", parts: [(.load, [rows])], command: { [peers + "/gtk3-tree-table", String($1)] }))
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    PartPlan(
                        side: "gtk4-column-view" + renderer.sideSuffix, parts: [(.load, [rows])],
                        command: { [peers + "/gtk4-column-view", String($1)] }, environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 GtkColumnView peers not built: `make benchmark` builds them.)")
        }

        let medians = PartRuns.medians(of: plans, runs: runs, limit: limit, progress: PartRuns.progress(of: "big-table"))
        BigTableReport(results: medians, runs: runs).print()
    }

    /// Measures one part and size in this process and prints its line.
    static func measureInThisProcess(part: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let part = BigTablePart(rawValue: part) else { return print("unknown part \(part)") }
        print(BigTableScenario.run(part: part, count: count).line)
    }
}
