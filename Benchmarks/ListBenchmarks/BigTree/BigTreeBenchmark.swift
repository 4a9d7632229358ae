import Foundation
import GtkListManager

/// The big-tree benchmark (issue 33): the virtualized host showing an `OutlineStorage` against
/// GtkTreeView over a GtkTreeStore (fixed-height mode and the default, autosize) and GTK 4's
/// GtkListView over a GtkTreeListModel under both its renderers (plain C programs in
/// `Benchmarks/Peers`). Every side, part and size runs in its own process under a time limit,
/// medians of three runs; a part that ran out of time is reported as such and not run again.
///
/// `list-benchmarks big-tree` runs it; `list-benchmarks big-tree quick` runs each once;
/// `list-benchmarks big-tree [quick] memory expand` runs the parts named alone.
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
    /// The models alone, one parent of 1M children and 10,000 × 100, built before anything is
    /// shown: once per peer program, since no view draws them.
    private static let memoryParts: [(part: BigTreePart, sizes: [Int])] = [(.memory, [1_000_000]), (.memoryWide, [1_000_000])]

    /// `arguments`: `quick` runs each part once; part names run those parts alone (`memory`
    /// both memory parts).
    static func run(arguments: ArraySlice<String>) {
        let quick = arguments.contains("quick")
        let named = Set(arguments.filter { $0 != "quick" })
        func selected(_ parts: [(part: BigTreePart, sizes: [Int])]) -> [(part: BigTreePart, sizes: [Int])] {
            parts.filter { named.isEmpty || named.contains($0.part.rawValue) || ($0.part == .memoryWide && named.contains("memory")) }
        }
        let runs = quick ? 1 : 3
        let limit = quick ? 60 : 120
        var plans: [PartPlan<BigTreePart>] = [
            PartPlan(
                side: BigTreeScenario.side,
                parts: selected(
                    peerParts + [(.flatScroll, [1_000_000]), (.pinnedScroll, [1_000_000]), (.fillBatch, [100_000])] + memoryParts),
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        if let peers = BenchmarkPeers.folder(holding: ["gtk3-tree-store", "gtk4-tree-list"]) {
            for mode in ["fixed", "autosize"] {
                plans.append(
                    PartPlan(
                        side: "gtk3-treestore-" + mode, parts: selected(peerParts),
                        command: { [peers + "/gtk3-tree-store", mode, $0.rawValue, String($1), String(limit)] }))
            }
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    PartPlan(
                        side: "gtk4-treelist" + renderer.sideSuffix, parts: selected(peerParts),
                        command: { [peers + "/gtk4-tree-list", $0.rawValue, String($1), String(limit)] },
                        environment: renderer.environment))
            }
            plans.append(
                PartPlan(
                    side: "gtk3-treestore", parts: selected(memoryParts),
                    command: { [peers + "/gtk3-tree-store", "fixed", $0.rawValue, String($1), String(limit)] }))
            plans.append(
                PartPlan(
                    side: "gtk4-treelist", parts: selected(memoryParts),
                    command: { [peers + "/gtk4-tree-list", $0.rawValue, String($1), String(limit)] },
                    environment: Gtk4Renderer.cairo.environment))
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
