/// The observers of one storage, held weakly, and the in-order delivery of updates to them: the
/// observer side of ``ObservableStorage`` for a storage of your own.
///
/// An observer may mutate the storage while it handles an update. The update that produces is
/// queued and delivered once every observer has seen the current one, so all observers see the
/// same updates in the same order. Updates are numbered as they are queued, and each observer
/// remembers how many it was handed: one added during a delivery starts from the storage as it
/// is then and is not handed the updates queued before it, and
/// ``updatesNotDelivered(to:openTransaction:)`` says what an observer has yet to see. (A class,
/// because delivery re-enters it.)
///
/// A storage that adopts ``BroadcastingStorage`` gets ``ObservableStorage``'s requirements
/// from its broadcaster, and only delivers:
///
/// ```swift
/// final class MyStorage: BroadcastingStorage {
///     let broadcaster = UpdateBroadcaster()
///     // After changing the models: broadcaster.deliver(.changes(changeSet), from: self)
/// }
/// ```
@MainActor
public final class UpdateBroadcaster {
    /// A class: a struct holding a weak reference copies and destroys it (two atomic
    /// operations on the observer's side table) each time it is read out of the array
    /// (CONTRIBUTING, Hot paths: 24).
    private final class Recipient {
        weak var observer: (any StorageObserver)?
        /// The number of the first update not handed to it yet.
        var nextUpdate: Int

        init(observer: any StorageObserver, nextUpdate: Int) {
            self.observer = observer
            self.nextUpdate = nextUpdate
        }
    }

    private var recipients: [Recipient] = []
    /// Updates queued and not yet handed to every observer; `queue[0]` is number `firstQueued`.
    private var queue: [StorageUpdate] = []
    private var firstQueued = 0
    private var isDelivering = false

    /// A broadcaster with no observers.
    public init() {}

    /// The number the next queued update gets.
    private var nextNumber: Int { firstQueued + queue.count }

    /// Starts handing updates to `observer` (held weakly), from the next update queued.
    public func add(_ observer: any StorageObserver) {
        MainActorConfinement.check("A storage observer was added")
        remove(observer)
        recipients.append(Recipient(observer: observer, nextUpdate: nextNumber))
    }

    /// Stops handing updates to `observer`.
    public func remove(_ observer: any StorageObserver) {
        MainActorConfinement.check("A storage observer was removed")
        recipients.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// The updates queued that `observer` has not been handed yet, oldest first (the one it is
    /// handling now is handed); nil when it does not observe the storage.
    private func updatesNotHanded(to observer: any StorageObserver) -> ArraySlice<StorageUpdate>? {
        guard let recipient = recipients.first(where: { $0.observer === observer }) else { return nil }
        return queue[min(max(recipient.nextUpdate - firstQueued, 0), queue.count)...]
    }

    /// What a storage answers for ``ObservableStorage/updatesNotDelivered(to:)``: the queued
    /// updates `observer` has not been handed, then `openTransaction` (what the storage's open
    /// transaction has recorded so far).
    public func updatesNotDelivered(
        to observer: any StorageObserver, openTransaction: StorageUpdate? = nil
    ) -> [StorageUpdate]? {
        guard let queued = updatesNotHanded(to: observer) else { return nil }
        guard let openTransaction else { return Array(queued) }
        return Array(queued) + [openTransaction]
    }

    /// Queues `update` and, unless a delivery is already running further up the stack, delivers
    /// the queue in order. Call it once the storage holds the state `update` leads to.
    public func deliver(_ update: StorageUpdate, from storage: any Storage) {
        queue.append(update)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < queue.count {
            let update = queue[next], number = firstQueued + next
            next += 1
            // The next observer not handed this update, looked up again after each hand-off:
            // observers come and go while others handle it. No list of them is made per update
            // (a storm of one-row updates delivers each on its own).
            while let (recipient, observer) = nextRecipient(of: number) {
                recipient.nextUpdate = number + 1
                switch update {
                case let .changes(changeSet): observer.storage(storage, didPerform: changeSet)
                case .reload: observer.storageNeedsReload(storage)
                }
            }
        }
        firstQueued += queue.count
        queue.removeAll(keepingCapacity: true)
    }

    /// The first recipient whose observer is still there and was not handed update `number`.
    /// A plain loop: a closure here costs an isolation check per call.
    private func nextRecipient(of number: Int) -> (Recipient, any StorageObserver)? {
        for recipient in recipients where recipient.nextUpdate <= number {
            if let observer = recipient.observer { return (recipient, observer) }
        }
        return nil
    }
}
