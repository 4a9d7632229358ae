import Dispatch
import ModelStorage
import Synchronization

/// One showing of a model by a row: it begins when the manager fills the row with the model and
/// ends when the row shows another model, is refreshed in place, or leaves the list (scrolled
/// away on a virtualized host, removed, or the list gone).
///
/// Content that arrives late (a thumbnail decoded, a value fetched) belongs to a binding, not
/// to a row: a row is reused for other models while the work runs.
/// ``load(on:_:apply:failed:)`` runs the work off the main thread and applies its result only
/// while the binding lasts, so the result can never land on a row that shows another model by
/// then:
///
/// ```swift
/// func loadLateContent(for file: FileItem, binding: RowBinding) {
///     binding.load { _ in try FileItem.size(of: file.path) } apply: { [widget] size in
///         gtk_label_set_text(gcast(widget), "\(file.name): \(size) bytes")
///     }
/// }
/// ```
///
/// Work that can stop early reads ``isCurrent`` from any thread, or registers ``onEnd(_:)``.
public final class RowBinding: Sendable {
    private let current = Atomic<Bool>(true)
    /// What runs when the binding ends; nil once it ended.
    private let endHandlers = LockedValue<[@Sendable () -> Void]?>([])

    init() {}

    /// True until the row stops showing the model it was bound to; readable from any thread.
    public var isCurrent: Bool { current.load(ordering: .acquiring) }

    /// Runs `handler` once, when the binding ends (at once, on this thread, when it already
    /// has). It runs on the main thread: a cancellation to pass on, a download to stop.
    public func onEnd(_ handler: @escaping @Sendable () -> Void) {
        let added = endHandlers.withLock { handlers -> Bool in
            guard handlers != nil else { return false }
            handlers!.append(handler)
            return true
        }
        if !added { handler() }
    }

    /// Runs `work` on `queue`, then `apply` with its result on the main actor through the GLib
    /// main loop, if the binding still lasts then; work that throws calls `failed` with its
    /// error instead, on the same terms (a placeholder for a thumbnail that cannot be decoded).
    /// Work asked after the binding ended does not run, and nothing is called for a binding
    /// that ended while the work ran.
    ///
    /// - Parameters:
    ///   - queue: where the work runs; a global queue by default.
    ///   - work: makes the late content; it may stop early once `isCurrent` is false.
    ///   - apply: shows it in the row, on the main actor.
    ///   - failed: shows that the content could not be made, on the main actor; by default
    ///     nothing is shown.
    public func load<Content: Sendable>(
        on queue: DispatchQueue = .global(qos: .userInitiated), _ work: @escaping @Sendable (RowBinding) throws -> Content,
        apply: @escaping @MainActor (Content) -> Void, failed: @escaping @MainActor (any Error) -> Void = { _ in }
    ) {
        guard isCurrent else { return }
        queue.async { [self] in
            guard isCurrent else { return }
            let result = Result { try work(self) }
            GLibMainActorHandOff().handOff { [self] in
                guard isCurrent else { return }
                switch result {
                case .success(let content): apply(content)
                case .failure(let error): failed(error)
                }
            }
        }
    }

    /// Ends the binding: ``isCurrent`` turns false and the end handlers run.
    func end() {
        guard current.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let handlers = endHandlers.withLock { handlers in
            defer { handlers = nil }
            return handlers ?? []
        }
        for handler in handlers { handler() }
    }
}
