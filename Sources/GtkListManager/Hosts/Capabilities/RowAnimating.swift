/// A host that animates changes: rows appearing, disappearing and moving (``RowAnimation``).
@MainActor
public protocol RowAnimating: ListHost {
    /// How rows appear and disappear; nil for none.
    var rowAnimation: RowAnimation? { get set }
    /// Runs `body` with animations off (reloads, snapshots applied without animation).
    func withoutAnimation(_ body: () -> Void)
}
