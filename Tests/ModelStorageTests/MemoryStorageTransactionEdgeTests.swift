import ModelStorage
import Testing

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
