import Synchronization

/// Counts the storage's own writes committed so far. A fetch reads it before it starts, so a
/// result can tell whether it saw a write: one fetched before the storage's latest reorder was
/// committed would undo that reorder on screen for a moment, and is never applied.
final class OwnWriteCounter: Sendable {
    private let committed = Atomic(0)

    /// The writes committed so far.
    var value: Int { committed.load(ordering: .sequentiallyConsistent) }

    /// Records one more committed (or failed, hence finished) write.
    func increment() {
        committed.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }
}
