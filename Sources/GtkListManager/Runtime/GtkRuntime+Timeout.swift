import CGtk

extension GtkRuntime {
    /// Runs `work` once on the GTK thread after `milliseconds`, from the GLib main loop (a
    /// one-shot timeout source whose box is released by its destroy notify).
    ///
    /// Returns the source id; `g_source_remove` cancels it (and releases the box).
    @MainActor @discardableResult
    public static func after(milliseconds: UInt32, _ work: @escaping @MainActor () -> Void) -> guint {
        let userData = CallbackBox<@MainActor () -> Void>(work).retainedPointer()
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { userData in
                let work = CallbackBox<@MainActor () -> Void>.payload(of: userData)
                MainActor.assumeIsolated { work() }
                return sourceRemove
            }, userData, CallbackBoxRelease.destroyNotify)
    }
}
