import Dispatch
import Synchronization

/// How an ``OutlineStorage`` reads the children of items marked unloaded
/// (``OutlineSnapshot/markChildrenUnloaded(_:)``), on their first expand: at once on the main
/// actor, or on a background queue while the item shows a loading row.
///
/// ```swift
/// storage.childrenProvider = .background(mayHaveChildren: { $0.isDirectory }) { folder, cancellation in
///     try folder.readEntries(stoppingWhen: { cancellation.isCancelled })
/// }
/// ```
///
/// `mayHaveChildren` tells which of the children read may have children in turn: they are
/// marked unloaded and show an arrow before they are read, as folders do.
public struct OutlineChildrenProvider<ItemID: Hashable & Sendable> {
    enum Reading {
        case immediate(@MainActor (ItemID) throws -> [ItemID])
        case background(@Sendable (ItemID, OutlineLoadCancellation) throws -> [ItemID], handOff: any MainActorHandOff)
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
}

/// Whether a background read of children is still wanted: it is not once the item collapsed,
/// left the outline, or a newer read started. A long read checks it and stops early.
public final class OutlineLoadCancellation: Sendable {
    private let cancelled = Atomic(false)

    init() {}

    /// True once the read's result will be dropped.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
