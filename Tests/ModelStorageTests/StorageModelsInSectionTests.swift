import ModelStorage
import Testing

/// `models(inSection:)`: how managers read a whole section when they reload.
@Suite("Reading a whole section")
@MainActor
struct StorageModelsInSectionTests {
    @Test("A memory storage hands out its section as it is, empty optionals included")
    func memoryStorage() {
        let storage = makeStorage([[1, Optional<Int>.none as Any, 3], []])

        let models = storage.models(inSection: 0)
        #expect(models.count == 3)
        #expect(models[0] as? Int == 1)
        #expect((models[1] as? Int?) == .some(nil), "the stored empty optional, not a missing item")
        #expect(models[2] as? Int == 3)
        #expect(storage.models(inSection: 1).isEmpty)
    }

    @Test("A section that does not exist has no models", arguments: [-1, 2, 100])
    func outOfRange(section: Int) {
        #expect(makeStorage([[1], [2]]).models(inSection: section).isEmpty)
        #expect(ItemByItemStorage([[1], [2]]).models(inSection: section).isEmpty)
    }

    @Test("The default reads item by item, in order, and keeps empty optionals")
    func defaultImplementation() {
        let storage = ItemByItemStorage([["a", Optional<String>.none as Any, "c"], ["d"]])

        let first = storage.models(inSection: 0)
        #expect(first.count == 3)
        #expect(first[0] as? String == "a")
        #expect((first[1] as? String?) == .some(nil))
        #expect(first[2] as? String == "c")
        #expect(storage.models(inSection: 1).map { $0 as? String } == ["d"])
        #expect(storage.itemReads == 4, "one item(at:) per model")
    }
}

/// A storage with only the three required reads, so `models(inSection:)` is the default one.
@MainActor
private final class ItemByItemStorage: Storage {
    private let sections: [[Any]]
    private(set) var itemReads = 0

    init(_ sections: [[Any]]) { self.sections = sections }

    var numberOfSections: Int { sections.count }

    func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    func item(at indexPath: IndexPath) -> Any? {
        itemReads += 1
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section][indexPath.item]
    }
}
