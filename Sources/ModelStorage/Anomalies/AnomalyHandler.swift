/// Receives the anomalies of one storage or manager and decides what happens to them.
///
/// ```swift
/// storage.anomalyHandler.silence(.removeItemFailedItemNotFound(itemDescription: "42"))
/// storage.anomalyHandler.silence { anomaly in
///     if case .insertionIndexPathTooBig = anomaly { return true } else { return false }
/// }
/// storage.anomalyHandler.action = { anomaly in analytics.track(anomaly.description) }
/// ```
///
/// Silencing is independent of ``action``: a silenced anomaly stays silenced whatever action is
/// assigned before or after, and in whatever order the rules were added.
@MainActor
public final class AnomalyHandler<Kind: Anomaly> {
    /// Called with every anomaly that is not silenced. When nil (the default), the global
    /// ``AnomalyReporting/defaultAction`` is used, as it is at the time of the report.
    public var action: ((Kind) -> Void)?

    private var silencingRules: [(Kind) -> Bool] = []

    /// A handler that calls `action` with every anomaly it does not silence (nil: the global
    /// default action).
    public init(action: ((Kind) -> Void)? = nil) {
        self.action = action
    }

    /// Reports an anomaly: it reaches the action unless a silencing rule matches it.
    public func report(_ anomaly: Kind) {
        guard !isSilenced(anomaly) else { return }
        if let action {
            action(anomaly)
        } else {
            AnomalyReporting.defaultAction(anomaly)
        }
    }

    /// Silences every future report equal to `anomaly`.
    public func silence(_ anomaly: Kind) {
        silencingRules.append { $0 == anomaly }
    }

    /// Silences every future report for which `predicate` is true.
    public func silence(where predicate: @escaping (Kind) -> Bool) {
        silencingRules.append(predicate)
    }

    /// Removes every silencing rule.
    public func removeAllSilencing() {
        silencingRules.removeAll()
    }

    /// True when a silencing rule matches `anomaly`.
    public func isSilenced(_ anomaly: Kind) -> Bool {
        silencingRules.contains { $0(anomaly) }
    }
}
