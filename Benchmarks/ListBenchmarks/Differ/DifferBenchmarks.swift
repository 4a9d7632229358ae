import Foundation
import ModelStorage

/// The differ on every cell of issue 19: against the standard library's Myers diff, against a
/// greedy Heckel differ (the yardstick: the same matching without minimal moves), and in
/// instructions per element counted by callgrind when valgrind is installed. Needs no display.
///
/// Standard-library cells that would not fit in half the available memory, or would take more
/// than a minute, are skipped with the estimate instead of swapping or stalling the machine. The
/// time is predicted from D²: per scenario from its previous size, at first from a calibration.
@MainActor
enum DifferBenchmarks {
    /// Longer predicted standard-library runs are skipped.
    static let timeLimit = 60.0
    /// Cells counted by callgrind: one size per case (callgrind runs about 50 times slower).
    static let countedSizes: Set<Int> = [5_000, 10_000]

    static func run() {
        let memoryBudget = availableMemoryBytes() / 2
        let calibration = calibrateMyers()
        var secondsPerSquaredDistance: [DiffScenario.Kind: Double] = [:]
        var rows: [[String]] = []
        var differSeconds: [String: Double] = [:]
        var fewerMovesEverywhere = true

        for diffCase in DiffCase.allCases {
            for count in diffCase.sizes {
                let prepared = diffCase.prepare(count: count)
                var script = EditScript()
                let ours = medianSeconds(repetitions: 7) { script = prepared.run() }
                differSeconds["\(diffCase.rawValue) \(count)"] = ours
                let counts = script.counts
                var cells = [diffCase.rawValue, count.formatted(), formatted(ours)]

                // The greedy yardstick, on the same flat rows (the UUID rows for that case).
                let greedy: (seconds: Double, moves: Int)? = {
                    if diffCase == .uuid {
                        let scenario = UUIDDiffScenario(count: count)
                        var moves = 0
                        let seconds = medianSeconds(repetitions: 7) {
                            moves = GreedyHeckelDiff.operations(from: scenario.old, to: scenario.new).moves
                        }
                        return (seconds, moves)
                    }
                    guard let kind = diffCase.flatKind else { return nil }
                    let scenario = DiffScenario(kind, count: count)
                    var moves = 0
                    let seconds = medianSeconds(repetitions: 7) {
                        moves = GreedyHeckelDiff.operations(from: scenario.old, to: scenario.new).moves
                    }
                    return (seconds, moves)
                }()
                if let greedy {
                    fewerMovesEverywhere = fewerMovesEverywhere && counts.moves <= greedy.moves
                    cells += [formatted(greedy.seconds), String(format: "%.2f", ours / greedy.seconds)]
                } else {
                    cells += ["—", "—"]
                }

                // The standard library, on flat typed rows only.
                var standard = "—", standardRatio = "—"
                if let kind = diffCase.flatKind, diffCase != .mixedErased {
                    let scenario = DiffScenario(kind, count: count)
                    let distance = StandardLibraryDiff.editDistance(from: scenario.old, to: scenario.new)
                    let bytes = StandardLibraryDiff.estimatedBytes(
                        editDistance: distance, elements: scenario.old.count + scenario.new.count)
                    let predicted = (secondsPerSquaredDistance[kind] ?? calibration) * Double(distance) * Double(distance)
                    if bytes > memoryBudget {
                        standard = "skipped (needs ≈ \(gigabytes(bytes)))"
                    } else if predicted > timeLimit {
                        standard = "skipped (predicted ≈ \(formatted(predicted)))"
                    } else {
                        let seconds = medianSeconds(repetitions: predicted < 0.5 ? 5 : 1) {
                            _ = StandardLibraryDiff.difference(from: scenario.old, to: scenario.new)
                        }
                        if distance >= 1_000 { secondsPerSquaredDistance[kind] = seconds / Double(distance * distance) }
                        standard = formatted(seconds)
                        standardRatio = formattedRatio(seconds / ours)
                    }
                }
                cells += [standard, standardRatio]
                cells.append(
                    "\(counts.inserts.formatted()) / \(counts.deletes.formatted()) / \(counts.moves.formatted()) / \(counts.updates.formatted())"
                )
                cells.append(greedy.map { $0.moves.formatted() } ?? "—")

                if countedSizes.contains(count), let instructions = InstructionCount.ofOneDiff(diffCase, count: count) {
                    cells += [
                        String(format: "%.2f M", Double(instructions) / 1e6), String(format: "%.0f", Double(instructions) / Double(count)),
                    ]
                } else {
                    cells += ["—", "—"]
                }
                rows.append(cells)
            }
        }

        printTable(
            "Differ: one call per cell (times: median of 7; standard library `new.difference(from: old).inferringMoves()`: median of 5, or 1 run when predicted ≥ 0.5 s; instructions: callgrind, one diff, the first in its process)",
            [
                "case", "n", "Differ", "greedy Heckel", "Differ ÷ greedy", "standard library", "stdlib ÷ Differ",
                "Differ ins / del / mov / upd", "greedy moves", "instructions", "per element",
            ],
            rows)
        print(
            "\nStandard library memory model: \(StandardLibraryDiff.memoryModel); budget half of MemAvailable, "
                + "\(gigabytes(memoryBudget)); time limit \(formatted(timeLimit)) (predicted from D²). "
                + "Peak resident memory of this process so far: \(gigabytes(peakResidentBytes())).")
        print("Differ moves ≤ greedy Heckel moves in every cell: \(fewerMovesEverywhere ? "yes" : "NO").")
        print("Count one cell by hand: `\(InstructionCount.command(.mixed, count: 10_000))`.")
        printReadingCosts()
        for count in [10_000, 100_000] {
            if let typed = differSeconds["mixed \(count)"], let erased = differSeconds["mixed-erased \(count)"] {
                print(
                    "n = \(count.formatted()): mixed through ModelIdentity (identities built, then diffed) \(formatted(erased)) "
                        + "vs typed \(formatted(typed)): \(String(format: "%.1f", erased / typed))×.")
            }
        }
    }

    /// What reading a script costs against making it, in instructions (callgrind): the
    /// `IndexPath` steps and the edits, per step.
    private static func printReadingCosts() {
        var rows: [[String]] = []
        for diffCase in [DiffCase.allInserted, .mixed] {
            let count = 10_000
            guard let making = InstructionCount.ofOneDiff(diffCase, count: count),
                let steps = InstructionCount.ofReading(diffCase, count: count, .steps),
                let edits = InstructionCount.ofReading(diffCase, count: count, .edits)
            else { return }
            let stepCount = diffCase.prepare(count: count).run().stepCount
            func perStep(_ instructions: Int) -> String { String(format: "%.1f", Double(instructions) / Double(max(stepCount, 1))) }
            rows.append([
                diffCase.rawValue, count.formatted(), stepCount.formatted(), millions(making),
                "\(millions(steps)) (\(perStep(steps)) a step)",
                "\(millions(edits)) (\(perStep(edits)) a step)",
            ])
        }
        printTable(
            "Reading a script (instructions, callgrind)",
            ["case", "n", "steps", "making it", "`script.steps` (IndexPath)", "iterating the script (edits)"], rows)
    }

    private static func millions(_ instructions: Int) -> String {
        String(format: "%.2f M", Double(instructions) / 1_000_000)
    }

    /// `list-benchmarks differ-one CASE N`: builds the inputs of one cell and runs exactly one
    /// diff, for callgrind (see ``InstructionCount``). Prints the script's step counts. With a
    /// third argument, `REPETITIONS`, times the cell against the greedy yardstick instead
    /// (``DiffTiming``).
    static func runOne(_ arguments: ArraySlice<String>) {
        guard let name = arguments.first, let diffCase = DiffCase(rawValue: name),
            let count = arguments.dropFirst().first.flatMap({ Int($0) })
        else {
            return print("usage: list-benchmarks differ-one \(DiffCase.allCases.map(\.rawValue).joined(separator: "|")) N [REPETITIONS]")
        }
        if let repetitions = arguments.dropFirst(2).first.flatMap({ Int($0) }) {
            return DiffTiming.run(diffCase, count: count, repetitions: repetitions)
        }
        let prepared = diffCase.prepare(count: count)
        let counts = measuredDiff(prepared).counts
        print(
            "\(diffCase.rawValue) \(count): \(counts.inserts) inserts, \(counts.deletes) deletes, \(counts.moves) moves, \(counts.updates) updates"
        )
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
