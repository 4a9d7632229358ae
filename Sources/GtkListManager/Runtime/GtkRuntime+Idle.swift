import CGtk

extension GtkRuntime {
    /// Runs `work` from the GLib main loop whenever it is idle (after events and drawing), again
    /// and again until it returns false: long work cut into slices that never block the loop.
    ///
    /// Returns the source id; `g_source_remove` stops it (and releases the box).
    @MainActor @discardableResult
    static func repeatWhileIdle(_ work: @escaping @MainActor () -> Bool) -> guint {
        let userData = CallbackBox<@MainActor () -> Bool>(work).retainedPointer()
        return g_idle_add_full(
            G_PRIORITY_DEFAULT_IDLE,
            { userData in
                let work = CallbackBox<@MainActor () -> Bool>.payload(of: userData)
                return MainActor.assumeIsolated { work() } ? sourceContinue : sourceRemove
            }, userData, CallbackBoxRelease.destroyNotify)
    }
}
