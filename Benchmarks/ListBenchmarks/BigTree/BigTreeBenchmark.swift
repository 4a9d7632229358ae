import Foundation
import GtkListManager

/// The big-tree benchmark (issue 33): the virtualized host showing an `OutlineStorage` against
/// GtkTreeView over a GtkTreeStore (fixed-height mode and the default, autosize) and GTK 4's
/// GtkListView over a GtkTreeListModel under both its renderers (plain C programs in
/// `Benchmarks/Peers`). Every side, part and size runs in its own process under a time limit,
/// medians of three runs; a part that ran out of time is reported as such and not run again.
///
/// `list-benchmarks big-tree` runs it; `list-benchmarks big-tree quick` runs each once.
/// `make benchmark` builds the C peers first (`scripts/build-benchmark-peers.sh`).
@MainActor
enum BigTreeBenchmark {
    /// The argument that makes the executable measure one part and size and print its line.
    static let childArgument = "big-tree-process"

    /// What every side runs: the expands at 100k and 1M children, scrolling those trees, expand
    /// all over 10,000 × 100, select all and the fill at 100k.
    private static let peerParts: [(part: BigTreePart, sizes: [Int])] = [
        (.expand, [100_000, 1_000_000]), (.scroll, [100_000, 1_000_000]), (.expandAll, [1_000_000]), (.selectAll, [100_000]),
        (.fill, [100_000]),
    ]

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        let limit = quick ? 60 : 120
        var plans: [PartPlan<BigTreePart>] = [
            PartPlan(
                side: BigTreeScenario.side, parts: peerParts + [(.flatScroll, [1_000_000]), (.fillBatch, [100_000])],
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        if let peers = BenchmarkPeers.folder(holding: ["gtk3-tree-store", "gtk4-tree-list"]) {
            for mode in ["fixed", "autosize"] {
                plans.append(
                    PartPlan(
                        side: "gtk3-treestore-" + mode, parts: peerParts,
                        command: { [peers + "/gtk3-tree-store", mode, $0.rawValue, String($1), String(limit)] }))
            }
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    PartPlan(
                        side: "gtk4-treelist" + renderer.sideSuffix, parts: peerParts,
                        command: { [peers + "/gtk4-tree-list", $0.rawValue, String($1), String(limit)] },
                        environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 tree peers not built: `make benchmark` builds them.)")
        }

        let medians = PartRuns.medians(of: plans, runs: runs, limit: limit, progress: PartRuns.progress(of: "big-tree"))
        BigTreeReport(results: medians, runs: runs).print()
    }

    /// Measures one part and size in this process and prints its line.
    static func measureInThisProcess(part: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let part = BigTreePart(rawValue: part) else { return print("unknown part \(part)") }
        print(BigTreeScenario(part: part, count: count).run().line)
    }
}
