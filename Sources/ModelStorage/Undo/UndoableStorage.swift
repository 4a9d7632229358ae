/// A storage an ``UndoHistory`` can take back: it applies ``UndoStep``s to its items, in order,
/// as one change its observers see animated.
@MainActor
public protocol UndoableStorage: ObservableStorage {
    /// Applies `steps` in order as one transaction. A step whose item is gone (removed since)
    /// is skipped.
    func restore(_ steps: [UndoStep])

    /// Applies `steps` as ``restore(_:)`` does, then calls `completion` once observers have seen
    /// the change (at once, by default; after its job for a storage that works in the background).
    func restore(_ steps: [UndoStep], completion: @escaping @MainActor () -> Void)
}

extension UndoableStorage {
    /// Applies `steps` at once, then calls `completion`.
    public func restore(_ steps: [UndoStep], completion: @escaping @MainActor () -> Void) {
        restore(steps)
        completion()
    }
}

/// A storage whose changes apply later than they are asked for (a `SortedStorage`'s jobs, a
/// database the app writes): rather than have its change sets read, it reports the steps that
/// take each change back, as the action that asked for it, through the ``UndoRecorder`` an
/// ``UndoHistory`` tracking it sets.
@MainActor
package protocol UndoReportingStorage: UndoableStorage {
    /// The recorder of the history tracking the storage (held weakly); nil when none does.
    var undoReporter: UndoRecorder? { get set }
}
