import Foundation
import GtkListManager

/// The big-table benchmark (issue 34): a million rows of 20 text columns, 8 in a 1280×800
/// window, on the virtualized host (`ListTable`) against GtkTreeView in fixed-height mode and
/// GTK 4's GtkColumnView under both its renderers (plain C programs in `Benchmarks/Peers`,
/// `gtk3-tree-table` and `gtk4-column-view`). Every side, part and size runs in its own process
/// under a time limit, run after run over all of them, medians of three runs with their spread.
///
/// `list-benchmarks big-table` runs it; `list-benchmarks big-table quick` runs each once.
/// Part names and row counts after it run only those (`list-benchmarks big-table quick text-sort
/// 100000`). `make benchmark` builds the C peers first (`scripts/build-benchmark-peers.sh`).
/// Every side runs under the locale the benchmark inherits (the text sort's order depends on it).
@MainActor
enum BigTableBenchmark {
    /// The argument that makes the executable measure one part and size and print its line.
    static let childArgument = "big-table-process"
    static let rows = 1_000_000
    /// The text sort's sizes (issue 55's goals).
    static let textSortSizes = [100_000, rows]

    static func run(arguments: ArraySlice<String>) {
        let quick = arguments.contains("quick")
        let runs = quick ? 1 : 3
        let limit = quick ? 90 : 180
        var plans: [PartPlan<BigTablePart>] = [
            PartPlan(
                side: BigTableScenario.side,
                parts: [
                    (.load, [rows]), (.widths, [rows]), (.resize, [rows]), (.sort, [100_000, rows]), (.textSort, textSortSizes),
                    (.cells, [rows]), (.copy, [100_000]),
                    (.group, [rows]), (.edit, [rows]),
                ],
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        let programs = ["gtk3-tree-table", "gtk4-column-view", "gtk3-tree-table-cells", "gtk4-column-view-cells"]
        if let peers = BenchmarkPeers.folder(holding: programs) {
            // A peer's named parts get the limit: at it, they print what they measured. The mixed
            // cells are a program of their own (`<program>-cells`).
            func command(_ program: String) -> (BigTablePart, Int) -> [String] {
                { part, size in
                    switch part {
                    case .load: [peers + "/" + program, String(size)]
                    case .cells: [peers + "/" + program + "-cells", part.rawValue, String(size), String(limit)]
                    default: [peers + "/" + program, part.rawValue, String(size), String(limit)]
                    }
                }
            }
            let parts: [(BigTablePart, [Int])] = [(.load, [rows]), (.textSort, textSortSizes), (.cells, [rows])]
            plans.append(PartPlan(side: "gtk3-tree-table", parts: parts, command: command("gtk3-tree-table")))
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    PartPlan(
                        side: "gtk4-column-view" + renderer.sideSuffix, parts: parts, command: command("gtk4-column-view"),
                        environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 GtkColumnView peers not built: `make benchmark` builds them.)")
        }
        plans = plans.map { selecting($0, from: arguments) }

        let medians = PartRuns.medians(of: plans, runs: runs, limit: limit, progress: PartRuns.progress(of: "big-table"))
        BigTableReport(results: medians, runs: runs).print()
    }

    /// `plan` with only the parts and row counts `arguments` name, when they name any.
    private static func selecting(_ plan: PartPlan<BigTablePart>, from arguments: ArraySlice<String>) -> PartPlan<BigTablePart> {
        let parts = Set(arguments.compactMap(BigTablePart.init(rawValue:)).map(\.rawValue))
        let sizes = Set(arguments.compactMap { Int($0) })
        let selected = plan.parts.compactMap { part, partSizes -> (part: BigTablePart, sizes: [Int])? in
            guard parts.isEmpty || parts.contains(part.rawValue) else { return nil }
            let chosen = partSizes.filter { sizes.isEmpty || sizes.contains($0) }
            return chosen.isEmpty ? nil : (part, chosen)
        }
        return PartPlan(side: plan.side, parts: selected, command: plan.command, environment: plan.environment)
    }

    /// Measures one part and size in this process and prints its line.
    static func measureInThisProcess(part: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let part = BigTablePart(rawValue: part) else { return print("unknown part \(part)") }
        print(BigTableScenario.run(part: part, count: count).line)
    }
}
