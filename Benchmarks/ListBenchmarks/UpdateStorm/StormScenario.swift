import CGtk
import GtkListManager

/// One of our sides of the storm in this process, measured as the C peers measure theirs
/// (`Benchmarks/Peers/peer_update_storm.h`): 10,000 rows of 8 columns in a 1280×800 window at
/// the top, the producer's ticks for a warm-up, then the measured seconds. Public API only.
@MainActor
enum StormScenario {
    nonisolated static let rows = 10_000
    static let width: Int32 = 1280
    static let height: Int32 = 800
    static let columnWidth = 160
    /// A frame interval longer than 1.5 frames at 60 Hz is late.
    static let lateMs = 1.5 * 1000 / 60

    /// Our sides: the list (rows of labels, or of text cells) or the table, with one storage
    /// call per row update or per tick.
    static let sides = ["list", "cells", "table"].flatMap { view in StormStorage.Style.allCases.map { "\(view)-\($0.rawValue)" } }

    static func run(side: String, part: UpdateStormPart, warmUp: Double, measured: Double) -> PartResult<UpdateStormPart>? {
        let parts = side.split(separator: "-")
        guard parts.count == 2, let style = StormStorage.Style(rawValue: String(parts[1])) else { return nil }
        let initial = (0..<rows).map { StormRow(id: $0, version: 0) }
        let storage = StormStorage.make(initial, sorted: part == .sorted, style: style)
        let window: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>
        let view: AnyObject
        switch parts[0] {
        case "list", "cells":
            let shown = StormListSide(storage: storage, textCells: parts[0] == "cells")
            (window, list, view) = (shown.shown.window, shown.host.widget, shown)
        case "table":
            let shown = StormTableSide(storage: storage)
            (window, list, view) = (shown.shown.window, shown.host.widget, shown)
        default: return nil
        }
        let producer = StormProducer(rows: rows, apply: storage.apply)
        let frames = StormFrames(window: window, producer: producer, sorted: part == .sorted) { check in
            StormShownRows.read(in: list, into: &check)
        }
        producer.start()
        runMainLoop(seconds: warmUp)
        let cpu = ProcessProbes.cpuMilliseconds(), wall = ProcessProbes.wallMilliseconds()
        producer.isRecording = true
        frames.isRecording = true
        runMainLoop(seconds: measured)
        producer.isRecording = false
        frames.isRecording = false
        let seconds = (ProcessProbes.wallMilliseconds() - wall) / 1000
        let processCPU = (ProcessProbes.cpuMilliseconds() - cpu) / (seconds * 1000) * 100
        withExtendedLifetime(view) {}
        return PartResult(
            side: side, part: part, count: rows,
            values: values(frames: frames, producer: producer, seconds: seconds, processCPU: processCPU))
    }

    /// The line's figures, as `storm_measure` prints them.
    private static func values(frames: StormFrames, producer: StormProducer, seconds: Double, processCPU: Double) -> [String: Double] {
        let count = frames.intervals.count
        guard count > 0 else { return ["frames": 0, "updates_per_s": Double(producer.rowsHanded) / seconds] }
        let late = frames.intervals.filter { $0 > lateMs }.count
        return [
            "frames": Double(count),
            "frame_cpu_p50_ms": percentile(frames.frameCPU, 50),
            "frame_cpu_p95_ms": percentile(frames.frameCPU, 95),
            "update_cpu_p50_ms": percentile(frames.updateCPU, 50),
            "update_cpu_p95_ms": percentile(frames.updateCPU, 95),
            "update_us_per_row": producer.rowsHanded > 0 ? producer.updateCPUTotal * 1000 / Double(producer.rowsHanded) : .nan,
            "on_time_pct": 100 * Double(count - late) / Double(count),
            "interval_max_ms": frames.intervals.max() ?? .nan,
            "stale_p50_ms": percentile(frames.stale, 50),
            "stale_p95_ms": percentile(frames.stale, 95),
            "stale_max_ms": frames.stale.max() ?? .nan,
            "updates_per_s": Double(producer.rowsHanded) / seconds,
            "process_cpu_pct": processCPU,
            "rows_shown": Double(frames.rowsRead) / Double(count),
            "torn_rows": Double(frames.tornRows),
            "misordered_frames": Double(frames.misorderedFrames),
        ]
    }

    /// Runs the main loop for `seconds`.
    private static func runMainLoop(seconds: Double) {
        var done = false
        GtkRuntime.after(milliseconds: UInt32(seconds * 1000)) { done = true }
        while !done { g_main_context_iteration(nil, 1) }
    }
}
