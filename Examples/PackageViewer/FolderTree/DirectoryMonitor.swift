import CGtk
import GtkListManager

/// Watches a directory with `GFileMonitor` and calls `changed` when entries are created,
/// deleted or renamed in it, once per burst (events within 100 ms are one).
@MainActor
final class DirectoryMonitor {
    private let monitor: UnsafeMutablePointer<GFileMonitor>
    private let handler: gulong

    /// Nil when GIO can't watch `path`.
    init?(path: String, changed: @escaping @MainActor () -> Void) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return nil }
        self.monitor = monitor
        let box = Unmanaged.passRetained(Box(changed)).toOpaque()
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = { _, _, _, event, data in
            guard let data else { return }
            switch event {
            case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_IN,
                G_FILE_MONITOR_EVENT_MOVED_OUT, G_FILE_MONITOR_EVENT_RENAMED:
                MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().fire() }
            default:
                return
            }
        }
        // The box goes with the handler: disconnected, or the monitor finalized.
        let release: GClosureNotify = { data, _ in data.map { Unmanaged<Box>.fromOpaque($0).release() } }
        handler = g_signal_connect_data(monitor, "changed", unsafeBitCast(thunk, to: GCallback.self), box, release, GConnectFlags(0))
    }

    /// Stops watching.
    func cancel() {
        g_signal_handler_disconnect(monitor, handler)
        g_file_monitor_cancel(monitor)
        g_object_unref(monitor)
    }

    /// The reaction, run once per burst of events: a short timeout coalesces them.
    private final class Box {
        let changed: @MainActor () -> Void
        var isScheduled = false

        init(_ changed: @escaping @MainActor () -> Void) { self.changed = changed }

        @MainActor func fire() {
            guard !isScheduled else { return }
            isScheduled = true
            _ = GtkRuntime.after(milliseconds: 100) { [weak self] in
                self?.isScheduled = false
                self?.changed()
            }
        }
    }
}
