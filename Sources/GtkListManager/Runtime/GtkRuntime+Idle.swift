import CGtk

extension GtkRuntime {
    /// Runs `work` from the GLib main loop whenever it is idle (after events and drawing), again
    /// and again until it returns false: long work cut into slices that never block the loop.
    ///
    /// `priority`: `G_PRIORITY_DEFAULT_IDLE` by default; ``beforeLayoutPriority`` runs it
    /// before GTK's next layout and drawing. Returns the source id; `g_source_remove` stops it
    /// (and releases the box).
    @MainActor @discardableResult
    static func repeatWhileIdle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ work: @escaping @MainActor () -> Bool) -> guint {
        let userData = CallbackBox<@MainActor () -> Bool>(work).retainedPointer()
        return g_idle_add_full(
            priority,
            { userData in
                let work = CallbackBox<@MainActor () -> Bool>.payload(of: userData)
                return MainActor.assumeIsolated { work() } ? sourceContinue : sourceRemove
            }, userData, CallbackBoxRelease.destroyNotify)
    }

    /// Above GTK's resizing (`GTK_PRIORITY_RESIZE`, `G_PRIORITY_HIGH_IDLE + 10`) and drawing
    /// (`G_PRIORITY_HIGH_IDLE + 20`): work that prepares the next frame in a turn of the loop
    /// of its own.
    static let beforeLayoutPriority = G_PRIORITY_HIGH_IDLE + 5
}
