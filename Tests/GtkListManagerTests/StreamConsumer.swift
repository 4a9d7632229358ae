/// A main-actor task reading an `AsyncStream`, whose steps run while the GLib loop iterates:
/// what it received, in order, and whether its loop ended.
@MainActor
final class StreamConsumer<Element> {
    private(set) var received: [Element] = []
    private(set) var ended = false
    private var task: Task<Void, Never>?

    /// Reads `stream` until it finishes, or until `limit` elements came (then leaves its loop).
    init(_ stream: AsyncStream<Element>, stoppingAfter limit: Int = .max) {
        task = Task {
            for await element in stream {
                self.received.append(element)
                if self.received.count == limit { break }
            }
            self.ended = true
        }
    }

    /// Cancels the reading task.
    func cancel() {
        task?.cancel()
    }
}
