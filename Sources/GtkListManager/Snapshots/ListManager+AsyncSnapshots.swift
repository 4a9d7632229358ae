import ModelStorage

// The manager's snapshot calls as `async` functions that return once the rows are in the list.
// Named `…AndWait`: an `async` overload named `apply` would be chosen in every async context,
// and a call there without a completion would stop compiling without `await`.
extension ListManager {
    /// Shows `snapshot`, and returns once its rows are in the list:
    /// ``apply(_:animatingDifferences:completion:)``, awaited.
    ///
    /// ```swift
    /// await manager.applyAndWait(snapshot)
    /// manager.selectItem(at: IndexPath(item: 0, section: 0))   // its first row is there
    /// ```
    ///
    /// The snapshot applies when called, and nothing supersedes it: the call returns on the main
    /// actor once its rows are in the list (while their animations may still run), after an
    /// update the list is still applying when it is made during one. Cancelling the task that
    /// awaits it cancels nothing: the snapshot is shown all the same.
    ///
    /// - Parameters:
    ///   - snapshot: the sections and items to show, by identifier.
    ///   - animatingDifferences: false applies the same diffed changes without row animations.
    public func applyAndWait<SectionID, ItemID>(
        _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true
    ) async {
        await withCheckedContinuation { continuation in
            apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
        }
    }

    /// Shows `snapshot` without diffing, and returns once its rows are in the list:
    /// ``applySnapshotUsingReloadData(_:completion:)``, awaited.
    ///
    /// It returns as ``applyAndWait(_:animatingDifferences:)`` does: nothing supersedes it, and
    /// cancelling the task that awaits it cancels nothing.
    ///
    /// - Parameter snapshot: the sections and items to show, every row rebuilt.
    public func applySnapshotUsingReloadDataAndWait<SectionID, ItemID>(_ snapshot: ListSnapshot<SectionID, ItemID>) async {
        await withCheckedContinuation { continuation in
            applySnapshotUsingReloadData(snapshot) { continuation.resume() }
        }
    }
}
