import ModelStorage
import Testing

@Suite("MemoryStorage transactions: one update per outermost transaction")
@MainActor
struct MemoryStorageTransactionTests {
    /// An observer that only counts its calls into a box that outlives it.
    final class CountingObserver: StorageObserver {
        final class Calls {
            var count = 0
        }

        let calls: Calls
        init(calls: Calls) { self.calls = calls }

        func storage(_ storage: any Storage, didPerform changes: ChangeSet) { calls.count += 1 }
        func storageNeedsReload(_ storage: any Storage) { calls.count += 1 }
    }

    @Test("Each mutation outside a transaction delivers its own update")
    func eachMutationIsItsOwnTransaction() {
        let (storage, recorder, _) = observedStorage()

        storage.addItem(1)
        storage.addItem(2)

        #expect(
            recorder.updates == [
                .changes([.insertSection(0), .insertItem(at: ip(0, 0), model: 1)]),
                .changes([.insertItem(at: ip(1, 0), model: 2)]),
            ])
    }

    @Test("A transaction delivers one update with every entry, in order, when it ends")
    func oneUpdatePerTransaction() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.performUpdates {
            storage.addItem(4)
            storage.moveItem(at: ip(0, 0), to: ip(3, 0))
            storage.removeItems(at: [ip(0, 0)])
        }

        #expect(
            recorder.updates == [
                .changes([
                    .insertItem(at: ip(3, 0), model: 4),
                    .moveItem(from: ip(0, 0), to: ip(3, 0)),
                    .deleteItem(at: ip(0, 0)),
                ])
            ])
        #expect(intContents(of: storage) == [[3, 4, 1]])
    }

    @Test("Nested transactions deliver one update when the outermost one ends")
    func nestedTransactions() {
        let (storage, recorder, _) = observedStorage()

        storage.performUpdates {
            storage.addItem(1)
            storage.performUpdates {
                storage.addItem(2)
                storage.performUpdates { storage.addItem(3) }
            }
            #expect(recorder.updates.isEmpty)
            storage.addItem(4)
        }

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertItem(at: ip(0, 0), model: 1),
                    .insertItem(at: ip(1, 0), model: 2),
                    .insertItem(at: ip(2, 0), model: 3),
                    .insertItem(at: ip(3, 0), model: 4),
                ])
            ])
    }

    @Test("A transaction that changes nothing delivers nothing")
    func emptyTransactionDeliversNothing() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.performUpdates {}
        storage.performUpdates { storage.removeItems(at: [ip(9, 0)]) }

        #expect(recorder.updates.isEmpty)
    }

    @Test("A refused request inside a transaction leaves the other entries of the transaction intact")
    func refusedRequestInsideTransaction() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.performUpdates {
            storage.addItem(2)
            storage.removeItems([9])
            storage.addItem(3)
        }

        #expect(anomalies.anomalies == [.removeItemFailedItemNotFound(itemDescription: "9")])
        #expect(
            recorder.updates == [.changes([.insertItem(at: ip(1, 0), model: 2), .insertItem(at: ip(2, 0), model: 3)])])
    }

    @Test("A storage without observers still mutates")
    func noObserverStillMutates() throws {
        let storage = MemoryStorage()

        storage.addItems([1, 2, 3])
        try storage.insertItem(0, to: ip(0, 0))
        storage.performUpdates { storage.removeItems([2]) }
        storage.moveSection(0, toSection: 0)

        #expect(intContents(of: storage) == [[0, 1, 3]])
    }

    @Test("An observer added after mutations receives only later updates")
    func lateObserverSeesOnlyLaterUpdates() {
        let storage = MemoryStorage()
        storage.addItem(1)

        let recorder = UpdateRecorder(observing: storage)
        storage.addItem(2)

        #expect(recorder.updates == [.changes([.insertItem(at: ip(1, 0), model: 2)])])
    }

    @Test("Two observers receive identical updates")
    func twoObserversReceiveIdenticalUpdates() {
        let (storage, first, _) = observedStorage()
        let second = UpdateRecorder(observing: storage)

        storage.addItems([1, 2])
        storage.setItems([3])
        storage.performUpdates { storage.addItem(4, toSection: 1) }

        #expect(first.updates.count == 3)
        #expect(first.updates == second.updates)
    }

    @Test("Adding the same observer twice delivers each update to it once")
    func addingObserverTwiceDeliversOnce() {
        let (storage, recorder, _) = observedStorage()
        storage.addObserver(recorder)

        storage.addItem(1)

        #expect(recorder.updates.count == 1)
    }

    @Test("A removed observer receives nothing more")
    func removedObserverReceivesNothing() {
        let (storage, recorder, _) = observedStorage()
        storage.addItem(1)

        storage.removeObserver(recorder)
        storage.addItem(2)

        #expect(recorder.updates == [.changes([.insertSection(0), .insertItem(at: ip(0, 0), model: 1)])])
    }

    @Test("Observers are held weakly: a deallocated observer is not called and does not keep updates from others")
    func observersAreHeldWeakly() {
        let storage = MemoryStorage()
        let calls = CountingObserver.Calls()
        weak var released: CountingObserver?
        do {
            let observer = CountingObserver(calls: calls)
            storage.addObserver(observer)
            storage.addItem(1)
            released = observer
        }
        #expect(released == nil)
        #expect(calls.count == 1)

        let survivor = UpdateRecorder(observing: storage)
        storage.addItem(2)

        #expect(calls.count == 1)
        #expect(survivor.updates == [.changes([.insertItem(at: ip(1, 0), model: 2)])])
    }
}

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

@Suite("MemoryStorage transactions: errors, reloads and silent moves")
@MainActor
struct MemoryStorageTransactionEdgeTests {
    struct TransactionAborted: Error, Equatable {}

    @Test("An error thrown inside a transaction still delivers what was applied before it")
    func errorInsideTransactionDeliversAppliedChanges() {
        let (storage, recorder, _) = observedStorage()

        #expect(throws: TransactionAborted()) {
            try storage.performUpdates { () throws(TransactionAborted) in
                storage.addItem(1)
                throw TransactionAborted()
            }
        }

        #expect(recorder.updates == [.changes([.insertSection(0), .insertItem(at: ip(0, 0), model: 1)])])
        #expect(intContents(of: storage) == [[1]])
    }

    @Test("A refused throwing request ends the transaction early and the earlier changes are still delivered")
    func thrownAnomalyInsideTransactionDeliversAppliedChanges() {
        let (storage, recorder, anomalies) = observedStorage()
        let expected = StorageAnomaly.insertionIndexPathTooBig(indexPath: ip(5, 0), countOfElementsInSection: 1)

        #expect(throws: expected) {
            try storage.performUpdates { () throws(StorageAnomaly) in
                storage.addItem(1)
                try storage.insertItem(9, to: ip(5, 0))
                storage.addItem(2)
            }
        }

        #expect(anomalies.anomalies == [expected])
        #expect(recorder.updates == [.changes([.insertSection(0), .insertItem(at: ip(0, 0), model: 1)])])
        #expect(intContents(of: storage) == [[1]])
    }

    @Test("The storage accepts new transactions after one ended with an error")
    func transactionAfterErrorWorks() {
        let (storage, recorder, _) = observedStorage([[1]])
        try? storage.performUpdates { () throws(TransactionAborted) in throw TransactionAborted() }

        storage.addItem(2)

        #expect(recorder.updates == [.changes([.insertItem(at: ip(1, 0), model: 2)])])
    }

    @Test("Updating without animation delivers exactly one reload, whatever it does inside")
    func updateWithoutAnimationDeliversOneReload() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.updateWithoutAnimation {
            storage.removeItems([2])
            storage.addItem(4, toSection: 1)
            storage.moveSection(1, toSection: 0)
        }

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[4], [1, 3]])
    }

    @Test("Updating without animation that changes nothing still delivers a reload")
    func emptyUpdateWithoutAnimationDeliversReload() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.updateWithoutAnimation {}

        #expect(recorder.updates == [.reload])
    }

    @Test("A reload inside a transaction supersedes the entries recorded before it")
    func reloadSupersedesEarlierEntries() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.performUpdates {
            storage.addItem(2)
            storage.setItems([7, 8])
        }

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[7, 8]])
    }

    @Test("A reload inside a transaction supersedes the entries recorded after it")
    func reloadSupersedesLaterEntries() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.performUpdates {
            storage.removeAllItems()
            storage.addItem(5)
        }

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[5]])
    }

    @Test("A nested update without animation turns the whole outer transaction into one reload")
    func nestedUpdateWithoutAnimationSupersedesOuterEntries() {
        let (storage, recorder, _) = observedStorage()

        storage.performUpdates {
            storage.addItem(1)
            storage.updateWithoutAnimation { storage.addItem(2) }
            storage.addItem(3)
        }

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[1, 2, 3]])
    }

    @Test("The transaction after a reload delivers incremental changes again")
    func reloadDoesNotLeakIntoNextTransaction() {
        let (storage, recorder, _) = observedStorage()

        storage.setItems([1])
        storage.addItem(2)

        #expect(recorder.updates == [.reload, .changes([.insertItem(at: ip(1, 0), model: 2)])])
    }

    @Test("Moving without notification delivers nothing, even at the end of a transaction")
    func moveWithoutNotificationDeliversNothing() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3]])

        storage.performUpdates {
            storage.moveItemWithoutNotification(from: ip(0, 0), to: ip(2, 0))
        }

        #expect(intContents(of: storage) == [[2, 3, 1]])
        #expect(recorder.updates.isEmpty)
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("Moving without notification first in a transaction is allowed; later entries are relative to the moved state")
    func moveWithoutNotificationBeforeAnyChange() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3]])

        storage.performUpdates {
            storage.moveItemWithoutNotification(from: ip(0, 0), to: ip(2, 0))
            storage.removeItems([1])
        }

        #expect(anomalies.anomalies.isEmpty)
        #expect(recorder.updates == [.changes([.deleteItem(at: ip(2, 0))])])
        #expect(intContents(of: storage) == [[2, 3]])
    }

    @Test("Moving without notification is refused once the open transaction has recorded a change")
    func moveWithoutNotificationAfterRecordedChangeIsRefused() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3]])

        storage.performUpdates {
            storage.addItem(4)
            storage.moveItemWithoutNotification(from: ip(0, 0), to: ip(2, 0))
        }

        #expect(
            anomalies.anomalies == [
                .moveWithoutNotificationInsideTransaction(sourceIndexPath: ip(0, 0), destinationIndexPath: ip(2, 0))
            ])
        #expect(recorder.updates == [.changes([.insertItem(at: ip(3, 0), model: 4)])])
        #expect(intContents(of: storage) == [[1, 2, 3, 4]])
    }
}
