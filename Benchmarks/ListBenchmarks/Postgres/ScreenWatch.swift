#if PostgreSQL
    import CGtk
    import GtkListManager

    /// Waits for the first painted frame that shows what the benchmark waits for (the rows of a
    /// jump, of a sort, another client's change): a check after each of the window's paints
    /// ("after-paint" of its frame clock), so the time is when the user could see it, not when
    /// the storage had the rows. The C peers wait the same way (`peer_pg.h`).
    @MainActor
    final class ScreenWatch {
        private let window: UnsafeMutablePointer<GtkWidget>
        private var condition: (() -> Bool)?
        private var shownAt: Double?
        private var lastPaint = 0.0

        /// Watches `window`'s paints; it must be realized (shown).
        init(window: UnsafeMutablePointer<GtkWidget>) {
            self.window = window
            guard let clock = gtk_widget_get_frame_clock(window) else { preconditionFailure("the window is not realized") }
            Signal.connect(clock, "after-paint") { [weak self] (_: OpaquePointer) in self?.painted() }
        }

        private func painted() {
            lastPaint = ProcessProbes.wallMilliseconds()
            guard shownAt == nil, let condition, condition() else { return }
            shownAt = lastPaint
        }

        /// Runs the main loop until a painted frame shows what `condition` checks: the wall time
        /// of that paint (`ProcessProbes.wallMilliseconds`), nil when none did within `limit`
        /// seconds.
        func waitForFrame(limit seconds: Double = 30, showing condition: @escaping () -> Bool) -> Double? {
            shownAt = nil
            self.condition = condition
            defer { self.condition = nil }
            var drawQueued = false
            GtkRuntime.iterate(
                until: { [unowned self] in
                    if shownAt != nil { return true }
                    // What it waits for may have come with no frame asked for since: after 50 ms
                    // without a paint, one more frame shows it.
                    if !drawQueued, ProcessProbes.wallMilliseconds() - lastPaint > 50, condition() {
                        gtk_widget_queue_draw(window)
                        drawQueued = true
                    }
                    return false
                }, timeout: .milliseconds(Int(seconds * 1000)))
            return shownAt
        }
    }
#endif
