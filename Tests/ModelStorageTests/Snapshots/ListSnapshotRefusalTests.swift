import ModelStorage
import Testing

/// One invalid operation and the anomaly it must produce.
struct InvalidSnapshotOperation: Sendable, CustomTestStringConvertible {
    let name: String
    let perform: @Sendable (inout NumberSnapshot) -> SnapshotAnomaly?
    let expected: SnapshotAnomaly

    var testDescription: String { name }
}

/// Every way to misuse a snapshot, applied to `A[1,2] B[3] C[]` with marks on 2 and B.
let invalidSnapshotOperations: [InvalidSnapshotOperation] = [
    // Sections.
    .init(
        name: "append an existing section", perform: { $0.appendSections(["D", "B"]) },
        expected: .sectionIdentifiersNotUnique(operation: .appendSections, identifiers: ["B"])),
    .init(
        name: "append a section twice", perform: { $0.appendSections(["D", "D"]) },
        expected: .sectionIdentifiersNotUnique(operation: .appendSections, identifiers: ["D"])),
    .init(
        name: "insert sections before a missing section", perform: { $0.insertSections(["D"], beforeSection: "Z") },
        expected: .sectionsNotFound(operation: .insertSectionsBeforeSection, identifiers: ["Z"])),
    .init(
        name: "insert sections after a missing section", perform: { $0.insertSections(["D"], afterSection: "Z") },
        expected: .sectionsNotFound(operation: .insertSectionsAfterSection, identifiers: ["Z"])),
    .init(
        name: "insert an existing section", perform: { $0.insertSections(["D", "A"], afterSection: "C") },
        expected: .sectionIdentifiersNotUnique(operation: .insertSectionsAfterSection, identifiers: ["A"])),
    .init(
        name: "delete a missing section among present ones", perform: { $0.deleteSections(["A", "Z"]) },
        expected: .sectionsNotFound(operation: .deleteSections, identifiers: ["Z"])),
    .init(
        name: "move a missing section", perform: { $0.moveSection("Z", beforeSection: "A") },
        expected: .sectionsNotFound(operation: .moveSectionBeforeSection, identifiers: ["Z"])),
    .init(
        name: "move a section after a missing one", perform: { $0.moveSection("A", afterSection: "Z") },
        expected: .sectionsNotFound(operation: .moveSectionAfterSection, identifiers: ["Z"])),
    .init(
        name: "move a section before itself", perform: { $0.moveSection("B", beforeSection: "B") },
        expected: .movedRelativeToItself(operation: .moveSectionBeforeSection, identifier: "B")),
    .init(
        name: "move a section after itself", perform: { $0.moveSection("B", afterSection: "B") },
        expected: .movedRelativeToItself(operation: .moveSectionAfterSection, identifier: "B")),
    .init(
        name: "reload a missing section", perform: { $0.reloadSections(["A", "Z"]) },
        expected: .sectionsNotFound(operation: .reloadSections, identifiers: ["Z"])),
    // Items.
    .init(
        name: "append an item present in another section", perform: { $0.appendItems([4, 3], toSection: "A") },
        expected: .itemIdentifiersNotUnique(operation: .appendItems, identifiers: ["3"])),
    .init(
        name: "append an item twice", perform: { $0.appendItems([4, 4]) },
        expected: .itemIdentifiersNotUnique(operation: .appendItems, identifiers: ["4"])),
    .init(
        name: "append items to a missing section", perform: { $0.appendItems([4], toSection: "Z") },
        expected: .sectionsNotFound(operation: .appendItems, identifiers: ["Z"])),
    .init(
        name: "insert items before a missing item", perform: { $0.insertItems([4], beforeItem: 9) },
        expected: .itemsNotFound(operation: .insertItemsBeforeItem, identifiers: ["9"])),
    .init(
        name: "insert items after a missing item", perform: { $0.insertItems([4], afterItem: 9) },
        expected: .itemsNotFound(operation: .insertItemsAfterItem, identifiers: ["9"])),
    .init(
        name: "insert an existing item", perform: { $0.insertItems([4, 1], afterItem: 3) },
        expected: .itemIdentifiersNotUnique(operation: .insertItemsAfterItem, identifiers: ["1"])),
    .init(
        name: "delete a missing item among present ones", perform: { $0.deleteItems([1, 9, 8]) },
        expected: .itemsNotFound(operation: .deleteItems, identifiers: ["9", "8"])),
    .init(
        name: "move a missing item", perform: { $0.moveItem(9, beforeItem: 1) },
        expected: .itemsNotFound(operation: .moveItemBeforeItem, identifiers: ["9"])),
    .init(
        name: "move an item after a missing one", perform: { $0.moveItem(1, afterItem: 9) },
        expected: .itemsNotFound(operation: .moveItemAfterItem, identifiers: ["9"])),
    .init(
        name: "move a missing item after a missing one", perform: { $0.moveItem(8, afterItem: 9) },
        expected: .itemsNotFound(operation: .moveItemAfterItem, identifiers: ["8", "9"])),
    .init(
        name: "move an item before itself", perform: { $0.moveItem(2, beforeItem: 2) },
        expected: .movedRelativeToItself(operation: .moveItemBeforeItem, identifier: "2")),
    .init(
        name: "move an item after itself", perform: { $0.moveItem(2, afterItem: 2) },
        expected: .movedRelativeToItself(operation: .moveItemAfterItem, identifier: "2")),
    .init(
        name: "reload a missing item", perform: { $0.reloadItems([1, 9]) },
        expected: .itemsNotFound(operation: .reloadItems, identifiers: ["9"])),
    .init(
        name: "reconfigure a missing item", perform: { $0.reconfigureItems([9, 1]) },
        expected: .itemsNotFound(operation: .reconfigureItems, identifiers: ["9"])),
]

@Suite("ListSnapshot: invalid operations change nothing and record an anomaly")
struct ListSnapshotRefusalTests {
    private static func marked() -> NumberSnapshot {
        var snapshot = snapshot(["A": [1, 2], "B": [3], "C": []])
        snapshot.reloadItems([2])
        snapshot.reconfigureItems([1])
        snapshot.reloadSections(["B"])
        return snapshot
    }

    @Test("The invalid operation is refused as a whole", arguments: invalidSnapshotOperations)
    func refused(operation: InvalidSnapshotOperation) {
        var snapshot = Self.marked()
        let before = state(snapshot)

        let anomaly = operation.perform(&snapshot)

        #expect(anomaly == operation.expected)
        #expect(snapshot.anomalies == [operation.expected])
        #expect(state(snapshot) == before)
        // The index is intact too: every lookup still answers as before.
        #expect(snapshot.itemIdentifiers.map { snapshot.indexOfItem($0) } == [0, 1, 2])
        #expect(snapshot.sectionIdentifiers.map { snapshot.indexOfSection($0) } == [0, 1, 2])
        #expect([1, 2, 3].map { snapshot.sectionIdentifier(containingItem: $0) } == ["A", "A", "B"])
    }

    @Test("Appending items to a snapshot without sections is refused")
    func appendWithoutSections() {
        var snapshot = NumberSnapshot()
        #expect(snapshot.appendItems([1, 2]) == .noSectionToAppendTo(itemCount: 2))
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.anomalies == [.noSectionToAppendTo(itemCount: 2)])
    }

    @Test("Anomalies accumulate in order, and deleteAllItems keeps them")
    func anomaliesAccumulate() {
        var snapshot = NumberSnapshot()
        snapshot.appendItems([1])
        snapshot.appendSections(["A", "A"])
        snapshot.deleteAllItems()
        #expect(
            snapshot.anomalies == [
                .noSectionToAppendTo(itemCount: 1),
                .sectionIdentifiersNotUnique(operation: .appendSections, identifiers: ["A"]),
            ])
    }

    @Test("Each anomaly has a short stable key and a sentence that names the operation and identifiers")
    func anomalyTexts() {
        let anomaly = SnapshotAnomaly.itemsNotFound(operation: .moveItemAfterItem, identifiers: ["9"])
        #expect(anomaly.description == "itemsNotFound")
        #expect(
            anomaly.debugDescription
                == "⚠️ [ListSnapshot] moveItem(_:afterItem:) refused: no item '9' in the snapshot. Nothing was changed.")
        for operation in invalidSnapshotOperations {
            #expect(!operation.expected.debugDescription.isEmpty)
            #expect(operation.expected.debugDescription.contains("Nothing was changed"))
        }
    }
}
