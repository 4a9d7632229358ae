import CGtk

extension GtkRuntime {
    /// Iterates the default GLib main context until `condition` holds or `timeout` elapses.
    ///
    /// Meant for tests and headless tools that need GTK to make progress without a blocking
    /// ``run()``: realize and draw a window, let idle callbacks, signal emissions and MainActor
    /// tasks run, then assert. Each iteration may block, but a 10 ms ticker wakes it, so a
    /// condition changed by another thread is noticed promptly.
    ///
    /// ```swift
    /// gtk_widget_show_all(window)
    /// XCTAssertTrue(GtkRuntime.iterate(until: { gtk_widget_get_mapped(window) != 0 }))
    /// ```
    ///
    /// - Parameters:
    ///   - condition: checked before every iteration, on the GTK thread.
    ///   - timeout: how long to keep iterating before giving up.
    /// - Returns: `true` if `condition` became true, `false` on timeout.
    @discardableResult
    @MainActor public static func iterate(
        until condition: () -> Bool,
        timeout: Duration = .seconds(5)
    ) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        let ticker = g_timeout_add(10, { _ in sourceContinue }, nil)
        defer { g_source_remove(ticker) }
        while !condition() {
            if clock.now >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Dispatches every event that is ready now, without blocking; returns how many
    /// iterations ran.
    ///
    /// Useful to let GTK settle (pending resizes, redraws, idle callbacks) before inspecting
    /// widgets. Stops after `limit` iterations so a source that re-arms itself forever cannot
    /// hang the caller.
    @discardableResult
    @MainActor public static func iteratePending(limit: Int = 10_000) -> Int {
        var iterations = 0
        while iterations < limit, g_main_context_pending(nil) != 0 {
            g_main_context_iteration(nil, 0)
            iterations += 1
        }
        return iterations
    }
}
