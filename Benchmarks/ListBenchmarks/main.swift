// The project's benchmark: `make benchmark` (a release build under Xvfb). Prints Markdown tables
// of ratios measured side by side in one run; `list-benchmarks storage`, `list-benchmarks
// manager` or `list-benchmarks differ` runs one group (only `manager` needs a display).
// `list-benchmarks big [quick]` is the big-list benchmark (issue 16): the virtualized host
// against GtkListBox, GtkTreeView and GTK 4's ListView, each in its own processes; `make
// benchmark` runs every group and it.
//
// `list-benchmarks big-grid [quick]` is the big-grid benchmark (issue 17): the virtualized grid
// at 100,000 cells against the sectioned GtkFlowBox host, each in its own processes.
//
// `list-benchmarks big-tree [quick]` is the big-tree benchmark (issue 33): expanding, scrolling,
// expanding all, selecting all and filling a tree of up to a million children, the virtualized
// host with an OutlineStorage against GtkTreeView + GtkTreeStore and GTK 4's GtkTreeListModel,
// each part in its own process under a time limit; `big-tree [quick] PART…` runs the parts named.
//
// `list-benchmarks big-table [quick] [PART…] [ROWS…]` is the big-table benchmark (issues 34 and
// 55): a million rows of 20 text columns on the virtualized host (ListTable) against GtkTreeView
// in fixed-height mode and GTK 4's GtkColumnView, scrolling, column widths, resizing, sorting by
// header and sorting a text column, each part in its own process under a time limit; parts and
// row counts named run alone.
//
// `list-benchmarks big-filter [quick]` is the big-filter benchmark (issue 35): a query typed over
// 10,000 and a million rows, our FilteredStorage on the virtualized host against GtkTreeView over
// a GtkTreeModelFilter and GTK 4's GtkListView over an incremental GtkFilterListModel.
//
// `list-benchmarks animation [quick]` is the animated-changes benchmark (issue 36): a million rows
// on the virtualized host, about 100 on screen sliding at each change, the main thread's CPU and
// the interval of every frame.
//
// `list-benchmarks thumbnails [quick]` is the thumbnails benchmark (issue 36): a virtualized grid
// of 10,000 image files decoding thumbnails through their bindings, jumped and scrolled, and the
// prefetch events' lead while wheel-scrolling.
//
// `list-benchmarks updates [quick] [SIDE…] [unsorted|sorted]` is the update-storm benchmark (issue
// 57): 10,000 rows of 8 columns changing 100,000 row updates a second on the virtualized list and
// a table against GtkTreeView and GTK 4's GtkColumnView, each side in its own process.
//
// `list-benchmarks soak [minutes] [--plot FILE] [--seed N]` is the soak (issue 58): every host,
// a tree, a table, a filter and a database storage in one process under seeded random changes,
// scrolling and selection for an hour (or the minutes given); a line a minute of resident memory,
// GTK criticals and checks of the shown rows against the storages, a verdict and an SVG plot.
//
// `list-benchmarks differ-one CASE N` runs exactly one diff of a cell of the differ table, for
// `valgrind --tool=callgrind --toggle-collect=glm_measured_diff` (the differ table counts its
// cells that way itself when valgrind is installed); `list-benchmarks differ-read CASE N
// steps|edits` reads the script of one cell inside `glm_measured_read`, what reading it costs.
//
// `list-benchmarks database [quick]` is the database storage benchmark (issue 18): a write to an
// SQLite file until its rows are updated on screen, full records against ids only, 10k and 100k.
//
// `list-benchmarks postgres [quick]` is the PostgreSQL storage benchmark (issue 56): the list the
// storage's article has an app write, over 10 million rows (quick: 1 million) on the server the
// `PG*` variables name, its first frame, jumps, memory, header clicks, filter keystrokes and
// another client's changes, against two GTK 3 apps on libpq, each part in its own process; and
// the storm: 20 writers at 1,000 changes/s for a minute (quick: 10 s) under two lists, each then
// checked against the table. `list-benchmarks postgres storm [quick]` runs the storm alone.
//
// `list-benchmarks profile manager|plain [loops] [list|grid]` repeats the 1,000-row bulk load of one side,
// and nothing else, for a profiler: compare `valgrind --tool=callgrind` runs of two loop counts
// to get instructions per row (deterministic, unlike times on these machines).
// `list-benchmarks bulk-load-process list|grid` is how the bulk load measures itself in child
// processes; `list-benchmarks grid` runs the grid's bulk load alone.
import GtkListManager
import ModelStorage

@MainActor
func runBenchmarks(groups: Set<String>) {
    print("# GtkListManager benchmarks (release build)")
    if groups.isEmpty || groups.contains("storage") { StorageBenchmarks.run() }
    if groups.isEmpty || groups.contains("manager") { ManagerBenchmarks.run() }
    if groups.isEmpty || groups.contains("differ") { DifferBenchmarks.run() }
    if groups.isEmpty || groups.contains("grid") { ManagerBenchmarks.runGrid() }
}

MainActor.assumeIsolated {
    let arguments = Array(CommandLine.arguments.dropFirst())
    #if PostgreSQL
        // The PostgreSQL storage's group and its processes (`Postgres/`), with the trait only.
        if PostgresBenchmark.dispatch(arguments) { return }
    #endif
    if arguments.first == BigListBenchmark.childArgument, arguments.count == 3, let count = Int(arguments[2]) {
        BigListBenchmark.measureInThisProcess(side: arguments[1], count: count)
    } else if arguments.first == BigGridBenchmark.childArgument, arguments.count == 3, let count = Int(arguments[2]) {
        BigGridBenchmark.measureInThisProcess(side: arguments[1], count: count)
    } else if arguments.first == BigTreeBenchmark.childArgument, arguments.count == 3, let count = Int(arguments[2]) {
        BigTreeBenchmark.measureInThisProcess(part: arguments[1], count: count)
    } else if arguments.first == BigTableBenchmark.childArgument, arguments.count == 3, let count = Int(arguments[2]) {
        BigTableBenchmark.measureInThisProcess(part: arguments[1], count: count)
    } else if arguments.first == BigFilterBenchmark.childArgument, arguments.count == 3, let count = Int(arguments[2]) {
        BigFilterBenchmark.measureInThisProcess(part: arguments[1], count: count)
    } else if arguments.first == UpdateStormBenchmark.childArgument {
        UpdateStormBenchmark.measureInThisProcess(arguments.dropFirst())
    } else if arguments.first == "updates" {
        UpdateStormBenchmark.run(arguments: arguments.dropFirst())
    } else if arguments.first == "soak" {
        SoakBenchmark.run(arguments: arguments.dropFirst())
    } else if arguments.first == "thumbnails" {
        ThumbnailsBenchmark.run(quick: arguments.dropFirst().first == "quick")
    } else if arguments.first == "animation" {
        AnimatedChangesBenchmark.run(quick: arguments.dropFirst().first == "quick")
    } else if arguments.first == "big-filter" {
        BigFilterBenchmark.run(quick: arguments.dropFirst().first == "quick")
    } else if arguments.first == "big-table" {
        BigTableBenchmark.run(arguments: arguments.dropFirst())
    } else if arguments.first == "big-tree" {
        BigTreeBenchmark.run(arguments: arguments.dropFirst())
    } else if arguments.first == "big-grid" {
        BigGridBenchmark.run(quick: arguments.dropFirst().first == "quick")
    } else if arguments.first == "differ-one" {
        DifferBenchmarks.runOne(arguments.dropFirst())
    } else if arguments.first == "differ-read" {
        ScriptReading.runOne(arguments.dropFirst())
    } else if arguments.first == "database" {
        DatabaseBenchmark.run(quick: arguments.dropFirst().first == "quick")
    } else if arguments.first == "big" {
        BigListBenchmark.run(quick: arguments.dropFirst().first == "quick")
    } else if arguments.first == BulkLoadBenchmark.childArgument {
        BulkLoadBenchmark.measureInThisProcess(arguments.dropFirst().first.flatMap(BulkLoadTarget.init(rawValue:)) ?? .listBox)
    } else if arguments.first == "profile" {
        BulkLoadBenchmark.profile(
            withManager: arguments.dropFirst().first != "plain",
            loops: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 200,
            target: arguments.dropFirst(3).first.flatMap(BulkLoadTarget.init(rawValue:)) ?? .listBox)
    } else {
        runBenchmarks(groups: Set(arguments))
    }
}
