import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Loads 1k, 5k and 10k rows into an unrealized list (or cells into a sectioned grid) with plain
/// C calls and with the manager, side by side, in several processes.
///
/// Why several processes: the comparison moved by up to 8 points from one process to the next
/// while staying steady within one. One cause, measured under callgrind: GLib finds an object's
/// signal handlers in a hash table keyed by the object's address, and the same ~18 lookups per
/// row cost several hundred instructions more or less depending on where the allocator put the
/// objects at that start. The median over processes is the overhead; the range shows the spread.
@MainActor
enum BulkLoadBenchmark {
    static let sizes = [1_000, 5_000, 10_000]
    static let processes = 7
    /// The argument that makes the executable measure one process's share and print it.
    static let childArgument = "bulk-load-process"

    /// One process's medians for one size.
    struct Measurement {
        var rows: Int
        var runsPerSide: Int
        var plain: Double
        var managed: Double
        var overhead: Double { managed / plain - 1 }
    }

    /// Runs the child processes and prints the table.
    static func run(_ target: BulkLoadTarget = .listBox) {
        var bySize: [Int: [Measurement]] = [:]
        for _ in 0..<processes {
            for measurement in measureInChildProcess(target) { bySize[measurement.rows, default: []].append(measurement) }
        }
        guard bySize.count == sizes.count else { return print("\n(the bulk-load processes failed)") }
        let rows = sizes.map { count in
            let measurements = bySize[count]!
            let overheads = measurements.map(\.overhead).sorted()
            return [
                count.formatted(), "\(measurements.count) × \(measurements[0].runsPerSide)",
                formatted(median(measurements.map(\.plain))), formatted(median(measurements.map(\.managed))),
                percent(median(overheads)), "\(percent(overheads.first!)) to \(percent(overheads.last!))",
            ]
        }
        printTable(
            "\(target.title) (medians over processes)",
            [
                target == .listBox ? "rows" : "cells", "processes × runs per side", "plain C calls", "ListManager", "overhead",
                "range over processes",
            ],
            rows)
    }

    /// Measures every size in this process and prints one line per size for the parent.
    static func measureInThisProcess(_ target: BulkLoadTarget) {
        guard GtkRuntime.initialize() else { return }
        for count in sizes {
            let m = measure(rows: count, target)
            print("\(m.rows) \(m.runsPerSide) \(m.plain) \(m.managed)")
        }
    }

    /// In blocks of consecutive runs of one side (the first run of a block discarded), with the
    /// block order alternating: a run right after the other side's inherits a heap shaped by the
    /// other's frees and was measured ~5% slower on either side. Every size gets about the same
    /// measuring time: a 1k load takes ~10 ms, so it gets ten times the runs of a 10k load.
    static func measure(rows count: Int, _ target: BulkLoadTarget) -> Measurement {
        let labels = (0..<count).map { "Row \($0)" }
        let runsPerBlock = 1 + max(2, 10_000 / count)
        var plainTimes: [Double] = [], managedTimes: [Double] = []
        for block in 0..<4 {
            let plainFirst = block.isMultiple(of: 2)
            for plain in plainFirst ? [true, false] : [false, true] {
                for run in 0..<runsPerBlock {
                    let time = medianSeconds(repetitions: 1) {
                        if plain { target.loadWithPlainCalls(labels) } else { target.loadWithManager(labels) }
                    }
                    guard run > 0 else { continue }
                    if plain { plainTimes.append(time) } else { managedTimes.append(time) }
                }
            }
        }
        return Measurement(rows: count, runsPerSide: plainTimes.count, plain: median(plainTimes), managed: median(managedTimes))
    }

    /// Loads 1,000 rows (or cells) `loops` times with the manager or with plain C calls, for a
    /// profiler.
    static func profile(withManager: Bool, loops: Int, target: BulkLoadTarget) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        let labels = (0..<1_000).map { "Row \($0)" }
        for _ in 0..<loops {
            if withManager { target.loadWithManager(labels) } else { target.loadWithPlainCalls(labels) }
        }
    }

    // MARK: - Processes

    /// Runs this executable as a child that measures every size once; its lines, parsed.
    private static func measureInChildProcess(_ target: BulkLoadTarget) -> [Measurement] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [childArgument, target.rawValue]
        let output = Pipe()
        child.standardOutput = output
        do { try child.run() } catch { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 4, let rows = Int(fields[0]), let runs = Int(fields[1]),
                let plain = Double(fields[2]), let managed = Double(fields[3])
            else { return nil }
            return Measurement(rows: rows, runsPerSide: runs, plain: plain, managed: managed)
        }
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    private static func percent(_ fraction: Double) -> String {
        String(format: "%+.0f%%", fraction * 100)
    }
}
