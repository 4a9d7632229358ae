import Foundation
import GtkListManager

/// The big-list benchmark: the virtualized host against GtkListBox (both through the manager),
/// GtkTreeView in fixed-height mode and GTK 4's GtkListView under both its renderers (plain C
/// programs in `Benchmarks/Peers`), every side in its own processes, medians of three runs.
///
/// `list-benchmarks big` runs it; `list-benchmarks big quick` runs fewer sizes once, for a
/// quick look. `make benchmark` builds the C peers first (`scripts/build-benchmark-peers.sh`).
@MainActor
enum BigListBenchmark {
    /// The argument that makes the executable measure one side and size and print its line.
    static let childArgument = "big-list-process"

    /// A side and the sizes it runs at.
    private struct Plan {
        let side: String
        let sizes: [Int]
        /// The program and its arguments before the size.
        let command: [String]
        /// Added to the child's environment.
        var environment: [String: String] = [:]
    }

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        var plans = [
            Plan(
                side: "virtual-host", sizes: quick ? [1_000, 1_000_000] : [1_000, 50_000, 100_000, 1_000_000],
                command: ["/proc/self/exe", childArgument, "virtual-host"]),
            Plan(
                side: "gtklistbox", sizes: quick ? [1_000, 10_000] : [1_000, 50_000],
                command: ["/proc/self/exe", childArgument, "gtklistbox"]),
        ]
        if let peers = BenchmarkPeers.folder(holding: ["gtk3-tree-view", "gtk4-list-view"]) {
            let sizes = quick ? [1_000_000] : [1_000, 100_000, 1_000_000]
            plans.append(Plan(side: "gtk3-treeview", sizes: sizes, command: [peers + "/gtk3-tree-view"]))
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    Plan(
                        side: "gtk4-listview" + renderer.sideSuffix, sizes: sizes, command: [peers + "/gtk4-list-view"],
                        environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 ListView peers not built: `make benchmark` builds them.)")
        }

        // Run after run over every side, so that a slow spell of the machine hits all of them.
        var results: [String: [BigListResult]] = [:]
        for _ in 0..<runs {
            for plan in plans {
                for size in plan.sizes {
                    guard var result = measure(plan.command + [String(size)], environment: plan.environment) else {
                        print("(\(plan.side) at \(size) rows failed)")
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
        BigListReport(results: medians, runs: runs).print()
    }

    /// Measures one side and size in this process and prints its line.
    static func measureInThisProcess(side: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let side = BigListScenario.Side(rawValue: side) else { return print("unknown side \(side)") }
        print(BigListScenario(side: side, count: count).run().line)
    }

    /// Runs one measuring process; its `RESULT` line, parsed for `keys`.
    static func measure(
        _ command: [String], keys: [String] = BigListResult.listKeys, environment: [String: String] = [:]
    ) -> BigListResult? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: command[0])
        child.arguments = Array(command.dropFirst())
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        let output = Pipe()
        child.standardOutput = output
        do { try child.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").lazy.compactMap { BigListResult(line: $0, keys: keys) }.first
    }
}
