import ModelStorage

/// The manager's side of its storage (``StorageObserver``): an object the manager owns (the
/// storage holds its observers weakly), so that the storage's callbacks are not on the app's
/// API. Each call goes to the manager.
@MainActor
final class StorageDelegate: StorageObserver {
    // Unowned(unsafe): the manager owns this object, so it is always there.
    private unowned(unsafe) let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        manager.storageDidPerform(changes, in: storage)
    }

    func storageNeedsReload(_ storage: any Storage) {
        manager.storageNeedsReload(storage)
    }
}
