#if PostgreSQL
    import GtkListManager

    /// `list-benchmarks postgres storm [quick]`: the storm part alone, three runs of a minute
    /// (quick: one of 10 s), each in its own process as in the whole benchmark, and its tables
    /// and goals.
    extension PostgresBenchmark {
        static func runStorm(quick: Bool) {
            guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
            let seconds = quick ? PostgresStorm.quickSeconds : PostgresStorm.defaultSeconds, runs = quick ? 1 : 3
            let rows = 1_000_000
            let plan = PostgresPlan(
                side: PostgresScenario.side, parts: [(.storm, [rows])],
                command: { part, size in ["/proc/self/exe", childArgument, part.rawValue, String(size), String(seconds)] },
                limits: [.storm: PostgresStorm.limit(seconds: seconds)])
            let results = PostgresRuns.run([plan], runs: runs, limit: limit)
            PostgresReport(results: results, runs: runs, limit: limit, sizes: [rows]).printStormAlone()
        }
    }
#endif
