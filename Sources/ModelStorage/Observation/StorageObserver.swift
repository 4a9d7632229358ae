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
}
