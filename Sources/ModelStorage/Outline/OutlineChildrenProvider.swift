import Dispatch
import Synchronization

/// How an ``OutlineStorage`` reads the children of items marked unloaded
/// (``OutlineSnapshot/markChildrenUnloaded(_:)``), on their first expand: at once on the main
/// actor, on a background queue while the item shows a loading row, or by an `async` function
/// (a task) while it shows one.
///
/// ```swift
/// storage.childrenProvider = .background(mayHaveChildren: { $0.isDirectory }) { folder, cancellation in
///     try folder.readEntries(stoppingWhen: { cancellation.isCancelled })
/// }
/// storage.childrenProvider = .async(mayHaveChildren: { $0.isDirectory }) { folder in
///     try await folder.entries()                 // a collapse cancels the task
/// }
/// ```
///
/// `mayHaveChildren` tells which of the children read may have children in turn: they are
/// marked unloaded and show an arrow before they are read, as folders do.
public struct OutlineChildrenProvider<ItemID: Hashable & Sendable> {
    enum Reading {
        case immediate(@MainActor (ItemID) throws -> [ItemID])
        case background(@Sendable (ItemID, OutlineLoadCancellation) throws -> [ItemID], handOff: any MainActorHandOff)
        case asynchronous(@Sendable (ItemID) async throws -> [ItemID])
    }

    let reading: Reading
    let mayHaveChildren: @Sendable (ItemID) -> Bool

    /// Reads children on the main actor, when the item expands: for children at hand (in
    /// memory, a small query). A thrown error shows as the item's error row.
    public static func immediate(
        mayHaveChildren: @escaping @Sendable (ItemID) -> Bool = { _ in false },
        _ read: @escaping @MainActor (ItemID) throws -> [ItemID]
    ) -> OutlineChildrenProvider {
        OutlineChildrenProvider(reading: .immediate(read), mayHaveChildren: mayHaveChildren)
    }

    /// Reads children on a background queue (several items at once), the item showing a loading
    /// row meanwhile; the result comes back through `handOff`. A collapse before the answer
    /// cancels the read: `cancellation` says so, and its result is dropped. A thrown error
    /// shows as the item's error row, with a retry.
    public static func background(
        handOff: any MainActorHandOff = TaskMainActorHandOff(),
        mayHaveChildren: @escaping @Sendable (ItemID) -> Bool = { _ in false },
        _ read: @escaping @Sendable (ItemID, OutlineLoadCancellation) throws -> [ItemID]
    ) -> OutlineChildrenProvider {
        OutlineChildrenProvider(reading: .background(read, handOff: handOff), mayHaveChildren: mayHaveChildren)
    }

    /// Reads children with an `async` function, in a task of its own (several items at once),
    /// the item showing a loading row meanwhile: for children that come from `async` code (a
    /// network call, an `async` file API). `read` runs off the main actor unless it is isolated
    /// to it. A collapse before the answer cancels the task (`Task.isCancelled`,
    /// `Task.checkCancellation()`), and its result is dropped, as is that of a read a newer one
    /// replaced. A thrown error shows as the item's error row, with a retry.
    ///
    /// ```swift
    /// storage.childrenProvider = .async(mayHaveChildren: { $0.isDirectory }) { folder in
    ///     try await folder.entries()
    /// }
    /// ```
    public static func async(
        mayHaveChildren: @escaping @Sendable (ItemID) -> Bool = { _ in false },
        _ read: @escaping @Sendable (ItemID) async throws -> [ItemID]
    ) -> OutlineChildrenProvider {
        OutlineChildrenProvider(reading: .asynchronous(read), mayHaveChildren: mayHaveChildren)
    }
}

/// Whether a background read of children is still wanted: it is not once the item collapsed,
/// left the outline, or a newer read started. A long read checks it and stops early.
public final class OutlineLoadCancellation: Sendable {
    private let cancelled = Atomic(false)
    /// What else a cancel stops: the task of an `async` read.
    private let onCancel = Mutex<(@Sendable () -> Void)?>(nil)

    init() {}

    /// True once the read's result will be dropped.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Runs `action` when the read is cancelled, or now if it is already.
    func whenCancelled(_ action: @escaping @Sendable () -> Void) {
        let isCancelledNow = onCancel.withLock { stored in
            if isCancelled { return true }
            stored = action
            return false
        }
        if isCancelledNow { action() }
    }
}
