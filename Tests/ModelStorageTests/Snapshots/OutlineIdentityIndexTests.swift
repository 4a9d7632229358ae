import ModelStorage
import Testing

/// The outline finds its items by identity through a table of its own (no per-item key boxes):
/// what the table must keep true whatever the edits.
@Suite("OutlineSnapshot: items found by identity through edits, refusals and reused slots")
struct OutlineIdentityIndexTests {
    /// A file whose identity is its path: a changed size is the same item.
    private struct File: Identifiable, Hashable, Sendable {
        let id: String
        var size: Int
    }

    /// A package compared by name alone (`Diffable`), whatever its version.
    private struct Package: Diffable, Hashable, Sendable {
        let name: String
        var version: Int
        var diffIdentifier: String { name }
        func isContentEqual(to other: Package) -> Bool { self == other }
    }

    /// A folder held as a class instance, equal by path.
    private final class Folder: Hashable, Sendable {
        let path: String
        init(_ path: String) { self.path = path }
        static func == (lhs: Folder, rhs: Folder) -> Bool { lhs.path == rhs.path }
        func hash(into hasher: inout Hasher) { hasher.combine(path) }
    }

    @Test("a refused append of many items changes nothing, and the same items go in once the repeat is gone")
    func refusedAppendIsTakenBack() {
        var outline = OutlineSnapshot<String>()
        outline.append(["parent", "other"])
        outline.append(["kept"], to: "parent")
        let children = (0..<5_000).map { "child \($0)" }
        let refused = outline.append(children + ["kept", "child 7"], to: "parent")
        #expect(refused == .itemIdentifiersNotUnique(operation: .appendToParent, identifiers: ["kept", "child 7"]))
        #expect(outline.children(of: "parent") == ["kept"])
        #expect(outline.count == 3)
        #expect(!outline.contains("child 0"))
        #expect(outline.append(children, to: "parent") == nil)
        #expect(outline.count == 5_003)
        #expect(outline.parent(of: "child 4999") == "parent")
        outline.expand(["parent"])
        #expect(outline.index(of: "child 4999") == 5_001)
        #expect(outline.index(of: "other") == 5_002)
    }

    @Test("deleted items are gone from the index and their slots serve new items")
    func deletedItemsFreeTheirSlots() {
        var outline = OutlineSnapshot<String>()
        outline.append(["a", "b"])
        outline.append((0..<1_000).map { "a\($0)" }, to: "a")
        outline.append((0..<1_000).map { "b\($0)" }, to: "b")
        #expect(outline.delete(["a"]) == nil)
        #expect(!outline.contains("a500"))
        #expect(outline.count == 1_001)
        #expect(outline.append((0..<1_000).map { "a\($0)" }, to: "b") == nil, "the deleted items may come back elsewhere")
        #expect(outline.parent(of: "a500") == "b")
        #expect(outline.children(of: "b").count == 2_000)
        #expect(outline.append(["b999"]) == .itemIdentifiersNotUnique(operation: .appendToParent, identifiers: ["b999"]))
        #expect(outline.append(["a"]) == nil)
        #expect(outline.rootItems == ["b", "a"])
    }

    @Test("an Identifiable item is found by its id, its content changed or not")
    func identifiableItemsByID() {
        var outline = OutlineSnapshot<File>()
        outline.append([File(id: "/home", size: 1)])
        #expect(outline.contains(File(id: "/home", size: 99)))
        #expect(
            outline.append([File(id: "/home", size: 2)])
                == .itemIdentifiersNotUnique(operation: .appendToParent, identifiers: [String(describing: File(id: "/home", size: 2))]))
        #expect(outline.append([File(id: "/etc", size: 1)], to: File(id: "/home", size: 5)) == nil)
        #expect(outline.level(of: File(id: "/etc", size: 0)) == 1)
    }

    @Test("a Diffable item is found by its diff identifier")
    func diffableItemsByDiffIdentifier() {
        var outline = OutlineSnapshot<Package>()
        outline.append([Package(name: "gtk", version: 3)])
        #expect(outline.contains(Package(name: "gtk", version: 4)))
        #expect(outline.append([Package(name: "glib", version: 2)], to: Package(name: "gtk", version: 4)) == nil)
        #expect(outline.children(of: Package(name: "gtk", version: 1)).map(\.name) == ["glib"])
    }

    @Test("class items are found by equality, whichever instance names them")
    func classItemsByEquality() {
        var outline = OutlineSnapshot<Folder>()
        outline.append([Folder("/home")])
        #expect(outline.append([Folder("/home/ada")], to: Folder("/home")) == nil)
        #expect(outline.parent(of: Folder("/home/ada"))?.path == "/home")
        #expect(outline.append([Folder("/home")]) != nil)
    }
}
