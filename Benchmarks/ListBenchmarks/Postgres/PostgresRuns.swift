#if PostgreSQL
    import Foundation

    /// A side of the PostgreSQL benchmark: the parts and table sizes it runs, and its command for
    /// one of them.
    struct PostgresPlan {
        let side: String
        let parts: [(part: PostgresPart, sizes: [Int])]
        let command: (PostgresPart, Int) -> [String]
        /// Time limits of parts that take longer than the run's (the storm's minute).
        var limits: [PostgresPart: Int] = [:]
    }

    /// Every run of one side, part and size: the lines of the runs that finished, and whether one
    /// ran out of time (then it is not run again: it would again, its runs are spent elsewhere).
    struct PostgresRunsOf {
        let side: String
        let part: PostgresPart
        let count: Int
        var finished: [PostgresResult] = []
        /// The lines of runs that ran out of time (a C peer prints what it had).
        var timedOut: [PostgresResult] = []
        /// The limit when a run ran out of time.
        var limit: Int?
        var failures = 0

        /// One value per finished run.
        func values(_ key: String) -> [Double] { finished.map { $0[key] }.filter { !$0.isNaN } }

        /// Every sample of every finished run.
        func samples(_ key: String) -> [Double] { finished.flatMap { $0.samples[key] ?? [] } }
    }

    /// Runs the plans: every side, part and size in its own process under a time limit, run after
    /// run over all of them, so that a slow spell of the machine hits every side.
    enum PostgresRuns {
        static func run(_ plans: [PostgresPlan], runs: Int, limit: Int) -> [PostgresRunsOf] {
            var all: [String: PostgresRunsOf] = [:]
            var order: [String] = []
            for run in 1...runs {
                for plan in plans {
                    for (part, sizes) in plan.parts {
                        for size in sizes {
                            let key = "\(plan.side) \(part.rawValue) \(size)"
                            if all[key] == nil {
                                all[key] = PostgresRunsOf(side: plan.side, part: part, count: size)
                                order.append(key)
                            }
                            guard all[key]?.limit == nil else { continue }
                            progress("run \(run)/\(runs): \(key)")
                            let started = Date(), partLimit = plan.limits[part] ?? limit
                            switch TimedChildProcess.run(
                                plan.command(part, size), environment: [:], limit: partLimit, parse: PostgresResult.init(line:))
                            {
                            case .measured(var result):
                                result.side = plan.side
                                if result.timedOutAfter != nil {
                                    all[key]?.timedOut.append(result)
                                    all[key]?.limit = partLimit
                                } else {
                                    all[key]?.finished.append(result)
                                }
                            case .killed(let seconds) where Date().timeIntervalSince(started) >= Double(seconds):
                                all[key]?.limit = seconds
                            case .killed:
                                // Not at the limit: another process's kill, not a run out of time.
                                all[key]?.failures += 1
                                print("(\(key) killed after \(Int(Date().timeIntervalSince(started))) s)")
                            case .failed:
                                all[key]?.failures += 1
                                print("(\(key) failed)")
                            }
                        }
                    }
                }
            }
            return order.compactMap { all[$0] }
        }

        /// A line on standard error: a run takes minutes.
        static func progress(_ text: String) {
            FileHandle.standardError.write(Data("postgres: \(text)\n".utf8))
        }
    }
#endif
