import Foundation

/// `list-benchmarks differ-one CASE N REPETITIONS`: the wall time of one cell against the greedy
/// yardstick, for comparing two builds without running the whole table.
///
/// The two diffs alternate, so both see the same noise; each ratio is taken within one
/// repetition. Prints the median and the quartiles of each, since times on these machines
/// spread.
@MainActor
enum DiffTiming {
    static func run(_ diffCase: DiffCase, count: Int, repetitions: Int) {
        let prepared = diffCase.prepare(count: count)
        let greedy = greedyRun(diffCase, count: count)
        let clock = ContinuousClock()
        var ours: [Double] = []
        var theirs: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            let differ = seconds(clock.measure { _ = prepared.run() })
            ours.append(differ)
            if let greedy {
                let yardstick = seconds(clock.measure(greedy))
                theirs.append(yardstick)
                ratios.append(differ / yardstick)
            }
        }
        var line = "\(diffCase.rawValue) \(count), \(repetitions) runs: Differ \(summary(ours, formatted))"
        if !theirs.isEmpty {
            line += "; greedy \(summary(theirs, formatted)); Differ ÷ greedy \(summary(ratios) { String(format: "%.2f", $0) })"
        }
        print(line)
    }

    /// One greedy diff of the same rows, or nil for the cases it has no flat rows for.
    private static func greedyRun(_ diffCase: DiffCase, count: Int) -> (() -> Void)? {
        if diffCase == .uuid {
            let scenario = UUIDDiffScenario(count: count)
            return { _ = GreedyHeckelDiff.operations(from: scenario.old, to: scenario.new) }
        }
        guard let kind = diffCase.flatKind else { return nil }
        let scenario = DiffScenario(kind, count: count)
        return { _ = GreedyHeckelDiff.operations(from: scenario.old, to: scenario.new) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// "median (first quartile–third quartile)".
    private static func summary(_ samples: [Double], _ format: (Double) -> String) -> String {
        let sorted = samples.sorted()
        let quartile = { (fraction: Double) in sorted[Int(fraction * Double(sorted.count - 1))] }
        return "\(format(quartile(0.5))) (\(format(quartile(0.25)))–\(format(quartile(0.75))))"
    }
}
