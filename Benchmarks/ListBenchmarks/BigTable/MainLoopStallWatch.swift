import CGtk
import GtkListManager

/// The longest the main thread stayed away from the GLib main loop while it ran: a timeout
/// every millisecond at `G_PRIORITY_HIGH` (ahead of GDK's events, the hand-offs at default
/// priority and the frame clock, so it waits only for a dispatch already running) notes the
/// wall time of each tick, and the longest gap between two ticks, or from the start to the
/// first and from the last to the stop, is the longest block. It includes the millisecond the
/// timeout waits itself, and any time the kernel gave the main thread's core to another
/// thread: an upper bound, as a user feels it.
@MainActor
final class MainLoopStallWatch {
    private var source: guint = 0
    private var lastTick = 0.0
    private(set) var longestGap = 0.0

    /// Starts ticking; the gap from now to the first tick counts.
    func start() {
        lastTick = ProcessProbes.wallMilliseconds()
        longestGap = 0
        let watch = Unmanaged.passUnretained(self).toOpaque()
        // Unretained: `stop()` removes the source before the watch can go.
        source = g_timeout_add_full(
            G_PRIORITY_HIGH, 1,
            { data in
                MainActor.assumeIsolated { Unmanaged<MainLoopStallWatch>.fromOpaque(data!).takeUnretainedValue().tick() }
                return 1
            }, watch, nil)
    }

    /// Stops ticking; the longest gap in milliseconds, the one up to now included.
    func stop() -> Double {
        tick()
        if source != 0 { g_source_remove(source) }
        source = 0
        return longestGap
    }

    private func tick() {
        let now = ProcessProbes.wallMilliseconds()
        longestGap = max(longestGap, now - lastTick)
        lastTick = now
    }
}
