import CGtk
import Foundation

/// Orders a hand-off for ThreadSanitizer: GLib queues the idle source under its own futex-based
/// lock, which the sanitizer cannot see, so what the sending thread wrote before `perform` would
/// be reported as racing with what `work` reads. Taking this pthread lock on both sides makes the
/// order visible; uncontended, it costs two atomic operations a hand-off.
private let handOffOrder = NSLock()

extension GtkRuntime {
    /// Work hopped onto the GTK thread by ``perform(_:)``.
    public typealias MainWork = @Sendable @MainActor () -> Void

    /// Schedules `work` to run on the GTK thread, inside the GLib main loop, from any thread.
    ///
    /// The closure is queued as a one-shot idle source at `G_PRIORITY_DEFAULT` on the default
    /// main context, so it runs in order with other default-priority events the next time the
    /// loop iterates (``run()``, or ``iterate(until:timeout:)`` in tests). That priority is above
    /// GTK's relayout and redraw, so batch many small updates into one `perform`. The closure's
    /// box is released by the source's destroy notify right after it ran.
    ///
    /// Unlike `g_main_context_invoke`, this never runs `work` inline on the calling thread, even
    /// when no thread currently owns the main context.
    ///
    /// From async code, `await MainActor.run { … }` is equivalent once ``initialize()`` has
    /// attached the MainActor to the loop; `perform` also works from plain threads and C callbacks.
    nonisolated public static func perform(_ work: @escaping MainWork) {
        let userData = CallbackBox<MainWork>(work).retainedPointer()
        handOffOrder.lock()
        handOffOrder.unlock()
        // g_idle_add_full is documented thread-safe: it wakes the loop on the GTK thread.
        _ = g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { userData in
                handOffOrder.lock()
                handOffOrder.unlock()
                // Unbox first: the raw pointer must not be captured by the MainActor closure.
                let work = CallbackBox<MainWork>.payload(of: userData)
                // GLib dispatches sources on the thread iterating the context: the GTK thread.
                MainActor.assumeIsolated { work() }
                return sourceRemove
            }, userData, CallbackBoxRelease.destroyNotify)
    }
}

/// `G_SOURCE_REMOVE` / `G_SOURCE_CONTINUE` (the macros expand to FALSE / TRUE).
let sourceRemove: gboolean = 0
let sourceContinue: gboolean = 1
