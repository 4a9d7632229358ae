import Foundation

/// A side of a benchmark run part by part (the big tree's, the big table's): the parts and
/// sizes it runs, and its command for one of them.
struct PartPlan<Part: BenchmarkPart> {
    let side: String
    let parts: [(part: Part, sizes: [Int])]
    let command: (Part, Int) -> [String]
    var environment: [String: String] = [:]
}

/// Runs such benchmarks: every side, part and size in its own process under a time limit.
enum PartRuns {
    /// The medians of `runs` runs of every plan's parts and sizes, in plan order. Run after run
    /// over every side, so that a slow spell of the machine hits all of them; a part that ran
    /// out of time is not run again (it would again: its runs are spent elsewhere).
    static func medians<Part>(
        of plans: [PartPlan<Part>], runs: Int, limit: Int, progress: (String) -> Void
    ) -> [PartResult<Part>] {
        var results: [String: [PartResult<Part>]] = [:]
        for run in 1...runs {
            for plan in plans {
                for (part, sizes) in plan.parts {
                    for size in sizes {
                        let key = "\(plan.side) \(part.rawValue) \(size)"
                        guard results[key]?.contains(where: { $0.timedOutAfter != nil }) != true else { continue }
                        progress("run \(run)/\(runs): \(key)")
                        switch TimedChildProcess.run(
                            plan.command(part, size), environment: plan.environment, limit: limit, parse: PartResult<Part>.init(line:))
                        {
                        case .measured(var result):
                            result.side = plan.side
                            results[key, default: []].append(result)
                        case .killed(let seconds):
                            results[key, default: []].append(
                                PartResult(side: plan.side, part: part, count: size, values: [:], timedOutAfter: seconds))
                        case .failed:
                            print("(\(key) failed)")
                        }
                    }
                }
            }
        }
        return plans.flatMap { plan in
            plan.parts.flatMap { part, sizes in
                sizes.compactMap { results["\(plan.side) \(part.rawValue) \($0)"].flatMap(PartResult.median(of:)) }
            }
        }
    }

    /// A line on standard error, `<benchmark>: <text>`: a run takes minutes.
    static func progress(of benchmark: String) -> (String) -> Void {
        { text in FileHandle.standardError.write(Data("\(benchmark): \(text)\n".utf8)) }
    }
}
