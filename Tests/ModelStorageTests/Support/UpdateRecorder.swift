import ModelStorage

/// An index path for `item` in `section`, in the (item, section) order the specifications use.
func ip(_ item: Int, _ section: Int) -> IndexPath {
    IndexPath(item: item, section: section)
}

/// A storage observer that keeps every update it receives, in delivery order.
///
/// `onUpdate` runs after an update is recorded; tests use it to re-enter the storage from inside
/// a delivery.
@MainActor
final class UpdateRecorder: StorageObserver {
    /// Every update received, oldest first.
    private(set) var updates: [StorageUpdate] = []

    /// Called after each update is recorded.
    var onUpdate: ((StorageUpdate) -> Void)?

    init() {}

    /// A recorder already observing `storage`.
    init(observing storage: some ObservableStorage) {
        storage.addObserver(self)
    }

    /// The change set of the most recent update; nil when nothing was received yet or when the
    /// most recent update is a reload.
    var lastChanges: ChangeSet? {
        guard case let .changes(changeSet)? = updates.last else { return nil }
        return changeSet
    }

    /// How many reloads were received.
    var reloadCount: Int {
        updates.count { $0 == .reload }
    }

    /// Forgets the updates received so far.
    func reset() {
        updates.removeAll()
    }

    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        record(.changes(changes))
    }

    func storageNeedsReload(_ storage: any Storage) {
        record(.reload)
    }

    private func record(_ update: StorageUpdate) {
        updates.append(update)
        onUpdate?(update)
    }
}

/// Collects the anomalies a storage reports, by installing itself as the storage's anomaly action.
@MainActor
final class AnomalyLog {
    /// Every anomaly that reached the action, oldest first.
    private(set) var anomalies: [StorageAnomaly] = []

    /// Installs the log as `storage.anomalyHandler.action`.
    init(installingOn storage: MemoryStorage) {
        // A strong capture: the storage keeps the log alive, and the log does not keep the storage.
        storage.anomalyHandler.action = { anomaly in
            self.anomalies.append(anomaly)
        }
    }

    /// A log to install by hand, through ``record(_:)``.
    init() {}

    func record(_ anomaly: StorageAnomaly) {
        anomalies.append(anomaly)
    }
}
