import ModelStorage
import Testing

@Suite("ListSnapshot: item operations")
struct ListSnapshotItemTests {
    @Test("appendItems appends to the named section, or to the last one when none is named")
    func appendItems() {
        var snapshot = NumberSnapshot()
        snapshot.appendSections(["A", "B"])
        #expect(snapshot.appendItems([1, 2], toSection: "A") == nil)
        #expect(snapshot.appendItems([3]) == nil)
        #expect(snapshot.appendItems([4], toSection: "A") == nil)
        #expect(layout(snapshot) == "A[1,2,4] B[3]")
        #expect(snapshot.numberOfItems == 4)
        #expect(snapshot.numberOfItems(inSection: "A") == 3)
        #expect(snapshot.itemIdentifiers == [1, 2, 4, 3])
        #expect(snapshot.itemIdentifiers.map { snapshot.indexOfItem($0) } == [0, 1, 2, 3])
        #expect(snapshot.indexPath(for: 3) == IndexPath(item: 0, section: 1))
    }

    @Test("insertItems(beforeItem:) and (afterItem:) insert in the anchor's section")
    func insertItemsAroundAnchor() {
        var snapshot = snapshot(["A": [1, 4], "B": [7]])
        #expect(snapshot.insertItems([2, 3], beforeItem: 4) == nil)
        #expect(snapshot.insertItems([8], afterItem: 7) == nil)
        #expect(snapshot.insertItems([5], afterItem: 4) == nil)
        #expect(snapshot.insertItems([0], beforeItem: 1) == nil)
        #expect(layout(snapshot) == "A[0,1,2,3,4,5] B[7,8]")
        #expect(snapshot.indexOfItem(8) == 7)
        #expect(snapshot.sectionIdentifier(containingItem: 8) == "B")
        #expect(snapshot.indexPath(for: 5) == IndexPath(item: 5, section: 0))
    }

    @Test("deleteItems removes items from any section and forgets their marks")
    func deleteItems() {
        var snapshot = snapshot(["A": [1, 2, 3], "B": [4, 5]])
        snapshot.reconfigureItems([2, 5])
        snapshot.reloadItems([3])
        #expect(snapshot.deleteItems([3, 1, 5, 1]) == nil)
        #expect(layout(snapshot) == "A[2] B[4]")
        #expect(snapshot.reconfiguredItemIdentifiers == [2])
        #expect(snapshot.reloadedItemIdentifiers == [])
        #expect(snapshot.indexOfItem(4) == 1)
        #expect(snapshot.indexOfItem(1) == nil)
    }

    @Test("deleteAllItems empties the snapshot, sections included, as Apple's does")
    func deleteAllItems() {
        var snapshot = snapshot(["A": [1], "B": [2]])
        snapshot.reloadItems([1])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        #expect(snapshot.appendSections(["A"]) == nil)
        #expect(snapshot.appendItems([1, 2]) == nil)
        #expect(layout(snapshot) == "A[1,2]")
    }

    @Test(
        "moveItem places the item next to the anchor, within or across sections",
        arguments: [
            (1, 3, false, "A[2,1,3] B[4,5]"),
            (1, 3, true, "A[2,3,1] B[4,5]"),
            (3, 1, false, "A[3,1,2] B[4,5]"),
            (3, 1, true, "A[1,3,2] B[4,5]"),
            (2, 5, true, "A[1,3] B[4,5,2]"),
            (5, 1, false, "A[5,1,2,3] B[4]"),
            (1, 2, false, "A[1,2,3] B[4,5]"),
        ])
    func moveItem(item: Int, anchor: Int, after: Bool, expected: String) {
        var snapshot = snapshot(["A": [1, 2, 3], "B": [4, 5]])
        let anomaly = after ? snapshot.moveItem(item, afterItem: anchor) : snapshot.moveItem(item, beforeItem: anchor)
        #expect(anomaly == nil)
        #expect(layout(snapshot) == expected)
        let flat = snapshot.itemIdentifiers
        #expect(flat.map { snapshot.indexOfItem($0) } == Array(flat.indices).map { Optional($0) })
        for section in snapshot.sectionIdentifiers {
            for item in snapshot.itemIdentifiers(inSection: section) {
                #expect(snapshot.sectionIdentifier(containingItem: item) == section)
            }
        }
    }

    @Test("A moved item keeps its reload and reconfigure marks")
    func moveKeepsMarks() {
        var snapshot = snapshot(["A": [1, 2], "B": [3]])
        snapshot.reloadItems([1])
        snapshot.reconfigureItems([2])
        snapshot.moveItem(1, afterItem: 3)
        snapshot.moveItem(2, beforeItem: 3)
        #expect(layout(snapshot) == "A[] B[2,3,1]")
        #expect(snapshot.reloadedItemIdentifiers == [1])
        #expect(snapshot.reconfiguredItemIdentifiers == [2])
    }

    @Test("reloadItems and reconfigureItems mark items once each, in the order marked")
    func reloadAndReconfigureMarks() {
        var snapshot = snapshot(["A": [1, 2, 3]])
        #expect(snapshot.reloadItems([3, 1, 3]) == nil)
        #expect(snapshot.reconfigureItems([2]) == nil)
        #expect(snapshot.reconfigureItems([1]) == nil)
        #expect(snapshot.reloadedItemIdentifiers == [3, 1])
        #expect(snapshot.reconfiguredItemIdentifiers == [2, 1])
        #expect(layout(snapshot) == "A[1,2,3]")
    }

    @Test("Items are compared by identity: an Identifiable item is the same item whatever its content")
    func itemIdentity() {
        var snapshot = ListSnapshot<String, Package>()
        snapshot.appendSections(["S"])
        snapshot.appendItems([Package(id: "curl", version: 1), Package(id: "git", version: 1)])
        let newer = Package(id: "curl", version: 2)
        #expect(snapshot.indexOfItem(newer) == 0)
        #expect(snapshot.sectionIdentifier(containingItem: newer) == "S")
        #expect(snapshot.appendItems([newer]) == .itemIdentifiersNotUnique(operation: .appendItems, identifiers: ["curl@2"]))
        #expect(snapshot.itemIdentifiers == [Package(id: "curl", version: 1), Package(id: "git", version: 1)])
    }

    @Test("reconfigureItems and reloadItems store the values passed, so rows get the new content")
    func marksReplaceValues() {
        var snapshot = ListSnapshot<String, Package>()
        snapshot.appendSections(["S"])
        snapshot.appendItems([Package(id: "curl", version: 1), Package(id: "git", version: 1)])
        snapshot.reconfigureItems([Package(id: "curl", version: 2)])
        snapshot.reloadItems([Package(id: "git", version: 5)])
        #expect(snapshot.itemIdentifiers == [Package(id: "curl", version: 2), Package(id: "git", version: 5)])
        #expect(snapshot.reconfiguredItemIdentifiers == [Package(id: "curl", version: 2)])
        #expect(snapshot.reloadedItemIdentifiers == [Package(id: "git", version: 5)])
    }

    @Test("Queries about absent identifiers answer nil, zero or empty")
    func absentQueries() {
        let snapshot = snapshot(["A": [1]])
        #expect(snapshot.indexOfItem(9) == nil)
        #expect(snapshot.indexOfSection("Z") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(snapshot.numberOfItems(inSection: "Z") == 0)
        #expect(snapshot.itemIdentifiers(inSection: "Z") == [])
        #expect(snapshot.indexPath(for: 9) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 1, section: 0)) == nil)
        #expect(snapshot.itemIdentifier(at: IndexPath(item: 0, section: 0)) == 1)
    }

    @Test("Empty argument lists change nothing and are no anomaly")
    func emptyArguments() {
        var snapshot = snapshot(["A": [1]])
        snapshot.appendSections([])
        snapshot.appendItems([])
        snapshot.deleteItems([])
        snapshot.deleteSections([])
        snapshot.reloadItems([])
        snapshot.reconfigureItems([])
        snapshot.reloadSections([])
        snapshot.insertItems([], afterItem: 1)
        #expect(state(snapshot) == "A[1] reloadedSections[] reloadedItems[] reconfiguredItems[]")
        #expect(snapshot.anomalies.isEmpty)
    }
}
