import ModelStorage
import Testing

@Suite("MemoryStorage transactions: observers that mutate the storage while handling an update")
@MainActor
struct MemoryStorageReentrantDeliveryTests {
    /// A storage with a first observer that appends `100` the first time it hears of anything,
    /// and a second, passive observer, in the given registration order.
    private func storageWithReentrantObserver(mutatingObserverFirst: Bool) -> (
        storage: MemoryStorage, mutating: UpdateRecorder, passive: UpdateRecorder
    ) {
        let storage = makeStorage([[1]])
        let mutating = UpdateRecorder()
        let passive = UpdateRecorder()
        var reacted = false
        mutating.onUpdate = { _ in
            guard !reacted else { return }
            reacted = true
            storage.addItem(100)
        }
        if mutatingObserverFirst {
            storage.addObserver(mutating)
            storage.addObserver(passive)
        } else {
            storage.addObserver(passive)
            storage.addObserver(mutating)
        }
        return (storage, mutating, passive)
    }

    private let expectedUpdates: [StorageUpdate] = [
        .changes([.insertItem(at: ip(1, 0), model: 2)]),
        .changes([.insertItem(at: ip(2, 0), model: 100)]),
    ]

    @Test(
        "Every observer receives the original update, then the one produced during delivery (FIFO)",
        arguments: [true, false])
    func updatesProducedDuringDeliveryAreQueued(mutatingObserverFirst: Bool) {
        let (storage, mutating, passive) = storageWithReentrantObserver(mutatingObserverFirst: mutatingObserverFirst)

        storage.addItem(2)

        #expect(mutating.updates == expectedUpdates)
        #expect(passive.updates == expectedUpdates)
        #expect(intContents(of: storage) == [[1, 2, 100]])
    }

    @Test(
        "Each observer's log, replayed in order from the state it started from, reaches the storage's state",
        arguments: [true, false])
    func reentrantLogsReplay(mutatingObserverFirst: Bool) throws {
        let (storage, mutating, passive) = storageWithReentrantObserver(mutatingObserverFirst: mutatingObserverFirst)
        var mutatingReplica = ChangeLogReplica(snapshotOf: storage)
        var passiveReplica = ChangeLogReplica(snapshotOf: storage)

        storage.addItem(2)
        try mutatingReplica.apply(mutating.updates, reloadingFrom: storage)
        try passiveReplica.apply(passive.updates, reloadingFrom: storage)

        #expect(mutatingReplica.matchesItems(of: storage))
        #expect(passiveReplica.matchesItems(of: storage))
    }

    @Test("A passive observer registered before the mutating one has already received the update when the mutation happens")
    func passiveObserverFirstSeesOriginalBeforeReentrantMutation() {
        let storage = makeStorage([[1]])
        let passive = UpdateRecorder(observing: storage)
        let mutating = UpdateRecorder(observing: storage)
        var passiveUpdatesWhenMutating: Int?
        mutating.onUpdate = { _ in
            guard passiveUpdatesWhenMutating == nil else { return }
            passiveUpdatesWhenMutating = passive.updates.count
            storage.addItem(100)
        }

        storage.addItem(2)

        #expect(passiveUpdatesWhenMutating == 1)
        #expect(passive.updates.count == 2)
    }
}
