import CGtkLogRecorder

/// A warning, critical or error GLib logged in this process (GTK's, GObject's, GDK's, Pango's,
/// or ours), as the recorder installed at process start kept it.
public struct LoggedMessage: Equatable, Sendable, CustomStringConvertible {
    /// GLib's level of a message the recorder keeps.
    public enum Level: String, Sendable {
        case warning = "WARNING"
        case critical = "CRITICAL"
        case error = "ERROR"
    }

    /// The log domain: `Gtk`, `GLib-GObject`, `Gdk`, `Pango`; empty when there was none.
    public var domain: String
    public var level: Level
    public var text: String

    public init(domain: String, level: Level, text: String) {
        self.domain = domain
        self.level = level
        self.text = text
    }

    /// As GLib prints it: `Gtk-CRITICAL: gtk_widget_show: assertion 'GTK_IS_WIDGET (widget)' failed`.
    public var description: String {
        "\(domain.isEmpty ? "" : "\(domain)-")\(level.rawValue): \(text)"
    }

    /// Whether the recorder is GLib's log writer in this process (it installs itself before
    /// `main` in every process that links it).
    public static var isRecording: Bool { glm_log_recorder_is_installed() != 0 }

    /// How many messages wait to be taken: an atomic read.
    public static var pendingCount: Int { Int(glm_log_recorder_pending()) }

    /// Takes the messages recorded since the last take, oldest first.
    public static func takeRecorded() -> [LoggedMessage] {
        guard glm_log_recorder_pending() > 0 else { return [] }
        var count: guint = 0
        guard let recorded = glm_log_recorder_take(&count) else { return [] }
        defer { glm_log_recorder_free(recorded, count) }
        return (0..<Int(count)).map { index in
            let entry = recorded[index]
            let level: Level =
                entry.level.rawValue & G_LOG_LEVEL_ERROR.rawValue != 0
                ? .error : entry.level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 ? .critical : .warning
            return LoggedMessage(domain: String(cString: entry.domain), level: level, text: String(cString: entry.text))
        }
    }
}
