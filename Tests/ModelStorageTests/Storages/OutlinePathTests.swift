import ModelStorage
import Testing

@Suite("OutlinePath: the same model under several parents, each place a row of its own")
@MainActor
struct OutlinePathTests {
    /// a → b, c; b → c; c → a (a cycle).
    private static let dependencies = ["a": ["b", "c"], "b": ["c"], "c": ["a"]]

    private func rows(_ storage: OutlineStorage<String, OutlinePath<String>>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { "\(storage.item(at: IndexPath(item: $0, section: 0))!)" }
    }

    private func makeStorage() -> OutlineStorage<String, OutlinePath<String>> {
        let storage = OutlineStorage<String, OutlinePath<String>>()
        storage.childrenProvider = .immediate(mayHaveChildren: { !$0.closesACycle }) { path in
            (Self.dependencies[path.model] ?? []).map(path.appending)
        }
        var outline = OutlineSnapshot<OutlinePath<String>>()
        outline.append([OutlinePath("a")])
        outline.markChildrenUnloaded([OutlinePath("a")])
        storage.apply(outline, to: "graph")
        return storage
    }

    @Test("a model under two parents is two items: each opens on its own")
    func repeatedModelsAreSeparateRows() {
        let storage = makeStorage()
        let a = OutlinePath("a")
        storage.expand([a, a.appending("b")])
        #expect(rows(storage) == ["a", "a ▸ b", "a ▸ b ▸ c", "a ▸ c"])
        storage.expand([a.appending("c")])
        #expect(rows(storage) == ["a", "a ▸ b", "a ▸ b ▸ c", "a ▸ c", "a ▸ c ▸ a"])
        #expect(!storage.isExpanded(a.appending("b").appending("c")), "c under b stays closed")
        #expect(storage.outline(of: "graph").level(of: a.appending("c").appending("a")) == 2)
    }

    @Test("a cycle stays finite: the path that comes back shows no arrow and reads nothing")
    func cyclesStayFinite() {
        let storage = makeStorage()
        let a = OutlinePath("a"), back = a.appending("c").appending("a")
        storage.expand([a, a.appending("c")])
        #expect(back.closesACycle)
        #expect(storage.outlinePlace(at: IndexPath(item: storage.indexPath(of: back)!.item, section: 0))?.hasChildren == false)
        storage.expand([back])
        #expect(rows(storage).count == 4, "nothing read under the cycle")
    }

    @Test("a path shows its last model, knows its parent and prints the way down")
    func pathBasics() {
        let path = OutlinePath("a").appending("b")
        #expect(path.model == "b")
        #expect(path.rowModel as? String == "b")
        #expect(path.parent == OutlinePath("a"))
        #expect(path.depth == 1)
        #expect(path.description == "a ▸ b")
        #expect(OutlinePath("a").appending("b") != OutlinePath("b"), "identity is the whole path")
    }
}
