#if PostgreSQL
    import GtkListManager

    /// Async work awaited from the benchmark's synchronous main-actor code: a main-actor task,
    /// with the GLib main loop iterated until it ends, so that the storage's hand-offs, GTK's
    /// frames and the task's own continuations all run meanwhile, as in an app.
    @MainActor
    enum MainLoopAwait {
        struct TimedOut: Error, CustomStringConvertible {
            let seconds: Int
            var description: String { "did not finish in \(seconds) s" }
        }

        /// The value `body` returns, or what it throws; `TimedOut` after `seconds`.
        static func value<Value>(limit seconds: Int = 120, _ body: @escaping @MainActor () async throws -> Value) throws -> Value {
            let box = Box<Value>()
            Task { @MainActor in
                do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            }
            guard GtkRuntime.iterate(until: { box.result != nil }, timeout: .seconds(seconds)) else { throw TimedOut(seconds: seconds) }
            return try box.result!.get()
        }

        /// Runs the main loop for `milliseconds`, whatever comes (a pause between keystrokes).
        static func pause(milliseconds: Int) {
            GtkRuntime.iterate(until: { false }, timeout: .milliseconds(milliseconds))
        }

        @MainActor private final class Box<Value> {
            var result: Result<Value, any Error>?
        }
    }
#endif
