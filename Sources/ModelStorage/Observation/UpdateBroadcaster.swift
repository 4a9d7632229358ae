/// The observers of one storage, held weakly, and the in-order delivery of updates to them.
///
/// An observer may mutate the storage while it handles an update. The update that produces is
/// queued and delivered once every observer has seen the current one, so all observers see the
/// same updates in the same order. (A class, because delivery re-enters it.) Package-wide, so
/// storages of other modules of this package (the declarative storage) deliver the same way.
@MainActor
package final class UpdateBroadcaster {
    private struct WeakObserver {
        weak var observer: (any StorageObserver)?
    }

    private var entries: [WeakObserver] = []
    private var queue: [StorageUpdate] = []
    private var isDelivering = false

    package init() {}

    package func add(_ observer: any StorageObserver) {
        MainActorConfinement.check("A storage observer was added")
        remove(observer)
        entries.append(WeakObserver(observer: observer))
    }

    package func remove(_ observer: any StorageObserver) {
        MainActorConfinement.check("A storage observer was removed")
        entries.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Queues `update` and, unless a delivery is already running further up the stack, delivers
    /// the queue in order.
    package func deliver(_ update: StorageUpdate, from storage: any Storage) {
        queue.append(update)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < queue.count {
            let update = queue[next]
            next += 1
            for observer in entries.compactMap(\.observer) {
                switch update {
                case let .changes(changeSet): observer.storage(storage, didPerform: changeSet)
                case .reload: observer.storageNeedsReload(storage)
                }
            }
        }
        queue.removeAll()
    }
}
