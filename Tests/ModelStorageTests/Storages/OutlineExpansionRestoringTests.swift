import Foundation
import ModelStorage
import Testing

/// A saved expansion put back into a tree whose children are read lazily: the items it names
/// open as their parents' children arrive, level after level, each open item's children read;
/// an outline applied with an unread item open reads its children rather than showing it open
/// and empty. The rows a list is told equal the storage's at every step.
@Suite("OutlineStorage: restoring an expansion into lazy children")
@MainActor
struct OutlineExpansionRestoringTests {
    /// A small disk: folders have children, names with a dot are files.
    nonisolated static func entries(of folder: String) -> [String] {
        switch folder {
        case "home": ["home/ada", "home/bob"]
        case "home/ada": ["home/ada/src", "home/ada/notes.txt"]
        case "home/ada/src": ["home/ada/src/main.swift"]
        default: ["\(folder)/readme.md"]
        }
    }

    nonisolated static func isFolder(_ item: String) -> Bool { !item.contains(".") }

    private func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { OutlineReplica.text(storage.item(at: ip($0, 0))) }
    }

    private func disk(expanding expanded: [String] = []) -> OutlineSnapshot<String> {
        var outline = OutlineSnapshot<String>()
        outline.append(["home", "etc"])
        outline.markChildrenUnloaded(["home", "etc"])
        outline.expand(expanded)
        return outline
    }

    private func asyncStorage() -> OutlineStorage<String, String> {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .async(mayHaveChildren: Self.isFolder) { folder in
            try await Task.sleep(for: .milliseconds(5))
            return Self.entries(of: folder)
        }
        return storage
    }

    static let adasSource = ["home", "home/ada", "home/ada/src", "home/ada/src/main.swift", "home/ada/notes.txt", "home/bob", "etc"]

    @Test("a restored state opens its items as their parents' children are read, level after level")
    func opensAsChildrenArrive() async {
        let storage = asyncStorage()
        storage.apply(disk(), to: "disk")
        let replica = OutlineReplica(observing: storage)

        storage.restoreExpansion(OutlineExpansionState(expandedItems: ["home", "home/ada", "home/ada/src"]))
        #expect(rows(storage) == ["home", "…", "etc"], "home reads its children")
        #expect(Set(storage.expansionState.expandedItems) == ["home", "home/ada", "home/ada/src"], "saved whole meanwhile")
        #expect(await waitUntil { self.rows(storage) == Self.adasSource })
        #expect(replica.rows == rows(storage))
        #expect(Set(storage.expansionState.expandedItems) == ["home", "home/ada", "home/ada/src"])
    }

    @Test("children read at once open the whole saved path in one update")
    func immediateChildrenOpenInOneUpdate() {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .immediate(mayHaveChildren: Self.isFolder) { Self.entries(of: $0) }
        storage.apply(disk(), to: "disk")
        let replica = OutlineReplica(observing: storage)
        var updates = 0
        let counter = UpdateCounter { updates += 1 }
        storage.addObserver(counter)

        storage.restoreExpansion(OutlineExpansionState(expandedItems: ["home/ada/src", "home/ada", "home"]))
        #expect(rows(storage) == Self.adasSource, "named in any order")
        #expect(replica.rows == rows(storage))
        #expect(updates == 1)
    }

    @Test("items the state does not name close; items that never arrive wait, and are saved")
    func closesOthersAndKeepsTheMissing() async {
        let storage = asyncStorage()
        storage.apply(disk(), to: "disk")
        storage.expand(["home"])
        #expect(await waitUntil { self.rows(storage) == ["home", "home/ada", "home/bob", "etc"] })
        let replica = OutlineReplica(observing: storage)

        storage.restoreExpansion(OutlineExpansionState(expandedItems: ["etc", "gone/away"]))
        #expect(await waitUntil { self.rows(storage) == ["home", "etc", "etc/readme.md"] })
        #expect(replica.rows == rows(storage))
        #expect(Set(storage.expansionState.expandedItems) == ["etc", "gone/away"])
    }

    @Test("items that arrive in an applied outline open too")
    func itemsOfAnAppliedOutlineOpen() async {
        let storage = asyncStorage()
        storage.restoreExpansion(OutlineExpansionState(expandedItems: ["etc"]))
        storage.apply(disk(), to: "disk")
        let replica = OutlineReplica(observing: storage)
        #expect(rows(storage) == ["home", "etc", "…"])
        #expect(await waitUntil { self.rows(storage) == ["home", "etc", "etc/readme.md"] })
        #expect(replica.rows == rows(storage))
    }

    @Test("an outline applied with an unread item open reads its children, never shows it open and empty")
    func anOpenUnreadItemReadsItsChildren() async {
        let storage = asyncStorage()
        storage.apply(disk(expanding: ["home"]), to: "disk")
        let replica = OutlineReplica(observing: storage)
        #expect(rows(storage) == ["home", "…", "etc"])
        #expect(await waitUntil { self.rows(storage) == ["home", "home/ada", "home/bob", "etc"] })
        #expect(replica.rows == rows(storage))
    }
}
