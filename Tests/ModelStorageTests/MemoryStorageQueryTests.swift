import ModelStorage
import Testing

@Suite("MemoryStorage queries")
@MainActor
struct MemoryStorageQueryTests {
    @Test("An empty storage has no sections, no items, and answers every position with nil")
    func emptyStorage() {
        let storage = MemoryStorage()

        #expect(storage.numberOfSections == 0)
        #expect(storage.numberOfItems(inSection: 0) == 0)
        #expect(storage.totalNumberOfItems == 0)
        #expect(storage.item(at: ip(0, 0)) == nil)
        #expect(storage.sections.isEmpty)
    }

    @Test("Counts are per section, and the total sums every section")
    func counts() {
        let storage = makeStorage([[1, 2], [], [3, 4, 5]])

        #expect(storage.numberOfSections == 3)
        #expect((0..<3).map(storage.numberOfItems(inSection:)) == [2, 0, 3])
        #expect(storage.totalNumberOfItems == 5)
    }

    @Test("A section that does not exist holds 0 items", arguments: [-1, 2, 100])
    func numberOfItemsOutOfRange(section: Int) {
        let storage = makeStorage([[1], [2]])

        #expect(storage.numberOfItems(inSection: section) == 0)
    }

    @Test("The item at an index path is the model stored there")
    func itemAtIndexPath() {
        let storage = makeStorage([[1, 2], ["a"]])

        #expect(storage.item(at: ip(1, 0)) as? Int == 2)
        #expect(storage.item(at: ip(0, 1)) as? String == "a")
    }

    @Test(
        "An index path that addresses no item gives nil",
        arguments: [ip(2, 0), ip(0, 2), ip(-1, 0), ip(0, -1), IndexPath(indexes: [0]), IndexPath(indexes: [0, 0, 0])])
    func itemOutOfRange(indexPath: IndexPath) {
        let storage = makeStorage([[1, 2], [3]])

        #expect(storage.item(at: indexPath) == nil)
    }

    @Test("The typed item accessor returns the model only when it has the requested type")
    func typedItemAccessor() {
        let storage = makeStorage([[1, "a"]])

        #expect(storage.item(at: ip(0, 0), as: Int.self) == 1)
        #expect(storage.item(at: ip(1, 0), as: Int.self) == nil)
        #expect(storage.item(at: ip(1, 0), as: String.self) == "a")
        #expect(storage.item(at: ip(5, 0), as: Int.self) == nil)
    }

    @Test("The items of a section are listed in order; a missing section gives nil")
    func itemsInSection() {
        let storage = makeStorage([[1, 2], []])

        #expect(storage.items(inSection: 0)?.compactMap { $0 as? Int } == [1, 2])
        #expect(storage.items(inSection: 1)?.isEmpty == true)
        #expect(storage.items(inSection: 2) == nil)
        #expect(storage.items(inSection: -1) == nil)
    }

    @Test("The section object at an index is the stored one; a missing index gives nil")
    func sectionAtIndex() {
        let storage = MemoryStorage()
        let section = SectionModel(items: [1])
        storage.setSections([section])

        #expect(storage.section(at: 0) === section)
        #expect(storage.section(at: 1) == nil)
        #expect(storage.section(at: -1) == nil)
    }

    @Test("The index path of an item is that of its first equal occurrence, scanning sections in order")
    func indexPathForItemFindsFirstOccurrence() {
        let storage = makeStorage([[1, 2], [3, 2]])

        #expect(storage.indexPath(forItem: 2) == ip(1, 0))
        #expect(storage.indexPath(forItem: 3) == ip(0, 1))
    }

    @Test("The index path of an item that is not stored, or stored only as another type, is nil")
    func indexPathForMissingItem() {
        let storage = makeStorage([[1.0, "1"]])

        #expect(storage.indexPath(forItem: 1) == nil)
        #expect(storage.indexPath(forItem: "2") == nil)
        #expect(storage.indexPath(forItem: "1") == ip(1, 0))
    }

    @Test("A section's index is found by identity, not by content")
    func sectionIndexByIdentity() {
        let storage = MemoryStorage()
        let first = SectionModel(items: [1])
        let second = SectionModel(items: [1])
        storage.setSections([first, second])

        #expect(storage.sectionIndex(for: first) == 0)
        #expect(storage.sectionIndex(for: second) == 1)
        #expect(storage.sectionIndex(for: SectionModel(items: [1])) == nil)
    }
}

@Suite("SectionModel")
@MainActor
struct SectionModelTests {
    @Test("A detached section knows its items but has no section index")
    func detachedSection() {
        let section = SectionModel(items: [1, 2])

        #expect(section.numberOfItems == 2)
        #expect(!section.isEmpty)
        #expect(SectionModel().isEmpty)
        #expect(section.currentSectionIndex == nil)
    }

    @Test("The item at an index is the stored model; an index out of range gives nil")
    func itemAtIndex() {
        let section = SectionModel(items: [1, 2])

        #expect(section.item(at: 1) as? Int == 2)
        #expect(section.item(at: 2) == nil)
        #expect(section.item(at: -1) == nil)
    }

    @Test("items(ofType:) keeps the models of that type, in order")
    func itemsOfType() {
        let section = SectionModel(items: [1, "a", 2, 3.5, "b"])

        #expect(section.items(ofType: Int.self) == [1, 2])
        #expect(section.items(ofType: String.self) == ["a", "b"])
        #expect(section.items(ofType: Bool.self).isEmpty)
    }

    @Test("A section's current index follows it through inserts, moves and deletes of sections")
    func currentSectionIndexFollowsTheSection() {
        let storage = MemoryStorage()
        let tracked = SectionModel(items: [1])
        storage.insertSection(tracked, at: 0)
        #expect(tracked.currentSectionIndex == 0)

        storage.insertSection(SectionModel(), at: 0)
        #expect(tracked.currentSectionIndex == 1)

        storage.addItem(2, toSection: 2)
        storage.moveSection(1, toSection: 2)
        #expect(tracked.currentSectionIndex == 2)

        storage.deleteSections([0])
        #expect(tracked.currentSectionIndex == 1)

        storage.deleteSections([1])
        #expect(tracked.currentSectionIndex == nil)
    }

    @Test("A section replaced by a whole-content replacement no longer has a section index")
    func replacedSectionIsDetached() {
        let storage = MemoryStorage()
        let replaced = SectionModel(items: [1])
        let kept = SectionModel(items: [2])
        storage.setSections([replaced, kept])

        storage.setSections([kept])

        #expect(replaced.currentSectionIndex == nil)
        #expect(kept.currentSectionIndex == 0)
    }

    @Test("A section's items reflect the storage's mutations")
    func sectionItemsReflectMutations() throws {
        let storage = makeStorage([[1, 2, 3]])
        let section = try #require(storage.section(at: 0))

        storage.removeItems([2])
        storage.addItem(4)

        #expect(section.items(ofType: Int.self) == [1, 3, 4])
    }
}
