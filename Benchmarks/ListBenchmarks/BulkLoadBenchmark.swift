import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Loads 1k, 5k and 10k rows into an unrealized list with plain C calls and with the manager,
/// side by side, in several processes.
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
    static func run() {
        var bySize: [Int: [Measurement]] = [:]
        for _ in 0..<processes {
            for measurement in measureInChildProcess() { bySize[measurement.rows, default: []].append(measurement) }
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
        printTable("Bulk load into an unrealized GtkListBox, then destroy it (medians over processes)",
                   ["rows", "processes × runs per side", "plain C calls", "ListManager", "overhead", "range over processes"],
                   rows)
    }

    /// Measures every size in this process and prints one line per size for the parent.
    static func measureInThisProcess() {
        guard GtkRuntime.initialize() else { return }
        for count in sizes {
            let m = measure(rows: count)
            print("\(m.rows) \(m.runsPerSide) \(m.plain) \(m.managed)")
        }
    }

    /// In blocks of consecutive runs of one side (the first run of a block discarded), with the
    /// block order alternating: a run right after the other side's inherits a heap shaped by the
    /// other's frees and was measured ~5% slower on either side. Every size gets about the same
    /// measuring time: a 1k load takes ~10 ms, so it gets ten times the runs of a 10k load.
    static func measure(rows count: Int) -> Measurement {
        let labels = (0..<count).map { "Row \($0)" }
        let runsPerBlock = 1 + max(2, 10_000 / count)
        var plainTimes: [Double] = [], managedTimes: [Double] = []
        for block in 0..<4 {
            let plainFirst = block.isMultiple(of: 2)
            for plain in plainFirst ? [true, false] : [false, true] {
                for run in 0..<runsPerBlock {
                    let time = medianSeconds(repetitions: 1) {
                        if plain { loadWithPlainCalls(labels) } else { loadWithManager(labels) }
                    }
                    guard run > 0 else { continue }
                    if plain { plainTimes.append(time) } else { managedTimes.append(time) }
                }
            }
        }
        return Measurement(rows: count, runsPerSide: plainTimes.count, plain: median(plainTimes), managed: median(managedTimes))
    }

    /// Loads 1,000 rows `loops` times with the manager or with plain C calls, for a profiler.
    static func profile(withManager: Bool, loops: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        let labels = (0..<1_000).map { "Row \($0)" }
        for _ in 0..<loops {
            if withManager { loadWithManager(labels) } else { loadWithPlainCalls(labels) }
        }
    }

    /// What a C programmer writes: a label per row, appended to a shown list box.
    ///
    /// Shown, because the manager's list box is: GTK does more for each row added to a shown
    /// list (it updates the row's neighbours), and the two sides must end with the same widgets.
    private static func loadWithPlainCalls(_ labels: [String]) {
        let list: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
        g_object_ref_sink(list)
        gtk_widget_show(gcast(list))
        for label in labels {
            let widget = gtk_label_new(label)!
            gtk_widget_show(widget)
            gtk_list_box_insert(list, widget, -1)
        }
        gtk_widget_destroy(gcast(list))
        g_object_unref(list)
    }

    private static func loadWithManager(_ labels: [String]) {
        let manager = ListManager()
        manager.register(ManagerBenchmarks.LabelRow.self)
        manager.memoryStorage?.setItems(labels)
        gtk_widget_destroy(manager.widget)
    }

    // MARK: - Processes

    /// Runs this executable as a child that measures every size once; its lines, parsed.
    private static func measureInChildProcess() -> [Measurement] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [childArgument]
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
