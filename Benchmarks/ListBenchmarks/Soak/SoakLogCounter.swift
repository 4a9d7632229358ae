import CGtk
import Synchronization

/// Counts the criticals and warnings GLib, GTK and their libraries log while the soak runs, and
/// prints each as without the counter. A writer of its own: the benchmark cannot use the tests'
/// `CGtkLogRecorder`, and only needs the counts.
enum SoakLogCounter {
    /// `G_LOG_LEVEL_ERROR` and `G_LOG_LEVEL_CRITICAL` messages seen.
    static let criticals = Atomic<Int>(0)
    /// `G_LOG_LEVEL_WARNING` messages seen.
    static let warnings = Atomic<Int>(0)

    /// Sets the process's log writer; g_log() without a handler of its own reaches it too.
    static func install() {
        g_log_set_writer_func(
            { level, fields, count, data in
                let flags = level.rawValue
                if flags & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0 {
                    SoakLogCounter.criticals.add(1, ordering: .relaxed)
                } else if flags & G_LOG_LEVEL_WARNING.rawValue != 0 {
                    SoakLogCounter.warnings.add(1, ordering: .relaxed)
                }
                return g_log_writer_default(level, fields, count, data)
            }, nil, nil)
    }
}
