import DifferChecks
import ModelStorage
import Testing

// Exact scripts for small named cases: what a host receives, step by step.

@Suite("Differ scenarios: one list")
struct DifferFlatScenarioTests {
    let differ = Differ()

    @Test("An unchanged list gives an empty script")
    func unchanged() {
        let script = differ.script(from: cards(1, 2, 3), to: cards(1, 2, 3))
        #expect(script.isEmpty)
        #expect(script == EditScript())
    }

    @Test("From an empty list every item is inserted in order; to one, deleted from the back")
    func oneSidedLists() {
        let path = { (item: Int) in IndexPath(item: item, section: 2) }
        #expect(
            differ.script(from: [], to: cards(7, 8, 9), inSection: 2).steps == [
                .insertItem(at: path(0), newItem: path(0)), .insertItem(at: path(1), newItem: path(1)),
                .insertItem(at: path(2), newItem: path(2)),
            ])
        #expect(
            differ.script(from: cards(7, 8, 9), to: [], inSection: 2).steps == [
                .deleteItem(path(2)), .deleteItem(path(1)), .deleteItem(path(0)),
            ])
        // The same as the general engine gives when the other side has one shared item.
        let general = differ.script(from: cards(1), to: cards(1, 7, 8)).steps
        #expect(
            general == [
                .insertItem(at: IndexPath(item: 1, section: 0), newItem: IndexPath(item: 1, section: 0)),
                .insertItem(at: IndexPath(item: 2, section: 0), newItem: IndexPath(item: 2, section: 0)),
            ])
        #expect(differ.script(fromIdentities: [Int](), to: [4, 5]).counts.inserts == 2)
        #expect(differ.script(fromIdentities: [4, 5], to: [Int]()).counts.deletes == 2)
    }

    @Test("A script made of steps reads them back unchanged")
    func stepsRoundTrip() {
        let steps: [EditScript.Step] = [
            .insertSection(1, newSection: 2), .deleteSection(3), .moveSection(from: 0, to: 4), .updateSection(5),
            .insertItem(at: IndexPath(item: 1, section: 2), newItem: IndexPath(item: 3, section: 4)),
            .deleteItem(IndexPath(item: 5, section: 6)),
            .moveItem(from: IndexPath(item: 7, section: 8), to: IndexPath(item: 9, section: 10)),
            .updateItem(IndexPath(item: 11, section: 12)),
        ]
        let script = EditScript(steps: steps)
        #expect(script.steps == steps)
        let counts = script.counts
        #expect([counts.inserts, counts.deletes, counts.moves, counts.updates] == [2, 2, 2, 2])
    }

    @Test("Around a common prefix and suffix only the middle changes")
    func commonPrefixAndSuffix() {
        let script = differ.script(from: cards(1, 2, 3, 4, 5), to: cards(1, 2, 9, 4, 5))
        #expect(script.steps == [.deleteItem(ip(2, 0)), .insertItem(at: ip(2, 0), newItem: ip(2, 0))])
    }

    @Test("One item moved to the end is one move, its neighbours stay")
    func oneMove() {
        let script = differ.script(from: cards(1, 2, 3, 4), to: cards(2, 3, 4, 1))
        #expect(script.steps == [.moveItem(from: ip(0, 0), to: ip(3, 0))])
    }

    @Test("A swap is one move")
    func swap() {
        let script = differ.script(from: cards(1, 2), to: cards(2, 1))
        #expect(script.steps == [.moveItem(from: ip(1, 0), to: ip(0, 0))])
    }

    @Test("Reversing four items takes three moves, each read after the previous one")
    func reverseOfFour() {
        let script = differ.script(from: cards(1, 2, 3, 4), to: cards(4, 3, 2, 1))
        #expect(
            script.steps == [
                .moveItem(from: ip(3, 0), to: ip(0, 0)),
                .moveItem(from: ip(3, 0), to: ip(1, 0)),
                .moveItem(from: ip(3, 0), to: ip(2, 0)),
            ])
    }

    @Test("Reversing n items takes n − 1 moves", arguments: [2, 10, 100])
    func reverseOfN(count: Int) throws {
        let old = (0..<count).map { Card($0) }
        let script = differ.script(from: old, to: old.reversed())
        #expect(script.counts.moves == count - 1 && script.counts.total == count - 1)
        #expect(try replay(script, on: old, toward: old.reversed()) == old.reversed())
    }

    @Test("Everything inserted: inserts front to back, each bringing its new item")
    func allInserted() {
        let script = differ.script(from: [], to: cards(1, 2, 3))
        #expect(
            script.steps == [
                .insertItem(at: ip(0, 0), newItem: ip(0, 0)),
                .insertItem(at: ip(1, 0), newItem: ip(1, 0)),
                .insertItem(at: ip(2, 0), newItem: ip(2, 0)),
            ])
    }

    @Test("Everything deleted: deletes from the back, so each index is still valid")
    func allDeleted() {
        let script = differ.script(from: cards(1, 2, 3), to: [])
        #expect(script.steps == [.deleteItem(ip(2, 0)), .deleteItem(ip(1, 0)), .deleteItem(ip(0, 0))])
    }

    @Test("A changed content is an update in place, never a move or a reinsert")
    func contentChange() {
        let script = differ.script(from: cards(1, 2, 3), to: [Card(1), Card(2, content: 5), Card(3)])
        #expect(script.steps == [.updateItem(ip(1, 0))])
    }

    @Test("An item moved and changed is a move, then an update at its new index")
    func movedAndChanged() {
        let script = differ.script(from: cards(1, 2, 3), to: [Card(2), Card(3), Card(1, content: 5)])
        #expect(script.steps == [.moveItem(from: ip(0, 0), to: ip(2, 0)), .updateItem(ip(2, 0))])
    }

    @Test("Deletes come first (from the back), then moves and inserts in new order, then updates")
    func phaseOrder() {
        let script = differ.script(from: cards(1, 2, 3, 4, 5), to: [Card(5), Card(2, content: 1), Card(6), Card(4)])
        #expect(
            script.steps == [
                .deleteItem(ip(2, 0)),
                .deleteItem(ip(0, 0)),
                .moveItem(from: ip(2, 0), to: ip(0, 0)),
                .insertItem(at: ip(2, 0), newItem: ip(2, 0)),
                .updateItem(ip(1, 0)),
            ])
    }

    @Test("A flat diff addresses its section")
    func sectionOffset() {
        let script = differ.script(from: cards(1, 2), to: [Card(2, content: 1), Card(3)], inSection: 3)
        #expect(
            script.steps == [
                .deleteItem(ip(0, 3)),
                .insertItem(at: ip(1, 3), newItem: ip(1, 3)),
                .updateItem(ip(0, 3)),
            ])
    }
}

@Suite("Differ scenarios: duplicate identities")
struct DifferDuplicateScenarioTests {
    @Test("The k-th old occurrence of an identity pairs with its k-th new occurrence, and the script says duplicates were met")
    func kthPairsWithKth() {
        // Contents tell the occurrences apart: pairing the first 7 with the second would update.
        let old = [Card(1), Card(7, content: 1), Card(2), Card(7, content: 2), Card(3)]
        let new = [Card(4), Card(7, content: 1), Card(7, content: 2), Card(5)]
        let script = Differ().script(from: old, to: new)
        #expect(
            script.steps == [
                .deleteItem(ip(4, 0)), .deleteItem(ip(2, 0)), .deleteItem(ip(0, 0)),
                .insertItem(at: ip(0, 0), newItem: ip(0, 0)),
                .insertItem(at: ip(3, 0), newItem: ip(3, 0)),
            ])
        #expect(script.duplicateItemCount == 1)
    }

    @Test("Occurrences in the common suffix pair in place, from the end: the last old 1 stays and shows the new content")
    func occurrencesInTheCommonSuffixPairInPlace() {
        let old = [Card(2), Card(1, content: 1), Card(1, content: 2)]
        let new = [Card(1, content: 1)]
        let script = Differ().script(from: old, to: new)
        #expect(script.steps == [.deleteItem(ip(1, 0)), .deleteItem(ip(0, 0)), .updateItem(ip(0, 0))])
    }

    @Test("A surplus new occurrence is inserted, and counted")
    func surplusNewOccurrenceIsInserted() throws {
        let old = cards(1, 7, 2)
        let new = cards(7, 3, 7)
        let script = Differ().script(from: old, to: new)
        #expect((script.counts.inserts, script.counts.deletes, script.counts.total) == (2, 2, 4))
        #expect(script.duplicateItemCount == 1)
        #expect(try replay(script, on: old, toward: new) == new)
    }

    @Test("Duplicate section identities are matched in order and counted")
    func duplicateSections() throws {
        let old = [shelf(1, [1]), shelf(3, []), shelf(1, [2])]
        let new = [shelf(2, []), shelf(1, [1]), shelf(1, [2]), shelf(4, [])]
        let script = Differ().script(from: old, to: new)
        #expect(script.duplicateSectionCount == 1 && script.duplicateItemCount == 0)
        #expect(try replay(script, on: old, toward: new) == new)
    }
}

@Suite("Differ scenarios: Diffable defaults")
struct DiffableDefaultsScenarioTests {
    struct Person: Identifiable, Equatable, Diffable {
        let id: String
        var name: String
    }

    struct Tag: Hashable, Diffable {
        let name: String
    }

    struct Release: Identifiable, Hashable, Diffable {
        let id: Int
        var version: String
    }

    @Test("Identifiable & Equatable: identified by id, compared with ==, so a rename is an update")
    func identifiableAndEquatable() {
        let old = [Person(id: "a", name: "Ada"), Person(id: "b", name: "Bob")]
        let new = [Person(id: "a", name: "Ada"), Person(id: "b", name: "Robert")]
        #expect(Differ().script(from: old, to: new).steps == [.updateItem(ip(1, 0))])
    }

    @Test("Hashable: the value is its own identity, so a changed value is another item")
    func hashable() {
        let script = Differ().script(from: [Tag(name: "x"), Tag(name: "y")], to: [Tag(name: "x"), Tag(name: "z")])
        #expect(script.steps == [.deleteItem(ip(1, 0)), .insertItem(at: ip(1, 0), newItem: ip(1, 0))])
    }

    @Test("Identifiable & Hashable: identified by id, so a new version is an update")
    func identifiableAndHashable() {
        let script = Differ().script(from: [Release(id: 1, version: "1.0")], to: [Release(id: 1, version: "1.1")])
        #expect(script.steps == [.updateItem(ip(0, 0))])
    }
}

@Suite("Differ scenarios: sections")
struct DifferSectionScenarioTests {
    let differ = Differ()

    @Test("A section moves with its items: one section move, no item steps")
    func sectionMoveWithItems() throws {
        let old = [shelf(1, [1, 2]), shelf(2, [3]), shelf(3, [4])]
        let new = [shelf(3, [4]), shelf(1, [1, 2]), shelf(2, [3])]
        let script = differ.script(from: old, to: new)
        #expect(script.steps == [.moveSection(from: 2, to: 0)])
        #expect(try replay(script, on: old, toward: new) == new)
    }

    @Test("Items leave a deleted section for an inserted one: the section is inserted, the items move, then the old section goes")
    func itemsFromDeletedIntoInsertedSection() throws {
        let old = [shelf(1, [1, 2]), shelf(2, [3])]
        let new = [shelf(2, [3]), shelf(3, [1, 2])]
        let script = differ.script(from: old, to: new)
        #expect(
            script.steps == [
                .insertSection(2, newSection: 1),
                .moveItem(from: ip(0, 0), to: ip(0, 2)),
                .moveItem(from: ip(0, 0), to: ip(1, 2)),
                .deleteSection(0),
            ])
        #expect(try replay(script, on: old, toward: new) == new)
    }

    @Test("A section whose own content changed is updated in place")
    func sectionContentChange() {
        let script = differ.script(from: [shelf(1, [1]), shelf(2, [2])], to: [shelf(1, [1]), shelf(2, [2], title: 1)])
        #expect(script.steps == [.updateSection(1)])
    }

    @Test("An item that changes section and content moves, then is updated in the new state's coordinates")
    func itemChangesSectionAndContent() {
        let old = [shelf(1, [1, 2]), shelf(2, [3])]
        let new = [shelf(1, [1]), DiffSection(Shelf(2), items: [Card(3), Card(2, content: 1)])]
        let script = differ.script(from: old, to: new)
        #expect(script.steps == [.moveItem(from: ip(1, 0), to: ip(1, 1)), .updateItem(ip(1, 1))])
    }

    @Test("No sections on either side, or only empty ones: an empty script")
    func emptyStates() {
        #expect(differ.script(from: ShelfState(), to: []).isEmpty)
        #expect(differ.script(from: [shelf(1, []), shelf(2, [])], to: [shelf(1, []), shelf(2, [])]).isEmpty)
    }

    @Test("From no sections: sections inserted, then their items")
    func fromNothing() {
        let script = differ.script(from: ShelfState(), to: [shelf(1, [1]), shelf(2, [])])
        #expect(
            script.steps == [
                .insertSection(0, newSection: 0),
                .insertSection(1, newSection: 1),
                .insertItem(at: ip(0, 0), newItem: ip(0, 0)),
            ])
    }

    @Test("To no sections: every section deleted, from the back, items with them")
    func toNothing() {
        let script = differ.script(from: [shelf(1, [1, 2]), shelf(2, [3])], to: [])
        #expect(script.steps == [.deleteSection(1), .deleteSection(0)])
    }
}
