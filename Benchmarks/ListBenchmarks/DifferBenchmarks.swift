import Foundation
import ModelStorage

/// The differ against the standard library's Myers diff, and its move count against a greedy
/// Heckel differ, on 1k / 10k / 100k rows. Needs no display.
///
/// Standard-library cells that would not fit in half the available memory, or would take more
/// than a minute, are skipped with the estimate instead of swapping or stalling the machine. The
/// time is predicted from D²: per scenario from its previous size, at first from a calibration.
@MainActor
enum DifferBenchmarks {
    static let sizes = [1_000, 10_000, 100_000]
    /// Longer predicted standard-library runs are skipped.
    static let timeLimit = 60.0

    static func run() {
        let memoryBudget = availableMemoryBytes() / 2
        let calibration = calibrateMyers()
        var secondsPerSquaredDistance: [DiffScenario.Kind: Double] = [:]
        var rows: [[String]] = []
        var differSeconds: [String: Double] = [:]
        var fewerMovesEverywhere = true

        for kind in DiffScenario.Kind.allCases {
            for count in sizes {
                let scenario = DiffScenario(kind, count: count)
                var script = EditScript()
                let ours = medianSeconds(repetitions: 7) { script = Differ().script(from: scenario.old, to: scenario.new) }
                differSeconds["\(kind.rawValue) \(count)"] = ours
                let greedy = GreedyHeckelDiff.operations(from: scenario.old, to: scenario.new)
                fewerMovesEverywhere = fewerMovesEverywhere && script.counts.moves <= greedy.moves

                let distance = StandardLibraryDiff.editDistance(from: scenario.old, to: scenario.new)
                let bytes = StandardLibraryDiff.estimatedBytes(
                    editDistance: distance, elements: scenario.old.count + scenario.new.count)
                let predicted = (secondsPerSquaredDistance[kind] ?? calibration) * Double(distance) * Double(distance)
                var standard = "", ratio = "—", standardOperations = "—"
                if bytes > memoryBudget {
                    standard = "skipped (needs ≈ \(gigabytes(bytes)))"
                } else if predicted > timeLimit {
                    standard = "skipped (predicted ≈ \(formatted(predicted)))"
                } else {
                    var difference = CollectionDifference<BenchmarkRow>([])!
                    let seconds = medianSeconds(repetitions: predicted < 0.5 ? 5 : 1) {
                        difference = StandardLibraryDiff.difference(from: scenario.old, to: scenario.new)
                    }
                    if distance >= 1_000 { secondsPerSquaredDistance[kind] = seconds / Double(distance * distance) }
                    let operations = StandardLibraryDiff.operations(of: difference)
                    standard = formatted(seconds)
                    ratio = formattedRatio(seconds / ours)
                    standardOperations = "\(operations.removals.formatted()) / \(operations.insertions.formatted()) (\(operations.moves.formatted()))"
                }
                let counts = script.counts
                rows.append([
                    kind.rawValue, count.formatted(), distance.formatted(), formatted(ours), standard, ratio,
                    "\(counts.inserts.formatted()) / \(counts.deletes.formatted()) / \(counts.moves.formatted()) / \(counts.updates.formatted())",
                    standardOperations, greedy.moves.formatted(),
                ])
            }
        }

        printTable(
            "Differ vs `new.difference(from: old).inferringMoves()` (Differ: median of 7; standard library: median of 5, or 1 run when predicted ≥ 0.5 s)",
            ["scenario", "n", "Myers D", "Differ", "standard library", "stdlib ÷ Differ",
             "Differ ins / del / mov / upd", "stdlib rem / ins (moves)", "greedy Heckel moves"],
            rows)
        print("\nStandard library memory model: \(StandardLibraryDiff.memoryModel); budget half of MemAvailable, "
            + "\(gigabytes(memoryBudget)); time limit \(formatted(timeLimit)) (predicted from D²). "
            + "Peak resident memory of this process so far: \(gigabytes(peakResidentBytes())).")
        print("Differ moves ≤ greedy Heckel moves in every cell: \(fewerMovesEverywhere ? "yes" : "NO").")
        for count in sizes {
            if let same = differSeconds["no change \(count)"], let mixed = differSeconds["mixed \(count)"] {
                print("n = \(count.formatted()): no change \(formatted(same)) vs mixed \(formatted(mixed)) "
                    + "(\(String(format: "%.0f", mixed / same))× less; \(formatted(same / Double(count))) per row).")
            }
        }
    }

    /// Seconds per D² of the standard library's diff, from a run where D = 4,000: the prediction
    /// for each scenario's first size.
    private static func calibrateMyers() -> Double {
        let scenario = DiffScenario(.allDeleted, count: 4_000)
        let seconds = medianSeconds(repetitions: 3) {
            _ = StandardLibraryDiff.difference(from: scenario.old, to: scenario.new)
        }
        return seconds / (4_000.0 * 4_000.0)
    }

    /// MemAvailable from /proc/meminfo, or the physical memory where there is none.
    private static func availableMemoryBytes() -> Double {
        if let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        {
            return kilobytes * 1024
        }
        return Double(ProcessInfo.processInfo.physicalMemory)
    }

    /// The process's peak resident set size (getrusage reports kilobytes on Linux).
    private static func peakResidentBytes() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }

    private static func formattedRatio(_ ratio: Double) -> String {
        ratio < 10 ? String(format: "%.1f×", ratio) : String(format: "%.0f×", ratio)
    }

    private static func gigabytes(_ bytes: Double) -> String {
        bytes >= 1e9 ? String(format: "%.1f GB", bytes / 1e9) : String(format: "%.0f MB", bytes / 1e6)
    }
}
