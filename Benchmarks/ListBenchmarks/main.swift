// The project's benchmark: `make benchmark` (a release build under Xvfb). Prints Markdown tables
// of ratios measured side by side in one run; `list-benchmarks storage` or `list-benchmarks
// manager` runs one group.
import GtkListManager
import ModelStorage

@MainActor
func runBenchmarks(groups: Set<String>) {
    print("# GtkListManager benchmarks (release build)")
    if groups.isEmpty || groups.contains("storage") { StorageBenchmarks.run() }
    if groups.isEmpty || groups.contains("manager") { ManagerBenchmarks.run() }
}

MainActor.assumeIsolated { runBenchmarks(groups: Set(CommandLine.arguments.dropFirst())) }
