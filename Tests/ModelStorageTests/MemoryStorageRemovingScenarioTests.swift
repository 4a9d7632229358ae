import ModelStorage
import Testing

// The storage scenarios of the DTModelStorage study (anchors-dt.md §4.3, 1–18 and the
// "setItems then addItems" regression of 21), restated for our semantics where they differ:
// mutations apply at once, the log is sequential (each entry relative to the state after the
// previous ones), and invalid requests are refused as a whole with an anomaly.

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
