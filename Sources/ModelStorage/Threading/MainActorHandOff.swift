/// Carries work computed on a background thread back to the main actor.
///
/// ``SortedStorage`` and the database storage diff off the main thread and hand their results
/// back through one of these; so can a storage of your own.
///
/// An implementation must run `work` later, on the main actor, and never synchronously inside
/// ``handOff(_:)``: the caller is a background thread that must not wait for the main thread
/// (T21TableViewDataSource's `DispatchQueue.main.sync` hand-off is how deadlocks happen).
///
/// ModelStorage knows nothing of GTK, so its default is ``TaskMainActorHandOff``; GtkListManager
/// adds a GLib one (`GLibMainActorHandOff`) that queues the work on the GTK main loop directly.
public protocol MainActorHandOff: Sendable {
    /// Schedules `work` to run on the main actor, after this call returns.
    func handOff(_ work: @escaping @Sendable @MainActor () -> Void)
}

/// Hands work back with `Task { @MainActor in … }`: works wherever the main actor's executor
/// runs (an application whose main loop drains it, `swift test`).
public struct TaskMainActorHandOff: MainActorHandOff {
    /// The hand-off; it has no settings.
    public init() {}

    public func handOff(_ work: @escaping @Sendable @MainActor () -> Void) {
        Task { @MainActor in work() }
    }
}
