import ModelStorage
import Testing

// The storage scenarios of the DTModelStorage study (anchors-dt.md §4.3, 1–18 and the
// "setItems then addItems" regression of 21), restated for our semantics where they differ:
// mutations apply at once, the log is sequential (each entry relative to the state after the
// previous ones), and invalid requests are refused as a whole with an anomaly.

@Suite("MemoryStorage scenarios: adding and inserting")
@MainActor
struct MemoryStorageAddingScenarioTests {
    // Scenario 1.
    @Test("Adding to a section that does not exist yet inserts every missing section before the items")
    func addIntoMissingSection() {
        let (storage, recorder, anomalies) = observedStorage()

        storage.addItems([1, 2, 3], toSection: 1)

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertSection(1),
                    .insertItem(at: ip(0, 1), model: 1),
                    .insertItem(at: ip(1, 1), model: 2),
                    .insertItem(at: ip(2, 1), model: 3),
                ])
            ])
        #expect(intContents(of: storage) == [[], [1, 2, 3]])
        #expect(anomalies.anomalies.isEmpty)
    }

    // Scenario 2.
    @Test("A single add to an empty storage records exactly one section insert and one item insert")
    func singleAddOnEmptyStorage() {
        let (storage, recorder, _) = observedStorage()

        storage.addItem("")

        let expected = StorageUpdate.changes(ChangeSet([.insertSection(0), .insertItem(at: ip(0, 0), model: "")]))
        #expect(recorder.updates == [expected])
        #expect(storage.numberOfSections == 1)
        #expect(storage.item(at: ip(0, 0)) as? String == "")
    }

    // Scenario 3, restated: there is no deferral. The storage changes at once, and observers hear
    // of it when the (implicit or explicit) transaction ends.
    @Test("A mutation outside a transaction applies at once and is delivered at once")
    func mutationAppliesImmediately() {
        let (storage, recorder, _) = observedStorage()

        storage.addItems([2, 4, 6])

        #expect(storage.totalNumberOfItems == 3)
        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertItem(at: ip(0, 0), model: 2),
                    .insertItem(at: ip(1, 0), model: 4),
                    .insertItem(at: ip(2, 0), model: 6),
                ])
            ])
    }

    @Test("Inside a transaction the storage already holds a mutation that observers have not received yet")
    func mutationInsideTransactionIsVisibleBeforeDelivery() {
        let (storage, recorder, _) = observedStorage()

        storage.performUpdates {
            storage.addItems([2, 4, 6])
            #expect(storage.totalNumberOfItems == 3)
            #expect(recorder.updates.isEmpty)
        }

        #expect(recorder.updates.count == 1)
    }

    @Test("When observers receive an update, the storage already holds its result")
    func storageIsUpToDateAtDelivery() {
        let (storage, recorder, _) = observedStorage()
        var contentsSeenAtDelivery: [[Int]]?
        recorder.onUpdate = { _ in contentsSeenAtDelivery = intContents(of: storage) }

        storage.addItems([2, 4, 6])

        #expect(contentsSeenAtDelivery == [[2, 4, 6]])
    }

    // Scenario 4, restated: one update whose log holds every entry, not two queued closures.
    @Test("One transaction with two operations delivers one update holding both logs in order")
    func oneTransactionTwoOperations() throws {
        let (storage, recorder, _) = observedStorage()

        try storage.performUpdates {
            storage.addItems([2, 4, 6])
            try storage.insertItem(3, to: ip(1, 0))
        }

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertItem(at: ip(0, 0), model: 2),
                    .insertItem(at: ip(1, 0), model: 4),
                    .insertItem(at: ip(2, 0), model: 6),
                    .insertItem(at: ip(1, 0), model: 3),
                ])
            ])
        #expect(intContents(of: storage) == [[2, 3, 4, 6]])
    }

    // Scenario 5, restated: the log interleaves section and item entries (the anchor kept them in
    // two separate lists).
    @Test("A transaction across sections interleaves section and item entries as they happened")
    func batchAcrossSections() {
        let (storage, recorder, _) = observedStorage()

        storage.performUpdates {
            storage.addItem(1, toSection: 0)
            storage.addItem(2, toSection: 1)
        }

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertItem(at: ip(0, 0), model: 1),
                    .insertSection(1),
                    .insertItem(at: ip(0, 1), model: 2),
                ])
            ])
        #expect(intContents(of: storage) == [[1], [2]])
    }

    @Test("Adding to a negative section is refused as an invalid index path")
    func addToNegativeSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.addItems([2], toSection: -1)

        #expect(anomalies.anomalies == [.invalidIndexPath(indexPath: ip(0, -1))])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 10.
    @Test("A contiguous insert in the middle records one insert per item, in order")
    func contiguousInsertInTheMiddle() throws {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        try storage.insertItems([4, 5], at: ip(2, 0))

        #expect(
            recorder.updates == [.changes([.insertItem(at: ip(2, 0), model: 4), .insertItem(at: ip(3, 0), model: 5)])])
        #expect(intContents(of: storage) == [[1, 2, 4, 5, 3]])
    }

    @Test("A contiguous insert at the end of a section appends")
    func contiguousInsertAtTheEnd() throws {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        try storage.insertItems([4, 5], at: ip(3, 0))

        #expect(
            recorder.updates == [.changes([.insertItem(at: ip(3, 0), model: 4), .insertItem(at: ip(4, 0), model: 5)])])
        #expect(intContents(of: storage) == [[1, 2, 3, 4, 5]])
    }

    // Scenario 10, restated: the anomaly is reported *and* thrown, at call time.
    @Test("A contiguous insert past the end of its section is reported, thrown, and changes nothing")
    func contiguousInsertTooBig() {
        let (storage, recorder, anomalies) = observedStorage()
        let expected = StorageAnomaly.insertionIndexPathTooBig(indexPath: ip(1, 0), countOfElementsInSection: 0)

        #expect(throws: expected) {
            try storage.insertItems([4, 5], at: ip(1, 0))
        }

        #expect(anomalies.anomalies == [expected])
        #expect(storage.numberOfSections == 0)
        #expect(recorder.updates.isEmpty)
    }

    @Test("A single insert past the end of its section is reported, thrown, and changes nothing")
    func singleInsertTooBig() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2]])
        let expected = StorageAnomaly.insertionIndexPathTooBig(indexPath: ip(3, 0), countOfElementsInSection: 2)

        #expect(throws: expected) {
            try storage.insertItem(9, to: ip(3, 0))
        }

        #expect(anomalies.anomalies == [expected])
        #expect(intContents(of: storage) == [[1, 2]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("A single insert into a section that does not exist yet creates the sections up to it")
    func singleInsertCreatesSections() throws {
        let (storage, recorder, _) = observedStorage()

        try storage.insertItem(7, to: ip(0, 1))

        #expect(
            recorder.updates == [.changes([.insertSection(0), .insertSection(1), .insertItem(at: ip(0, 1), model: 7)])])
        #expect(intContents(of: storage) == [[], [7]])
    }

    // Scenario 11, restated: the anchor inserted the first two and skipped the third silently; we
    // refuse the whole batch.
    @Test("A batch insert with one index path past the end is refused as a whole")
    func batchInsertWithOneBadPathIsRefused() {
        let (storage, recorder, anomalies) = observedStorage()

        storage.insertItems([1, 2, 3], to: [ip(0, 0), ip(1, 0), ip(3, 0)])

        #expect(anomalies.anomalies == [.insertionIndexPathTooBig(indexPath: ip(3, 0), countOfElementsInSection: 2)])
        #expect(storage.numberOfSections == 0)
        #expect(recorder.updates.isEmpty)
    }

    @Test("A batch insert reads each index path after the inserts before it")
    func batchInsertIsSequential() {
        let (storage, recorder, anomalies) = observedStorage()

        storage.insertItems([1, 2, 3], to: [ip(0, 0), ip(0, 0), ip(1, 0)])

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertItem(at: ip(0, 0), model: 1),
                    .insertItem(at: ip(0, 0), model: 2),
                    .insertItem(at: ip(1, 0), model: 3),
                ])
            ])
        #expect(intContents(of: storage) == [[2, 3, 1]])
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("A batch insert creates missing sections when it first reaches them")
    func batchInsertCreatesSections() {
        let (storage, recorder, _) = observedStorage()

        storage.insertItems([1, 2], to: [ip(0, 1), ip(0, 0)])

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertSection(1),
                    .insertItem(at: ip(0, 1), model: 1),
                    .insertItem(at: ip(0, 0), model: 2),
                ])
            ])
        #expect(intContents(of: storage) == [[2], [1]])
    }

    @Test("A batch insert whose item and index-path counts differ is refused")
    func batchInsertCountMismatch() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.insertItems([2, 3], to: [ip(0, 0)])

        #expect(anomalies.anomalies == [.batchInsertionItemCountMismatch(itemsCount: 2, indexPathsCount: 1)])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Inserting a section records the section insert followed by one insert per item it holds")
    func insertSectionWithItems() {
        let (storage, recorder, _) = observedStorage([[1], [2]])

        storage.insertSection(SectionModel(items: [7, 8]), at: 1)

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(1),
                    .insertItem(at: ip(0, 1), model: 7),
                    .insertItem(at: ip(1, 1), model: 8),
                ])
            ])
        #expect(intContents(of: storage) == [[1], [7, 8], [2]])
    }

    @Test("Inserting a section past the end is refused")
    func insertSectionPastTheEnd() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.insertSection(SectionModel(items: [7]), at: 2)

        #expect(anomalies.anomalies == [.sectionIndexOutOfRange(operation: .insertSection, index: 2, numberOfSections: 1)])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Inserting a section object that already belongs to a storage is refused")
    func insertSectionAlreadyInStorage() throws {
        let (storage, recorder, anomalies) = observedStorage([[1]])
        let owned = try #require(storage.section(at: 0))

        storage.insertSection(owned, at: 1)

        #expect(anomalies.anomalies == [.sectionAlreadyInStorage(operation: .insertSection, index: 1)])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }
}
