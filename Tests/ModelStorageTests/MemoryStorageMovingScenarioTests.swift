import ModelStorage
import Testing

// The storage scenarios of the DTModelStorage study (anchors-dt.md §4.3, 1–18 and the
// "setItems then addItems" regression of 21), restated for our semantics where they differ:
// mutations apply at once, the log is sequential (each entry relative to the state after the
// previous ones), and invalid requests are refused as a whole with an anomaly.

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
