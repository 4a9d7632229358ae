import ModelStorage
import Testing

/// The storage's bulk calls take typed arrays (`[Post]`, not only `[Any]`): the models stored
/// are the same either way.
@Suite("Typed arrays in bulk calls")
@MainActor
struct MemoryStorageTypedArrayTests {
    final class Post {}

    @Test("setItems stores a typed array's models, in order, as a [Any] of them would be")
    func setItemsTyped() {
        let typed = MemoryStorage(), erased = MemoryStorage()
        typed.setItems([3, 1, 2])
        erased.setItems([3, 1, 2] as [Any])
        #expect(typed.items(inSection: 0)?.map { $0 as? Int } == [3, 1, 2])
        #expect(erased.items(inSection: 0)?.map { $0 as? Int } == [3, 1, 2])
    }

    @Test("A class model is stored by reference, not copied")
    func classModelsKeepTheirIdentity() {
        let storage = MemoryStorage()
        let posts = [Post(), Post()]
        storage.setItems(posts)
        #expect(storage.item(at: IndexPath(item: 1, section: 0)) as? Post === posts[1])
    }

    @Test("An array of optionals keeps its empty optionals as models")
    func optionalsStayOptionals() {
        let storage = MemoryStorage()
        storage.addItems([1, nil, 3] as [Int?])
        let models = storage.models(inSection: 0)
        #expect(models.count == 3)
        #expect((models[1] as? Int?) == .some(nil), "the stored empty optional, not a missing item")
    }

    @Test("A literal of mixed models is a [Any], as before")
    func mixedLiterals() throws {
        let storage = MemoryStorage()
        storage.addItems([1, "two"])
        try storage.insertItems([3.0, "x"], at: IndexPath(item: 1, section: 0))
        storage.insertItems(["end"], to: [IndexPath(item: 4, section: 0)])
        #expect(storage.models(inSection: 0).map { String(describing: $0) } == ["1", "3.0", "x", "two", "end"])
    }

    @Test("Animated setItems takes a typed array too, and diffs it against the stored models")
    func animatedSetItemsTyped() {
        let storage = MemoryStorage()
        storage.setItems(["a", "b", "c"])
        storage.setItems(["c", "a", "b", "d"], diffing: true)
        #expect(storage.models(inSection: 0).map { $0 as? String } == ["c", "a", "b", "d"])
    }
}
