// The project's benchmark: `swift run -c release list-benchmarks` (under `xvfb-run -a` once GTK
// measurements are added). Prints Markdown tables of ratios measured side by side in one run.
import GtkListManager
import ModelStorage

@MainActor
func runBenchmarks() {
    print("# GtkListManager benchmarks (release build)")
    StorageBenchmarks.run()
    ManagerBenchmarks.run()
}

MainActor.assumeIsolated { runBenchmarks() }
