import ModelStorage

/// Hands background results (a `SortedStorage`'s diffs) back to the GTK thread through the
/// GLib main loop: each result is a one-shot idle source queued by ``GtkRuntime/perform(_:)``
/// (`g_idle_add_full`), which the loop runs in order with GTK's own events.
///
/// It never waits for the GTK thread, so a background job can never deadlock against it, and it
/// does not need the MainActor bridge: results arrive wherever the loop is iterated, by
/// ``GtkRuntime/run()`` or by ``GtkRuntime/iterate(until:timeout:)`` in tests.
///
/// ```swift
/// let storage = SortedStorage<Package, String>(
///     sortedBy: { $0.name < $1.name }, sectionedBy: { $0.section }, handOff: GLibMainActorHandOff())
/// ```
public struct GLibMainActorHandOff: MainActorHandOff {
    /// The hand-off; it has no settings (the work runs at `G_PRIORITY_DEFAULT_IDLE`).
    public init() {}

    public func handOff(_ work: @escaping @Sendable @MainActor () -> Void) {
        GtkRuntime.perform(work)
    }
}
