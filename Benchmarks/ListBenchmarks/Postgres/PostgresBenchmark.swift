#if PostgreSQL
    import Foundation
    import GtkListManager
    import PostgresStorage
    import SeededRandom

    /// The PostgreSQL storage benchmark (issue 56): the list the storage's article has an app
    /// write, over a table of generated tickets on a local server, against two GTK 3 apps written
    /// with libpq (`Benchmarks/Peers`): `gtk3-pg-list-store`, a GtkListStore filled by
    /// `SELECT * … ORDER BY id` (the naive app), and `gtk3-pg-offset`, N empty rows whose visible
    /// range is filled by `LIMIT … OFFSET …` as it scrolls (the offset-paging app). Every side, part
    /// and size runs in its own process under a time limit.
    ///
    /// `list-benchmarks postgres` runs it on ten million rows (and one million, which the naive
    /// app can load); `list-benchmarks postgres quick` on one million, once. Both include the
    /// storm part (20 writers under two lists over a copy of the million rows, `PostgresStorm`),
    /// which `list-benchmarks postgres storm [quick]` runs alone. The server is the one libpq's
    /// `PG*` variables name (`scripts/postgres-test-server.sh`); a missing table is made first,
    /// once, which takes minutes for ten million rows.
    @MainActor
    enum PostgresBenchmark {
        /// The argument that makes the executable measure one part and size and print its line.
        static let childArgument = "postgres-process"
        static let limit = 120
        static let jumps = 40

        /// The jumps' places, fractions of the scroll range: SplitMix64 from 42, as every big
        /// benchmark's (`peer_random_fraction`), given to the C peers on their command line.
        static var jumpFractions: [Double] {
            var random = SplitMix64(seed: 42)
            return (0..<jumps).map { _ in Double(random.next() >> 11) / Double(UInt64(1) << 53) }
        }

        /// Runs the group or one of its processes when `arguments` name them; false otherwise.
        static func dispatch(_ arguments: [String]) -> Bool {
            if arguments.first == "postgres", arguments.dropFirst().first == "storm" {
                runStorm(quick: arguments.dropFirst(2).first == "quick")
            } else if arguments.first == "postgres" {
                run(quick: arguments.dropFirst().first == "quick")
            } else if arguments.first == childArgument, (3...4).contains(arguments.count), let count = Int(arguments[2]) {
                // The storm part takes its length in seconds after the count (a minute unless told).
                let seconds = arguments.count == 4 ? Int(arguments[3]) : PostgresStorm.defaultSeconds
                measureInThisProcess(part: arguments[1], count: count, seconds: seconds ?? PostgresStorm.defaultSeconds)
            } else {
                return false
            }
            return true
        }

        static func run(quick: Bool) {
            guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
            let small = 1_000_000, big = quick ? small : 10_000_000
            let sizes = quick ? [small] : [small, big]
            do {
                try prepare(sizes.map(PostgresBenchTable.init(rows:)))
            } catch {
                return print(
                    "\n(no PostgreSQL server: \(error). Start one: `scripts/postgres-test-server.sh start; "
                        + "eval \"$(scripts/postgres-test-server.sh env)\"`)")
            }
            // The storm: 20 writers for a minute (quick: 10 s) over a copy of the million rows.
            let stormSeconds = quick ? PostgresStorm.quickSeconds : PostgresStorm.defaultSeconds
            var plans = [
                PostgresPlan(
                    side: PostgresScenario.side,
                    parts: [(.load, sizes), (.sort, [big]), (.filter, [big]), (.changes, [big]), (.storm, [small])],
                    command: { part, size in
                        ["/proc/self/exe", childArgument, part.rawValue, String(size)] + (part == .storm ? [String(stormSeconds)] : [])
                    },
                    limits: [.storm: PostgresStorm.limit(seconds: stormSeconds)])
            ]
            let fractions = jumpFractions.map { String(format: "%.6f", $0) }.joined(separator: ",")
            if let peers = BenchmarkPeers.folder(holding: ["gtk3-pg-list-store", "gtk3-pg-offset"]) {
                for program in ["gtk3-pg-list-store", "gtk3-pg-offset"] {
                    plans.append(
                        PostgresPlan(
                            side: program, parts: [(.load, sizes)],
                            command: { [peers + "/" + program, PostgresBenchTable(rows: $1).name, String($1), String(limit), fractions] }))
                }
            } else {
                print("\n(libpq peers not built: `bash scripts/build-benchmark-peers.sh` builds them.)")
            }
            let runs = quick ? 1 : 3
            PostgresReport(results: PostgresRuns.run(plans, runs: runs, limit: limit), runs: runs, limit: limit, sizes: sizes).print()
        }

        /// Makes the tables that are missing, installs their change feeds and puts back the rows a
        /// change part may have left changed.
        private static func prepare(_ tables: [PostgresBenchTable]) throws {
            let database = PostgresSharedConnection(try PostgresConnectionSettings.fromEnvironment())
            for table in tables {
                PostgresRuns.progress("checking \(table.name) (made once, minutes for ten million rows)")
                try MainLoopAwait.value(limit: 3600) {
                    if try await table.makeIfMissing(on: database) { PostgresRuns.progress("made \(table.name)") }
                    try await table.feed.install(on: database)
                    try await table.restoreTouchedRows(on: database)
                }
            }
            try MainLoopAwait.value { await database.close() }
        }

        /// Measures one part and size in this process and prints its line; the storm lasts
        /// `seconds`.
        static func measureInThisProcess(part: String, count: Int, seconds: Int) {
            guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
            guard let part = PostgresPart(rawValue: part) else { return print("unknown part \(part)") }
            do {
                if part == .storm {
                    print(try PostgresStorm(count: count, seconds: seconds).run().line)
                } else {
                    print(try PostgresScenario(part: part, count: count).run().line)
                }
            } catch {
                print("postgres \(part.rawValue) \(count): \(error)")
            }
        }
    }
#endif
