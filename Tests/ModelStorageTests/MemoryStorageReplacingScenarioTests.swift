import ModelStorage
import Testing

// The storage scenarios of the DTModelStorage study (anchors-dt.md §4.3, 1–18 and the
// "setItems then addItems" regression of 21), restated for our semantics where they differ:
// mutations apply at once, the log is sequential (each entry relative to the state after the
// previous ones), and invalid requests are refused as a whole with an anomaly.

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
