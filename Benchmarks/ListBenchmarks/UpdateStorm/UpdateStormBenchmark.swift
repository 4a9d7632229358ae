import Foundation
import GtkListManager

/// The update-storm benchmark (issue 57): 10,000 rows of 8 columns, every row's values changing
/// 10 times a second (100,000 row updates a second) from a GLib timeout on the main thread, on
/// the virtualized list and on a table, each with one storage call per row update and one per
/// tick, unsorted and sorted by a column the updates change, against GtkTreeView over a
/// GtkListStore and GTK 4's GtkColumnView over a GListStore of objects under both renderers
/// (plain C programs in `Benchmarks/Peers`, `gtk3-update-storm` and `gtk4-update-storm`). Every
/// side and scenario runs in its own process under a time limit, run after run over all of them,
/// medians of three runs with their spread.
///
/// `list-benchmarks updates` runs it (2 s of warm-up, then 5 s measured); `list-benchmarks
/// updates quick` runs each once (1 s, then 3 s). Side and scenario names after it run only those
/// (`list-benchmarks updates quick table-batch gtk3-tree-view sorted`).
@MainActor
enum UpdateStormBenchmark {
    /// The argument that makes the executable measure one side and scenario and print its line.
    static let childArgument = "updates-process"

    static func run(arguments: ArraySlice<String>) {
        let quick = arguments.contains("quick")
        let runs = quick ? 1 : 3
        let (warmUp, measured) = quick ? (1.0, 3.0) : (2.0, 5.0)
        let limit = Int(warmUp + measured) + 30
        let timing = [String(warmUp), String(measured)]
        var plans = StormScenario.sides.map { side in
            PartPlan<UpdateStormPart>(
                side: side, parts: UpdateStormPart.allCases.map { ($0, [StormScenario.rows]) },
                command: { part, _ in ["/proc/self/exe", childArgument, side, part.rawValue] + timing })
        }
        if let peers = BenchmarkPeers.folder(holding: ["gtk3-update-storm", "gtk4-update-storm"]) {
            func command(_ program: String) -> (UpdateStormPart, Int) -> [String] {
                { part, _ in [peers + "/" + program, part.rawValue] + timing + [String(limit)] }
            }
            let parts = UpdateStormPart.allCases.map { ($0, [StormScenario.rows]) }
            plans.append(PartPlan(side: "gtk3-tree-view", parts: parts, command: command("gtk3-update-storm")))
            for renderer in Gtk4Renderer.allCases {
                plans.append(
                    PartPlan(
                        side: "gtk4-column-view" + renderer.sideSuffix, parts: parts, command: command("gtk4-update-storm"),
                        environment: renderer.environment))
            }
        } else {
            print("\n(GtkTreeView and GTK 4 GtkColumnView peers not built: `make benchmark` builds them.)")
        }
        plans = plans.compactMap { selecting($0, from: arguments) }

        let medians = PartRuns.medians(of: plans, runs: runs, limit: limit, progress: PartRuns.progress(of: "updates"))
        UpdateStormReport(results: medians, runs: runs, warmUp: warmUp, measured: measured).print()
    }

    /// `plan` with only the scenarios `arguments` name, when they name any; nil when they name
    /// sides and not this one.
    private static func selecting(_ plan: PartPlan<UpdateStormPart>, from arguments: ArraySlice<String>) -> PartPlan<UpdateStormPart>? {
        let names = Set(arguments.filter { $0 != "quick" })
        let parts = names.compactMap(UpdateStormPart.init(rawValue:))
        let sides = names.subtracting(parts.map(\.rawValue))
        guard sides.isEmpty || sides.contains(plan.side) else { return nil }
        let selected = plan.parts.filter { parts.isEmpty || parts.contains($0.part) }
        return PartPlan(side: plan.side, parts: selected, command: plan.command, environment: plan.environment)
    }

    /// Measures one side and scenario in this process and prints its line:
    /// `SIDE unsorted|sorted WARM_UP_S MEASURED_S`.
    static func measureInThisProcess(_ arguments: ArraySlice<String>) {
        let arguments = Array(arguments)
        guard arguments.count == 4, let part = UpdateStormPart(rawValue: arguments[1]), let warmUp = Double(arguments[2]),
            let measured = Double(arguments[3])
        else { return print("usage: \(childArgument) SIDE unsorted|sorted WARM_UP_S MEASURED_S") }
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        guard let result = StormScenario.run(side: arguments[0], part: part, warmUp: warmUp, measured: measured) else {
            return print("unknown side \(arguments[0]): \(StormScenario.sides.joined(separator: ", "))")
        }
        print(result.line)
    }
}
