import Foundation
import ModelStorage
import Testing

/// Revealing an item, as "show in folder" does: its ancestors open top down, each one's
/// children read first when they are read lazily; an item the tree never holds, or a read that
/// fails on the way, reveals nothing and says so. The rows a list is told equal the storage's.
@Suite("OutlineStorage: revealing an item")
@MainActor
struct OutlineRevealingTests {
    typealias Disk = OutlineExpansionRestoringTests

    private struct Unreadable: LocalizedError {
        var errorDescription: String? { "Permission denied" }
    }

    private func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { OutlineReplica.text(storage.item(at: ip($0, 0))) }
    }

    private func disk(_ storage: OutlineStorage<String, String>) {
        var outline = OutlineSnapshot<String>()
        outline.append(["home", "etc"])
        outline.markChildrenUnloaded(["home", "etc"])
        storage.apply(outline, to: "disk")
    }

    @Test("an item not read yet is revealed through the way named, each folder read in turn")
    func throughLazyFolders() async {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .async(mayHaveChildren: Disk.isFolder) { folder in
            try await Task.sleep(for: .milliseconds(5))
            return Disk.entries(of: folder)
        }
        disk(storage)
        let replica = OutlineReplica(observing: storage)

        let row = await storage.reveal("home/ada/src/main.swift", under: ["home", "home/ada", "home/ada/src"])
        #expect(row == ip(3, 0))
        #expect(rows(storage) == Disk.adasSource)
        #expect(replica.rows == rows(storage))
    }

    @Test("an item under collapsed folders opens them all in one update, their own flags kept")
    func underCollapsedFolders() async {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .immediate(mayHaveChildren: Disk.isFolder) { Disk.entries(of: $0) }
        disk(storage)
        storage.expand(["home", "home/ada", "home/bob"])
        storage.collapse(["home/ada", "home"])
        let replica = OutlineReplica(observing: storage)
        var updates = 0
        let counter = UpdateCounter { updates += 1 }
        storage.addObserver(counter)

        let row = await storage.reveal("home/ada/notes.txt")
        #expect(row == ip(3, 0))
        #expect(rows(storage) == ["home", "home/ada", "home/ada/src", "home/ada/notes.txt", "home/bob", "home/bob/readme.md", "etc"])
        #expect(replica.rows == rows(storage))
        #expect(updates == 1)
    }

    @Test("an item the tree never holds reveals nothing and is reported")
    func missingItem() async {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .immediate(mayHaveChildren: Disk.isFolder) { Disk.entries(of: $0) }
        disk(storage)
        var reported: [SnapshotAnomaly] = []
        storage.anomalyHandler.action = { reported.append($0) }

        #expect(await storage.reveal("home/zoe/diary.txt", under: ["home", "home/zoe"]) == nil)
        #expect(reported == [.itemsNotFound(operation: .reveal, identifiers: ["home/zoe/diary.txt"])])
        #expect(rows(storage) == ["home", "home/ada", "home/bob", "etc"], "the way that exists was opened")
    }

    @Test("a read that fails on the way reveals nothing: its error row shows")
    func failedRead() async {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .async(mayHaveChildren: Disk.isFolder) { folder in
            if folder == "home/ada" { throw Unreadable() }
            return Disk.entries(of: folder)
        }
        disk(storage)

        #expect(await storage.reveal("home/ada/notes.txt", under: ["home", "home/ada"]) == nil)
        #expect(rows(storage) == ["home", "home/ada", "⚠ Permission denied", "home/bob", "etc"])
    }
}
