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
