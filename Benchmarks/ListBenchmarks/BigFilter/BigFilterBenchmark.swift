import Foundation
import GtkListManager

/// The big-filter benchmark (issue 35): a query typed over a list of N rows that shows only the
/// rows matching it, our `FilteredStorage` on the virtualized host against GtkTreeView over a
/// GtkTreeModelFilter and GTK 4's GtkListView over an incremental GtkFilterListModel (plain C
/// programs in `Benchmarks/Peers`, `gtk3-filter-view` and `gtk4-filter-list`). Every side and
/// size runs in its own process under a time limit, medians of three runs with their spread.
///
/// `list-benchmarks big-filter` runs it; `list-benchmarks big-filter quick` runs each once.
@MainActor
enum BigFilterBenchmark {
    /// The argument that makes the executable measure one part and size and print its line.
    static let childArgument = "big-filter-process"
    static let sizes = [10_000, 1_000_000]

    static func run(quick: Bool) {
        let runs = quick ? 1 : 3
        var plans: [PartPlan<BigFilterPart>] = [
            PartPlan(
                side: BigFilterScenario.side, parts: [(.filter, sizes), (.typeAhead, sizes), (.fullTextSearch, sizes)],
                command: { ["/proc/self/exe", childArgument, $0.rawValue, String($1)] })
        ]
        if let peers = BenchmarkPeers.folder(holding: ["gtk3-filter-view", "gtk4-filter-list"]) {
            plans.append(
                PartPlan(
                    side: "gtk3-filter-view", parts: [(.filter, sizes), (.typeAhead, sizes)],
                    command: { [peers + "/gtk3-filter-view", $0.rawValue, String($1)] }))
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    PartPlan(
                        side: "gtk4-filter-list" + renderer.sideSuffix, parts: [(.filter, sizes)],
                        command: { [peers + "/gtk4-filter-list", $0.rawValue, String($1)] }, environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeModelFilter and GtkFilterListModel peers not built: `make benchmark` builds them.)")
        }
        let medians = PartRuns.medians(of: plans, runs: runs, limit: quick ? 90 : 180, progress: PartRuns.progress(of: "big-filter"))
        BigFilterReport(results: medians, runs: runs).print()
    }

    /// Measures one part and size in this process and prints its line.
    static func measureInThisProcess(part: String, count: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        switch BigFilterPart(rawValue: part) {
        case .filter: print(BigFilterScenario(count: count).run().line)
        case .typeAhead: print(TypeAheadScenario(count: count).run().line)
        case .fullTextSearch:
            do { print(try FullTextSearchScenario(count: count).run().line) } catch { print("the database failed: \(error)") }
        case nil: print("unknown part \(part)")
        }
    }
}
