/// A storage an ``UndoHistory`` can take back: it applies ``UndoStep``s to its items, in order,
/// as one change its observers see animated.
@MainActor
public protocol UndoableStorage: ObservableStorage {
    /// Applies `steps` in order as one transaction. A step whose item is gone (removed since)
    /// is skipped.
    func restore(_ steps: [UndoStep])
}
