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

    /// A side, the parts and sizes it runs, and its command for one of them.
    private struct Plan {
        let side: String
        let parts: [(part: BigTablePart, sizes: [Int])]
        let command: (BigTablePart, Int) -> [String]
        var environment: [String: String] = [:]
    }

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        let limit = quick ? 90 : 180
        var plans = [
            Plan(
                side: BigTableScenario.side,
                parts: [(.load, [rows]), (.widths, [rows]), (.resize, [rows]), (.sort, [100_000, rows])],
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        if let peers = peersFolder() {
            plans.append(Plan(side: "gtk3-tree-table", parts: [(.load, [rows])], command: { [peers + "/gtk3-tree-table", String($1)] }))
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    Plan(
                        side: "gtk4-column-view" + renderer.sideSuffix, parts: [(.load, [rows])],
                        command: { [peers + "/gtk4-column-view", String($1)] }, environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 GtkColumnView peers not built: `make benchmark` builds them.)")
        }

        // Run after run over every side, so that a slow spell of the machine hits all of them.
        var results: [String: [BigTableResult]] = [:]
        for run in 1...runs {
            for plan in plans {
                for (part, sizes) in plan.parts {
                    for size in sizes {
                        let key = "\(plan.side) \(part.rawValue) \(size)"
                        // A part that ran out of time once would again: its runs are spent elsewhere.
                        guard results[key]?.contains(where: { $0.timedOutAfter != nil }) != true else { continue }
                        progress("run \(run)/\(runs): \(key)")
                        switch TimedChildProcess.run(
                            plan.command(part, size), environment: plan.environment, limit: limit, parse: BigTableResult.init(line:))
                        {
                        case .measured(var result):
                            result.side = plan.side
                            results[key, default: []].append(result)
                        case .killed(let seconds):
                            results[key, default: []].append(
                                BigTableResult(side: plan.side, part: part, count: size, values: [:], timedOutAfter: seconds))
                        case .failed:
                            print("(\(key) failed)")
                        }
                    }
                }
            }
        }
        let medians = plans.flatMap { plan in
            plan.parts.flatMap { part, sizes in
                sizes.compactMap { results["\(plan.side) \(part.rawValue) \($0)"].flatMap(BigTableResult.median(of:)) }
            }
        }
        BigTableReport(results: medians, runs: runs).print()
    }

    /// Measures one part and size in this process and prints its line.
    static func measureInThisProcess(part: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let part = BigTablePart(rawValue: part) else { return print("unknown part \(part)") }
        print(BigTableScenario.run(part: part, count: count).line)
    }

    /// Where `scripts/build-benchmark-peers.sh` put the C programs: `$BENCHMARK_PEERS`, else
    /// its default, `.build/peers`.
    private static func peersFolder() -> String? {
        let folder = ProcessInfo.processInfo.environment["BENCHMARK_PEERS"] ?? ".build/peers"
        let built = ["gtk3-tree-table", "gtk4-column-view"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        return built ? folder : nil
    }

    /// A line on standard error: a run takes minutes.
    private static func progress(_ text: String) {
        FileHandle.standardError.write(Data("big-table: \(text)\n".utf8))
    }
}
