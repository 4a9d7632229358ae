import DifferChecks

/// Runs `body`; a replay failure is thrown again with `context` (the seed, the states) before it.
func inContext<T>(_ context: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw ReplayFailure(description: "\(context())\n\(error)")
    }
}
