import Synchronization

/// The open `AsyncStream`s of one event (a list's selection, a table's sort): each value the
/// event reports goes to every stream open then, in order. The event's reaction is registered
/// once, by the owner, and calls ``send(_:)``: reactions stay for the list's life, streams come
/// and go.
///
/// - A stream that ends (its consumer left its loop, its task ended or was cancelled) is
///   forgotten at once, from whatever thread the stream ends on: nothing grows.
/// - Values wait in a stream until its consumer reads them (none is dropped).
/// - When the owner goes (the list, the table), every open stream finishes: a `for await`
///   loop over one ends.
final class StreamFanOut<Value>: Sendable {
    private struct Subscriber: Sendable {
        let deliver: @MainActor (Value) -> Void
        let finish: @Sendable () -> Void
    }

    private struct Subscribers: Sendable {
        var open: [Int: Subscriber] = [:]
        var nextID = 0
    }

    private let subscribers = Mutex(Subscribers())

    /// How many streams are open.
    var openCount: Int { subscribers.withLock { $0.open.count } }

    /// A new stream of what each value `transform` makes, from the next value sent on. Its
    /// elements are `Sendable`: a stream may be read in any task.
    @MainActor
    func makeStream<Element: Sendable>(_ transform: @escaping @MainActor (Value) -> Element) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let subscriber = Subscriber(deliver: { continuation.yield(transform($0)) }, finish: { continuation.finish() })
        let id = subscribers.withLock { subscribers in
            subscribers.nextID += 1
            subscribers.open[subscribers.nextID] = subscriber
            return subscribers.nextID
        }
        // Nothing ends the stream before it is returned: its only reader is the caller.
        continuation.onTermination = { [weak self] _ in self?.forget(id) }
        return stream
    }

    /// Sends `value` to every open stream.
    @MainActor
    func send(_ value: Value) {
        let open = subscribers.withLock { $0.open.sorted { $0.key < $1.key }.map(\.value) }
        for subscriber in open { subscriber.deliver(value) }
    }

    private func forget(_ id: Int) {
        _ = subscribers.withLock { $0.open.removeValue(forKey: id) }
    }

    deinit {
        let open = subscribers.withLock { subscribers in
            defer { subscribers.open = [:] }
            return Array(subscribers.open.values)
        }
        for subscriber in open { subscriber.finish() }
    }
}
