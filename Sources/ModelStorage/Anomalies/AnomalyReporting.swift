import Logging

/// The process-wide default for anomalies that reach a handler without an action of its own.
@MainActor
public enum AnomalyReporting {
    /// The logger the default action writes to, label `GtkListManager.anomaly`.
    ///
    /// Configure swift-log's `LoggingSystem` in the application to route the reports.
    public static var logger = Logger(label: "GtkListManager.anomaly")

    /// What every handler without its own action does: log at `warning` level with the long
    /// description as the message and the short one as metadata. Replace it to, say, assert in
    /// debug builds or collect reports in tests.
    public static var defaultAction: @MainActor (any Anomaly) -> Void = { anomaly in
        logger.warning(
            "\(anomaly.debugDescription)",
            metadata: [
                "anomaly": "\(anomaly.description)",
                "type": "\(type(of: anomaly))",
            ]
        )
    }
}
