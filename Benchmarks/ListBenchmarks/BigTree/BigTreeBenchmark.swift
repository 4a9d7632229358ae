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

    /// A side, the parts and sizes it runs, and its command for one of them.
    private struct Plan {
        let side: String
        let parts: [(part: BigTreePart, sizes: [Int])]
        let command: (BigTreePart, Int) -> [String]
        var environment: [String: String] = [:]
    }

    /// What every side runs: the expands at 100k and 1M children, scrolling those trees, expand
    /// all over 10,000 × 100, select all and the fill at 100k.
    private static let peerParts: [(part: BigTreePart, sizes: [Int])] = [
        (.expand, [100_000, 1_000_000]), (.scroll, [100_000, 1_000_000]), (.expandAll, [1_000_000]), (.selectAll, [100_000]),
        (.fill, [100_000]),
    ]

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        let limit = quick ? 60 : 120
        var plans = [
            Plan(
                side: BigTreeScenario.side, parts: peerParts + [(.flatScroll, [1_000_000]), (.fillBatch, [100_000])],
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        if let peers = peersFolder() {
            for mode in ["fixed", "autosize"] {
                plans.append(
                    Plan(
                        side: "gtk3-treestore-" + mode, parts: peerParts,
                        command: { [peers + "/gtk3-tree-store", mode, $0.rawValue, String($1), String(limit)] }))
            }
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    Plan(
                        side: "gtk4-treelist" + renderer.sideSuffix, parts: peerParts,
                        command: { [peers + "/gtk4-tree-list", $0.rawValue, String($1), String(limit)] },
                        environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 tree peers not built: `make benchmark` builds them.)")
        }

        // Run after run over every side, so that a slow spell of the machine hits all of them.
        var results: [String: [BigTreeResult]] = [:]
        for run in 1...runs {
            for plan in plans {
                for (part, sizes) in plan.parts {
                    for size in sizes {
                        let key = "\(plan.side) \(part.rawValue) \(size)"
                        // A part that ran out of time once would again: its runs are spent elsewhere.
                        guard results[key]?.contains(where: { $0.timedOutAfter != nil }) != true else { continue }
                        progress("run \(run)/\(runs): \(key)")
                        switch TimedChildProcess.run(
                            plan.command(part, size), environment: plan.environment, limit: limit, parse: BigTreeResult.init(line:))
                        {
                        case .measured(var result):
                            result.side = plan.side
                            results[key, default: []].append(result)
                        case .killed(let seconds):
                            results[key, default: []].append(
                                BigTreeResult(side: plan.side, part: part, count: size, values: [:], timedOutAfter: seconds))
                        case .failed:
                            print("(\(key) failed)")
                        }
                    }
                }
            }
        }
        let medians = plans.flatMap { plan in
            plan.parts.flatMap { part, sizes in
                sizes.compactMap { results["\(plan.side) \(part.rawValue) \($0)"].flatMap(BigTreeResult.median(of:)) }
            }
        }
        BigTreeReport(results: medians, runs: runs).print()
    }

    /// Measures one part and size in this process and prints its line.
    static func measureInThisProcess(part: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let part = BigTreePart(rawValue: part) else { return print("unknown part \(part)") }
        print(BigTreeScenario(part: part, count: count).run().line)
    }

    /// Where `scripts/build-benchmark-peers.sh` put the C programs: `$BENCHMARK_PEERS`, else
    /// its default, `.build/peers`.
    private static func peersFolder() -> String? {
        let folder = ProcessInfo.processInfo.environment["BENCHMARK_PEERS"] ?? ".build/peers"
        let built = ["gtk3-tree-store", "gtk4-tree-list"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        return built ? folder : nil
    }

    /// A line on standard error: a full run takes many minutes.
    private static func progress(_ text: String) {
        FileHandle.standardError.write(Data("big-tree: \(text)\n".utf8))
    }
}
