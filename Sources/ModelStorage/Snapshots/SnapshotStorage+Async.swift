// Applying a snapshot as an `async` function that returns once observers applied it. Named
// `…AndWait`: an `async` overload named `apply` would be chosen in every async context, and a
// call there without a completion would stop compiling without `await`.
extension SnapshotStorage {
    /// Makes `snapshot` the state shown, and returns once every observer has applied the
    /// changes: ``apply(_:completion:)``, awaited.
    ///
    /// ```swift
    /// var snapshot = storage.snapshot()
    /// snapshot.appendItems([package], toSection: .admin)
    /// await storage.applyAndWait(snapshot)
    /// ```
    ///
    /// The snapshot applies when called, and nothing supersedes it: the call returns on the main
    /// actor once observers have applied its changes (nothing when it shows the same state),
    /// after an earlier update they are still applying when it is made during one. Cancelling
    /// the task that awaits it cancels nothing: the snapshot is applied all the same.
    ///
    /// - Parameter snapshot: the new state, diffed by identity against the one shown.
    public func applyAndWait(_ snapshot: ListSnapshot<SectionID, ItemID>) async {
        await withCheckedContinuation { continuation in
            apply(snapshot) { continuation.resume() }
        }
    }

    /// Makes `snapshot` the state shown without diffing, and returns once every observer has
    /// reloaded: ``applyUsingReloadData(_:completion:)``, awaited.
    ///
    /// It returns as ``applyAndWait(_:)`` does: nothing supersedes it, and cancelling the task
    /// that awaits it cancels nothing.
    ///
    /// - Parameter snapshot: the new state, shown by a reload.
    public func applyUsingReloadDataAndWait(_ snapshot: ListSnapshot<SectionID, ItemID>) async {
        await withCheckedContinuation { continuation in
            applyUsingReloadData(snapshot) { continuation.resume() }
        }
    }
}
