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

@Suite("MemoryStorage scenarios: removing")
@MainActor
struct MemoryStorageRemovingScenarioTests {
    /// A value that is Equatable but not Hashable, to exercise the O(N·k) `removeItems` overload.
    struct Tag: Equatable, CustomStringConvertible {
        let name: String
        var description: String { name }
    }

    // Scenario 6, restated: deletes are recorded from the highest position to the lowest, so each
    // is valid when applied after the ones before it.
    @Test("Removing values records deletes from the highest position to the lowest")
    func removeByValueRecordsDescendingDeletes() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3, 4, 5]])

        storage.removeItems([1, 3, 4])

        #expect(
            recorder.updates == [
                .changes([.deleteItem(at: ip(3, 0)), .deleteItem(at: ip(2, 0)), .deleteItem(at: ip(0, 0))])
            ])
        #expect(intContents(of: storage) == [[2, 5]])
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("The order of the values to remove does not change the recorded log")
    func removeByValueIgnoresRequestOrder() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3, 4, 5]])

        storage.removeItems([4, 1, 3])

        #expect(
            recorder.updates == [
                .changes([.deleteItem(at: ip(3, 0)), .deleteItem(at: ip(2, 0)), .deleteItem(at: ip(0, 0))])
            ])
        #expect(intContents(of: storage) == [[2, 5]])
    }

    // Scenario 6, restated: the anchor removed 1, 3, 4 and ignored the missing 6; we refuse the
    // whole request.
    @Test("Removing values of which one is missing is refused as a whole")
    func removeByValueWithMissingValueIsRefused() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3, 4, 5]])

        storage.removeItems([1, 3, 4, 6])

        #expect(anomalies.anomalies == [.removeItemFailedItemNotFound(itemDescription: "6")])
        #expect(intContents(of: storage) == [[1, 2, 3, 4, 5]])
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 7, restated: highest position first instead of input order.
    @Test("Removing values across sections records deletes from the last section's last position backwards")
    func removeByValueAcrossSections() {
        let (storage, recorder, _) = observedStorage([[1, 3], [2, 4]])

        storage.removeItems([2, 4, 1])

        #expect(
            recorder.updates == [
                .changes([.deleteItem(at: ip(1, 1)), .deleteItem(at: ip(0, 1)), .deleteItem(at: ip(0, 0))])
            ])
        #expect(intContents(of: storage) == [[3], []])
    }

    @Test("Equal values to remove claim the equal stored items in storage order, one each")
    func removeDuplicateValuesClaimsOccurrencesInOrder() {
        let (storage, recorder, _) = observedStorage([[1, 2, 1], [3, 1]])

        storage.removeItems([1, 1])

        #expect(recorder.updates == [.changes([.deleteItem(at: ip(2, 0)), .deleteItem(at: ip(0, 0))])])
        #expect(intContents(of: storage) == [[2], [3, 1]])
    }

    @Test("Asking to remove a value more times than it is stored is refused as a whole")
    func removeMoreDuplicatesThanStoredIsRefused() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 1]])

        storage.removeItems([1, 1, 1])

        #expect(anomalies.anomalies == [.removeItemFailedItemNotFound(itemDescription: "1")])
        #expect(intContents(of: storage) == [[1, 2, 1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Values only of another type do not match the values to remove")
    func removeByValueIsTypeSensitive() {
        let (storage, recorder, anomalies) = observedStorage([[1.0, "1"]])

        storage.removeItems([1])

        #expect(anomalies.anomalies == [.removeItemFailedItemNotFound(itemDescription: "1")])
        #expect(storage.totalNumberOfItems == 2)
        #expect(recorder.updates.isEmpty)
    }

    @Test("Values that are only Equatable are removed with the same matching, order and log")
    func removeEquatableOnlyValues() {
        let a = Tag(name: "a")
        let b = Tag(name: "b")
        let (storage, recorder, _) = observedStorage([[a, b, a], [a]])

        storage.removeItems([a, a])

        #expect(recorder.updates == [.changes([.deleteItem(at: ip(2, 0)), .deleteItem(at: ip(0, 0))])])
        #expect(storage.items(inSection: 0)?.compactMap { $0 as? Tag } == [b])
        #expect(storage.items(inSection: 1)?.compactMap { $0 as? Tag } == [a])
    }

    @Test("Equatable-only values with one missing are refused as a whole")
    func removeEquatableOnlyValuesWithMissingValue() {
        let a = Tag(name: "a")
        let (storage, recorder, anomalies) = observedStorage([[a]])

        storage.removeItems([a, Tag(name: "z")])

        #expect(anomalies.anomalies == [.removeItemFailedItemNotFound(itemDescription: "z")])
        #expect(storage.totalNumberOfItems == 1)
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 8.
    @Test("Removing by index paths records deletes from the highest index path to the lowest")
    func removeAtIndexPathsAcrossSections() {
        let (storage, recorder, _) = observedStorage([[2, 4, 6], [5]])

        storage.removeItems(at: [ip(0, 0), ip(0, 1)])

        #expect(recorder.updates == [.changes([.deleteItem(at: ip(0, 1)), .deleteItem(at: ip(0, 0))])])
        #expect(intContents(of: storage) == [[4, 6], []])
    }

    @Test("Removing consecutive index paths removes each original item once")
    func removeConsecutiveIndexPaths() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.removeItems(at: [ip(0, 0), ip(1, 0)])

        #expect(recorder.updates == [.changes([.deleteItem(at: ip(1, 0)), .deleteItem(at: ip(0, 0))])])
        #expect(intContents(of: storage) == [[3]])
    }

    @Test("Listing the same index path twice removes its item once")
    func removeDuplicateIndexPaths() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.removeItems(at: [ip(1, 0), ip(1, 0)])

        #expect(recorder.updates == [.changes([.deleteItem(at: ip(1, 0))])])
        #expect(intContents(of: storage) == [[1, 3]])
    }

    // Scenario 8, restated: the anchor removed the valid paths and skipped the others; we refuse
    // the whole request.
    @Test("Removing index paths of which one is out of range is refused as a whole")
    func removeAtIndexPathsWithOneOutOfRange() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3]])

        storage.removeItems(at: [ip(0, 0), ip(5, 0)])

        #expect(anomalies.anomalies == [.itemIndexPathOutOfRange(indexPath: ip(5, 0), countOfElementsInSection: 3)])
        #expect(intContents(of: storage) == [[1, 2, 3]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Removing at an index path in a missing section is refused")
    func removeAtIndexPathInMissingSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.removeItems(at: [ip(0, 3)])

        #expect(anomalies.anomalies == [.itemIndexPathOutOfRange(indexPath: ip(0, 3), countOfElementsInSection: 0)])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Removing at an index path with a negative index is refused as invalid")
    func removeAtNegativeIndexPath() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.removeItems(at: [ip(-1, 0)])

        #expect(anomalies.anomalies == [.invalidIndexPath(indexPath: ip(-1, 0))])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 9, restated: deletes from the last item to the first.
    @Test("Clearing a section records deletes from its last item to its first, and keeps the section")
    func removeItemsFromSection() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.removeItems(fromSection: 0)

        #expect(
            recorder.updates == [
                .changes([.deleteItem(at: ip(2, 0)), .deleteItem(at: ip(1, 0)), .deleteItem(at: ip(0, 0))])
            ])
        #expect(storage.numberOfSections == 1)
        #expect(storage.numberOfItems(inSection: 0) == 0)
    }

    @Test("Clearing a section that is already empty delivers nothing")
    func removeItemsFromEmptySection() {
        let (storage, recorder, anomalies) = observedStorage([[]])

        storage.removeItems(fromSection: 0)

        #expect(recorder.updates.isEmpty)
        #expect(anomalies.anomalies.isEmpty)
        #expect(storage.numberOfSections == 1)
    }

    @Test("Clearing a section that does not exist is refused")
    func removeItemsFromMissingSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.removeItems(fromSection: 1)

        #expect(
            anomalies.anomalies == [
                .sectionIndexOutOfRange(operation: .removeItemsFromSection, index: 1, numberOfSections: 1)
            ])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 15, restated: highest section first; out-of-range indexes refuse the whole request.
    @Test("Deleting sections records them from the highest index to the lowest")
    func deleteSections() {
        let (storage, recorder, _) = observedStorage([[0], [1], [2], [3]])

        storage.deleteSections([1, 3])

        #expect(recorder.updates == [.changes([.deleteSection(3), .deleteSection(1)])])
        #expect(intContents(of: storage) == [[0], [2]])
    }

    @Test("Deleting a section listed twice deletes it once")
    func deleteSectionsListedTwice() {
        let (storage, recorder, _) = observedStorage([[0], [1]])

        storage.deleteSections([1, 1])

        #expect(recorder.updates == [.changes([.deleteSection(1)])])
        #expect(intContents(of: storage) == [[0]])
    }

    @Test("Deleting a section that does not exist is refused")
    func deleteMissingSection() {
        let (storage, recorder, anomalies) = observedStorage([[0], [1], [2], [3]])

        storage.deleteSections([4])

        #expect(anomalies.anomalies == [.sectionIndexOutOfRange(operation: .deleteSections, index: 4, numberOfSections: 4)])
        #expect(intContents(of: storage) == [[0], [1], [2], [3]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Deleting sections of which one does not exist is refused as a whole")
    func deleteSectionsWithOneMissing() {
        let (storage, recorder, anomalies) = observedStorage([[0], [1], [2], [3]])

        storage.deleteSections([1, 7])

        #expect(anomalies.anomalies == [.sectionIndexOutOfRange(operation: .deleteSections, index: 7, numberOfSections: 4)])
        #expect(intContents(of: storage) == [[0], [1], [2], [3]])
        #expect(recorder.updates.isEmpty)
    }
}

@Suite("MemoryStorage scenarios: moving")
@MainActor
struct MemoryStorageMovingScenarioTests {
    // Scenario 12.
    @Test("Moving an item to another section records one move")
    func moveItemAcrossSections() {
        let (storage, recorder, _) = observedStorage([[1], [2, 3], [4, 5, 6]])

        storage.moveItem(at: ip(0, 0), to: ip(1, 1))

        #expect(recorder.updates == [.changes([.moveItem(from: ip(0, 0), to: ip(1, 1))])])
        #expect(storage.item(at: ip(1, 1)) as? Int == 1)
        #expect(intContents(of: storage) == [[], [2, 1, 3], [4, 5, 6]])
    }

    @Test("Within a section the destination is read after removing the source")
    func moveItemWithinSection() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.moveItem(at: ip(0, 0), to: ip(2, 0))

        #expect(recorder.updates == [.changes([.moveItem(from: ip(0, 0), to: ip(2, 0))])])
        #expect(intContents(of: storage) == [[2, 3, 1]])
    }

    @Test("Moving an item into a section that does not exist yet records the section insert, then the move")
    func moveItemIntoNewSection() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.moveItem(at: ip(0, 0), to: ip(0, 1))

        #expect(recorder.updates == [.changes([.insertSection(1), .moveItem(from: ip(0, 0), to: ip(0, 1))])])
        #expect(intContents(of: storage) == [[], [1]])
    }

    @Test("Moving past the end of the section, counted without the source, is refused")
    func moveItemDestinationTooBig() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.moveItem(at: ip(0, 0), to: ip(1, 0))

        #expect(anomalies.anomalies == [.moveItemFailedIndexPathTooBig(indexPath: ip(1, 0), countOfElementsInSection: 0)])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Moving from a position that holds no item is refused")
    func moveItemFromEmptyPosition() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.moveItem(at: ip(1, 0), to: ip(0, 0))

        #expect(anomalies.anomalies == [.moveItemFailedItemNotFound(indexPath: ip(1, 0))])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Moving an item onto its own position changes nothing and delivers nothing")
    func moveItemOntoItself() {
        let (storage, recorder, anomalies) = observedStorage([[1, 2]])

        storage.moveItem(at: ip(1, 0), to: ip(1, 0))

        #expect(intContents(of: storage) == [[1, 2]])
        #expect(recorder.updates.isEmpty)
        #expect(anomalies.anomalies.isEmpty)
    }

    // Scenario 13.
    @Test("Moving without notification changes the data and delivers nothing")
    func moveWithoutNotification() {
        let (storage, recorder, anomalies) = observedStorage([[1], [2]])

        storage.moveItemWithoutNotification(from: ip(0, 0), to: ip(1, 1))

        #expect(intContents(of: storage) == [[], [2, 1]])
        #expect(recorder.updates.isEmpty)
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("Moving without notification past the end of the destination is refused with both counts")
    func moveWithoutNotificationTooFar() {
        let (storage, recorder, anomalies) = observedStorage([[1], [2]])

        storage.moveItemWithoutNotification(from: ip(0, 0), to: ip(3, 1))

        #expect(
            anomalies.anomalies == [
                .moveItemFailedInvalidIndexPaths(
                    sourceIndexPath: ip(0, 0), destinationIndexPath: ip(3, 1),
                    sourceElementsInSection: 1, destinationElementsInSection: 1)
            ])
        #expect(intContents(of: storage) == [[1], [2]])
        #expect(recorder.updates.isEmpty)
    }

    // Restated: the anchor stayed silent when a section was missing; we report it too.
    @Test("Moving without notification into a section that does not exist is refused")
    func moveWithoutNotificationIntoMissingSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.moveItemWithoutNotification(from: ip(0, 0), to: ip(0, 2))

        #expect(
            anomalies.anomalies == [
                .moveItemFailedInvalidIndexPaths(
                    sourceIndexPath: ip(0, 0), destinationIndexPath: ip(0, 2),
                    sourceElementsInSection: 1, destinationElementsInSection: 0)
            ])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 14.
    @Test("Moving a section records one section move and carries its items")
    func moveSection() {
        let (storage, recorder, _) = observedStorage([[1], [2, 3], [4, 5, 6]])

        storage.moveSection(0, toSection: 1)

        #expect(recorder.updates == [.changes([.moveSection(from: 0, to: 1)])])
        #expect((0..<3).map(storage.numberOfItems(inSection:)) == [2, 1, 3])
        #expect(intContents(of: storage) == [[2, 3], [1], [4, 5, 6]])
    }

    // Restated: the anchor created missing sections; we refuse.
    @Test("Moving a section to or from an index that addresses no section is refused")
    func moveSectionOutOfRange() {
        let (storage, recorder, anomalies) = observedStorage([[1], [2, 3], [4, 5, 6]])

        storage.moveSection(0, toSection: 3)

        #expect(anomalies.anomalies == [.sectionIndexOutOfRange(operation: .moveSection, index: 3, numberOfSections: 3)])
        #expect(intContents(of: storage) == [[1], [2, 3], [4, 5, 6]])
        #expect(recorder.updates.isEmpty)
    }
}

@Suite("MemoryStorage scenarios: reloading, replacing and whole-content replacement")
@MainActor
struct MemoryStorageReplacingScenarioTests {
    // Scenario 16.
    @Test("Reloading an item records an update carrying its current model")
    func reloadItem() {
        let (storage, recorder, _) = observedStorage([[2, 4, 6]])

        storage.reloadItem(4)

        #expect(recorder.updates == [.changes([.updateItem(at: ip(1, 0), model: 4)])])
        #expect(intContents(of: storage) == [[2, 4, 6]])
    }

    @Test("Replacing an item puts the new model in place and records an update carrying it")
    func replaceItem() throws {
        let (storage, recorder, _) = observedStorage([[2, 4, 6]])

        try storage.replaceItem(4, with: 5)

        #expect(recorder.updates == [.changes([.updateItem(at: ip(1, 0), model: 5)])])
        #expect(intContents(of: storage) == [[2, 5, 6]])
    }

    @Test("Replacing an item that is not stored is reported, thrown, and changes nothing")
    func replaceMissingItem() {
        let (storage, recorder, anomalies) = observedStorage([[2, 4, 6]])
        let expected = StorageAnomaly.replaceItemFailedItemNotFound(itemDescription: "7")

        #expect(throws: expected) {
            try storage.replaceItem(7, with: 5)
        }

        #expect(anomalies.anomalies == [expected])
        #expect(intContents(of: storage) == [[2, 4, 6]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Replacing at an index path that holds no item is reported, thrown, and changes nothing")
    func replaceAtMissingIndexPath() {
        let (storage, recorder, anomalies) = observedStorage([[2, 4, 6]])
        let expected = StorageAnomaly.itemIndexPathOutOfRange(indexPath: ip(3, 0), countOfElementsInSection: 3)

        #expect(throws: expected) {
            try storage.replaceItem(at: ip(3, 0), with: 5)
        }

        #expect(anomalies.anomalies == [expected])
        #expect(intContents(of: storage) == [[2, 4, 6]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Removing a single item records one delete")
    func removeItem() throws {
        let (storage, recorder, _) = observedStorage([[2, 4, 6]])

        try storage.removeItem(4)

        #expect(recorder.updates == [.changes([.deleteItem(at: ip(1, 0))])])
        #expect(intContents(of: storage) == [[2, 6]])
    }

    @Test("Removing a single item that is not stored is reported, thrown, and changes nothing")
    func removeMissingItem() {
        let (storage, recorder, anomalies) = observedStorage([[2, 4, 6]])
        let expected = StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "7")

        #expect(throws: expected) {
            try storage.removeItem(7)
        }

        #expect(anomalies.anomalies == [expected])
        #expect(intContents(of: storage) == [[2, 4, 6]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Reloading an item that is not stored is reported and delivers nothing")
    func reloadMissingItem() {
        let (storage, recorder, anomalies) = observedStorage([[2, 4, 6]])

        storage.reloadItem(7)

        #expect(anomalies.anomalies == [.reloadItemFailedItemNotFound(itemDescription: "7")])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Reloading at an index path that holds no item is reported and delivers nothing")
    func reloadAtMissingIndexPath() {
        let (storage, recorder, anomalies) = observedStorage([[2, 4, 6]])

        storage.reloadItem(at: ip(0, 1))

        #expect(anomalies.anomalies == [.itemIndexPathOutOfRange(indexPath: ip(0, 1), countOfElementsInSection: 0)])
        #expect(recorder.updates.isEmpty)
    }

    // Scenario 17, restated: every whole-content replacement delivers a reload (and applies at once).
    @Test("Setting the items of a section replaces them and delivers a reload")
    func setItems() {
        let (storage, recorder, _) = observedStorage([[9], [8]])

        storage.setItems([1, 2, 3])

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[1, 2, 3], [8]])
    }

    @Test("Setting the items of a section that does not exist yet creates the sections up to it")
    func setItemsCreatesSections() {
        let (storage, recorder, _) = observedStorage()

        storage.setItems([1], forSection: 2)

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[], [], [1]])
    }

    @Test("Setting one section object replaces the section at its index and delivers a reload")
    func setSection() {
        let (storage, recorder, _) = observedStorage([[1], [2]])
        let section = SectionModel(items: [7, 8])

        storage.setSection(section, forSection: 1)

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[1], [7, 8]])
        #expect(storage.section(at: 1) === section)
    }

    @Test("Setting the items of all sections drops the previous sections")
    func setItemsForAllSections() {
        let (storage, recorder, _) = observedStorage()

        storage.setItemsForAllSections([[1], [2]])
        storage.setItemsForAllSections([[3, 4, 5]])

        #expect(recorder.updates == [.reload, .reload])
        #expect(intContents(of: storage) == [[3, 4, 5]])
    }

    @Test("Setting the sections replaces them all and delivers a reload")
    func setSections() {
        let (storage, recorder, _) = observedStorage([[1]])
        let first = SectionModel(items: [5])
        let second = SectionModel(items: [6, 7])

        storage.setSections([first, second])

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[5], [6, 7]])
    }

    @Test("Setting sections that include a section of another storage is refused")
    func setSectionsWithForeignSection() throws {
        let other = makeStorage([[9]])
        let foreign = try #require(other.section(at: 0))
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.setSections([SectionModel(items: [5]), foreign])

        #expect(anomalies.anomalies == [.sectionAlreadyInStorage(operation: .setSection, index: 1)])
        #expect(intContents(of: storage) == [[1]])
        #expect(other.sectionIndex(for: foreign) == 0)
        #expect(recorder.updates.isEmpty)
    }

    @Test("Setting sections that list the same section object twice is refused")
    func setSectionsWithDuplicateSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])
        let section = SectionModel(items: [5])

        storage.setSections([section, section])

        #expect(anomalies.anomalies == [.sectionAlreadyInStorage(operation: .setSection, index: 1)])
        #expect(intContents(of: storage) == [[1]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Setting sections may reorder the storage's own section objects")
    func setSectionsReordersOwnSections() throws {
        let (storage, recorder, anomalies) = observedStorage([[1], [2]])
        let first = try #require(storage.section(at: 0))
        let second = try #require(storage.section(at: 1))

        storage.setSections([second, first])

        #expect(anomalies.anomalies.isEmpty)
        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[2], [1]])
        #expect(first.currentSectionIndex == 1)
    }

    @Test("Setting a section object that the storage holds at another index is refused")
    func setSectionHeldElsewhere() throws {
        let (storage, recorder, anomalies) = observedStorage([[1], [2]])
        let first = try #require(storage.section(at: 0))

        storage.setSection(first, forSection: 1)

        #expect(anomalies.anomalies == [.sectionAlreadyInStorage(operation: .setSection, index: 1)])
        #expect(intContents(of: storage) == [[1], [2]])
        #expect(recorder.updates.isEmpty)
    }

    @Test("Removing all items keeps the sections, empties them, and delivers a reload")
    func removeAllItems() {
        let (storage, recorder, _) = observedStorage([[1, 2], [3]])

        storage.removeAllItems()

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[], []])
    }

    // Restated: the anchor delivered nothing and left the reload to the caller; we deliver one.
    @Test("Updating without animation applies every change and delivers a single reload")
    func updateWithoutAnimation() {
        let (storage, recorder, _) = observedStorage()

        storage.updateWithoutAnimation {
            storage.addItem(1)
            storage.addItem(2)
        }

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[1, 2]])
    }

    // Scenario 21 (collection regression): setItems immediately followed by addItems.
    @Test("Setting items then adding items gives all of them, delivered as a reload then the inserts")
    func setItemsThenAddItems() {
        let (storage, recorder, _) = observedStorage()

        storage.setItems([1, 2, 3])
        storage.addItems([4, 5])

        #expect(storage.totalNumberOfItems == 5)
        #expect(intContents(of: storage) == [[1, 2, 3, 4, 5]])
        #expect(
            recorder.updates == [
                .reload,
                .changes([.insertItem(at: ip(3, 0), model: 4), .insertItem(at: ip(4, 0), model: 5)]),
            ])
    }
}

@Suite("MemoryStorage scenarios: header and footer providers")
@MainActor
struct MemoryStorageHeaderScenarioTests {
    // Scenario 18.
    @Test("Setting header models creates no section and delivers nothing")
    func headerModelsCreateNoSection() {
        let (storage, recorder, _) = observedStorage()

        storage.setSectionHeaderModels([1, 2, 3])

        #expect(storage.numberOfSections == 0)
        #expect(recorder.updates.isEmpty)
    }

    @Test("Header models read back for their section indices even before the sections exist")
    func headerModelsReadBack() {
        let storage = MemoryStorage()

        storage.setSectionHeaderModels([1, 2, 3])

        #expect((0..<3).map { storage.headerModel(forSection: $0) as? Int } == [1, 2, 3])
        #expect(storage.headerModel(forSection: 3) == nil)
    }

    @Test("The supplementary provider answers other kinds while headers and footers come from their own providers")
    func supplementaryProviderAnswersOtherKinds() {
        let storage = MemoryStorage()
        storage.headerModelProvider = { "header \($0)" }
        storage.footerModelProvider = { "footer \($0)" }
        storage.supplementaryModelProvider = { kind, section in "\(kind) \(section) from the general provider" }

        #expect(storage.headerModel(forSection: 1) as? String == "header 1")
        #expect(storage.footerModel(forSection: 1) as? String == "footer 1")
        #expect(
            storage.supplementaryModel(ofKind: "badge", inSection: 1) as? String == "badge 1 from the general provider")
    }

    // Restated: a provider answering nil falls back to the next source instead of hiding it.
    @Test("A provider that answers nil leaves the section without a header unless another source has one")
    func providerAnsweringNilFallsBack() {
        let storage = MemoryStorage()
        storage.headerModelProvider = { _ in "from the provider" }
        #expect(storage.headerModel(forSection: 0) as? String == "from the provider")

        storage.headerModelProvider = { _ in nil }
        #expect(storage.headerModel(forSection: 0) == nil)

        storage.setSectionHeaderModels(["stored"])
        #expect(storage.headerModel(forSection: 0) as? String == "stored")
    }

    @Test("Removing a provider clears what it answered")
    func removingProviderClearsIt() {
        let storage = MemoryStorage()
        storage.footerModelProvider = { _ in "footer" }

        storage.footerModelProvider = nil

        #expect(storage.footerModel(forSection: 0) == nil)
    }
}
