import GtkListManager

/// A call awaited in a main-actor task, whose resumptions run while the GLib loop iterates (the
/// loop drains the main actor's queue): whether it returned, and what it returned, read the
/// moment it returned (the test reads what the list or storage showed then).
@MainActor
final class AwaitedListCall<Value> {
    private(set) var result: Value?
    var hasReturned: Bool { result != nil }

    /// Starts `call` at once: it has run up to its first suspension when this returns, so calls
    /// made after it are newer.
    init(_ call: @escaping @MainActor () async -> Value) {
        Task.immediate { self.result = await call() }
    }

    /// Iterates the loop until the call returned; false on timeout.
    func waitForReturn(timeout: Duration = .seconds(5)) -> Bool {
        GtkRuntime.iterate(until: { self.hasReturned }, timeout: timeout)
    }
}
