// The project's benchmark: `make benchmark` (a release build under Xvfb). Prints Markdown tables
// of ratios measured side by side in one run; `list-benchmarks storage`, `list-benchmarks
// manager` or `list-benchmarks differ` runs one group (only `manager` needs a display).
import GtkListManager
import ModelStorage

@MainActor
func runBenchmarks(groups: Set<String>) {
    print("# GtkListManager benchmarks (release build)")
    if groups.isEmpty || groups.contains("storage") { StorageBenchmarks.run() }
    if groups.isEmpty || groups.contains("manager") { ManagerBenchmarks.run() }
    if groups.isEmpty || groups.contains("differ") { DifferBenchmarks.run() }
}

MainActor.assumeIsolated { runBenchmarks(groups: Set(CommandLine.arguments.dropFirst())) }
