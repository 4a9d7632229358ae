import CGtk
import Foundation
import GtkListManager

/// The storm's source, as a monitor fed by a socket would have it: a GLib timeout on the main
/// thread that gives the next `rowsPerTick` rows (round-robin) a new version every `periodMs`, so
/// every row changes 10 times a second. One tick per firing at its due time, never bunched; a
/// tick more than a period late moves the pace on (a main loop that cannot keep up makes fewer).
/// As `storm_tick` in `peer_update_storm.h`.
@MainActor
final class StormProducer {
    static let rowsPerTick = 1_000
    static let periodMs = 10.0

    /// Every row's current version.
    private(set) var versions: [Int]
    /// The wall time of every tick, from the first.
    private(set) var tickTimes: [Double] = []
    /// While measured: the rows handed over, and the ticks' main-thread CPU (since the last
    /// frame, and in all).
    var isRecording = false
    private(set) var rowsHanded = 0
    var updateCPUSinceFrame = 0.0
    private(set) var updateCPUTotal = 0.0

    private let apply: ([StormRow]) -> Void
    private var ticks = 0
    private var nextDue = 0.0

    /// `apply` hands one tick's new rows to the list, in the app's way.
    init(rows: Int, apply: @escaping ([StormRow]) -> Void) {
        versions = Array(repeating: 0, count: rows)
        self.apply = apply
    }

    func start() {
        nextDue = ProcessProbes.wallMilliseconds() + Self.periodMs
        schedule()
    }

    /// When row `id` stopped being at `version`: the tick that gave it the next one, or nil.
    func supersededAt(id: Int, version: Int) -> Double? {
        let tick = version * (versions.count / Self.rowsPerTick) + id / Self.rowsPerTick
        return tick < tickTimes.count ? tickTimes[tick] : nil
    }

    private func schedule() {
        let delay = nextDue - ProcessProbes.wallMilliseconds()
        GtkRuntime.after(milliseconds: delay > 0 ? UInt32(delay.rounded(.up)) : 0) { [self] in tick() }
    }

    private func tick() {
        let first = ticks % (versions.count / Self.rowsPerTick) * Self.rowsPerTick
        let cpu = ProcessProbes.threadCPUMilliseconds(), now = ProcessProbes.wallMilliseconds()
        var rows: [StormRow] = []
        rows.reserveCapacity(Self.rowsPerTick)
        for id in first..<first + Self.rowsPerTick {
            versions[id] += 1
            rows.append(StormRow(id: id, version: versions[id]))
        }
        apply(rows)
        tickTimes.append(now)
        ticks += 1
        if isRecording {
            let spent = ProcessProbes.threadCPUMilliseconds() - cpu
            rowsHanded += Self.rowsPerTick
            updateCPUSinceFrame += spent
            updateCPUTotal += spent
        }
        nextDue += Self.periodMs
        if nextDue < ProcessProbes.wallMilliseconds() { nextDue = ProcessProbes.wallMilliseconds() + Self.periodMs }
        schedule()
    }
}
