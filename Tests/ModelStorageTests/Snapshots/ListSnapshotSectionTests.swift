import ModelStorage
import Testing

@Suite("ListSnapshot: section operations")
struct ListSnapshotSectionTests {
    @Test("appendSections adds empty sections at the end, in order")
    func appendSections() {
        var snapshot = snapshot(["A": [1]])
        #expect(snapshot.appendSections(["B", "C"]) == nil)
        #expect(layout(snapshot) == "A[1] B[] C[]")
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.anomalies.isEmpty)
    }

    @Test("insertSections(beforeSection:) and (afterSection:) place the new sections next to the anchor")
    func insertSectionsAroundAnchor() {
        var snapshot = snapshot(["A": [1], "D": [2]])
        snapshot.insertSections(["B", "C"], beforeSection: "D")
        #expect(layout(snapshot) == "A[1] B[] C[] D[2]")
        snapshot.insertSections(["E"], afterSection: "D")
        #expect(layout(snapshot) == "A[1] B[] C[] D[2] E[]")
        snapshot.insertSections(["Z"], beforeSection: "A")
        #expect(layout(snapshot) == "Z[] A[1] B[] C[] D[2] E[]")
        #expect(snapshot.indexOfSection("D") == 4)
        #expect(snapshot.indexOfItem(2) == 1)
        #expect(snapshot.anomalies.isEmpty)
    }

    @Test("deleteSections removes the sections with their items and forgets their marks")
    func deleteSections() {
        var snapshot = snapshot(["A": [1, 2], "B": [3], "C": [4]])
        snapshot.reloadItems([1, 4])
        snapshot.reloadSections(["A", "C"])
        #expect(snapshot.deleteSections(["A", "B", "A"]) == nil)
        #expect(layout(snapshot) == "C[4]")
        #expect(snapshot.numberOfItems == 1)
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 3) == nil)
        #expect(snapshot.indexOfItem(4) == 0)
        #expect(snapshot.reloadedItemIdentifiers == [4])
        #expect(snapshot.reloadedSectionIdentifiers == ["C"])
        // A deleted identifier is free again.
        #expect(snapshot.appendSections(["A"]) == nil)
        #expect(snapshot.appendItems([1, 2, 3]) == nil)
        #expect(layout(snapshot) == "C[4] A[1,2,3]")
    }

    @Test(
        "moveSection before or after another section carries its items",
        arguments: [
            ("A", "C", false, "B[2] A[1] C[3]"),
            ("A", "C", true, "B[2] C[3] A[1]"),
            ("C", "A", false, "C[3] A[1] B[2]"),
            ("C", "A", true, "A[1] C[3] B[2]"),
            ("B", "C", true, "A[1] C[3] B[2]"),
            ("A", "B", false, "A[1] B[2] C[3]"),
        ])
    func moveSection(section: String, anchor: String, after: Bool, expected: String) {
        var snapshot = snapshot(["A": [1], "B": [2], "C": [3]])
        let anomaly = after ? snapshot.moveSection(section, afterSection: anchor) : snapshot.moveSection(section, beforeSection: anchor)
        #expect(anomaly == nil)
        #expect(layout(snapshot) == expected)
        for (offset, id) in snapshot.sectionIdentifiers.enumerated() {
            #expect(snapshot.indexOfSection(id) == offset)
        }
        #expect(snapshot.itemIdentifiers.map { snapshot.indexOfItem($0) } == [0, 1, 2])
    }

    @Test("reloadSections marks sections in the order marked, once each")
    func reloadSections() {
        var snapshot = snapshot(["A": [1], "B": [2]])
        #expect(snapshot.reloadSections(["B", "A", "B"]) == nil)
        #expect(snapshot.reloadedSectionIdentifiers == ["B", "A"])
        #expect(layout(snapshot) == "A[1] B[2]")
    }

    @Test("Sections are compared by identity: an Identifiable section is found by id whatever its content")
    func sectionIdentity() {
        var snapshot = ListSnapshot<Package, Int>()
        snapshot.appendSections([Package(id: "s", version: 1)])
        #expect(snapshot.appendSections([Package(id: "s", version: 2)]) != nil)
        #expect(snapshot.indexOfSection(Package(id: "s", version: 9)) == 0)
        snapshot.appendItems([1], toSection: Package(id: "s", version: 5))
        #expect(snapshot.itemIdentifiers(inSection: Package(id: "s", version: 1)) == [1])
    }
}
