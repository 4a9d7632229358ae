/// Receives what a storage did, once per outermost transaction.
///
/// The storage has already changed when these are called; the observer (a manager's updater, a
/// test recorder) brings its view up to date.
@MainActor
public protocol StorageObserver: AnyObject {
    /// The storage performed `changes`: apply them in order.
    func storage(_ storage: any Storage, didPerform changes: ChangeSet)
    /// The storage's content was replaced as a whole: reload everything from the storage.
    func storageNeedsReload(_ storage: any Storage)
}

/// A storage that reports its changes to observers.
@MainActor
public protocol ObservableStorage: Storage {
    /// Starts delivering changes to `observer`, which is held weakly.
    func addObserver(_ observer: any StorageObserver)
    /// Stops delivering changes to `observer`.
    func removeObserver(_ observer: any StorageObserver)
    /// What the storage changed that `observer` has not been handed yet, oldest first: updates
    /// queued behind the one it handles now, then the open transaction's changes. Empty when it
    /// has seen everything; nil when the storage cannot tell (the default).
    ///
    /// An observer that knows this can read models from the storage itself, following its own
    /// index paths through these changes, instead of keeping a copy of every model:
    /// `ListManager` does so, and keeps a copy only of storages that answer nil.
    func updatesNotDelivered(to observer: any StorageObserver) -> [StorageUpdate]?
}

extension ObservableStorage {
    public func updatesNotDelivered(to observer: any StorageObserver) -> [StorageUpdate]? { nil }
}
