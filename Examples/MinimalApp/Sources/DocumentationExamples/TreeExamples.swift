// swift-format-ignore-file
// The examples of the DocC article Trees, as printed there (checked by scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Trees.
enum TreesArticle {
    typealias FolderRow = LabelRow<String>

    @MainActor static func showFolders() throws -> ListManager {
        var outline = OutlineSnapshot<String>()
        outline.append(["Documents", "Music"])
        outline.append(["Invoices", "Letters"], to: "Documents")
        outline.expand(["Documents"])

        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "Home")                   // a section showing the tree
        let manager = ListManager(host: .virtualized, storage: storage)
        manager.register(FolderRow.self)

        manager.shouldExpand(String.self) { folder, indexPath in folder != "Music" }
        manager.didExpand(String.self) { folder, indexPath in print("opened \(folder)") }

        storage.collapse(["Documents"])                      // its rows go; Invoices keeps its flag
        let saved = try JSONEncoder().encode(storage.outline(of: "Home").expansionState)

        var later = OutlineSnapshot<String>()
        later.append(["Documents", "Music", "Pictures"])
        later.restoreExpansion(try JSONDecoder().decode(OutlineExpansionState<String>.self, from: saved))
        storage.apply(later, to: "Home")                      // diffed; what was open stays open
        return manager
    }

    @MainActor static func filterFolders(manager: ListManager, searchEntry: UnsafeMutablePointer<GtkWidget>) {
        let storage = OutlineStorage<String, String>(handOff: GLibMainActorHandOff())
        manager.storage = storage
        Signal.connect(searchEntry, "search-changed") { entry in
            let text = String(cString: gtk_entry_get_text(gcast(entry)))
            let matches: OutlineStorage<String, String>.ItemFilter = { $0.localizedStandardContains(text) }
            storage.setFilter(text.isEmpty ? nil : matches)   // matches show under their folders, opened
        }
    }

    /// A folder read from disk, for the lazy children's example.
    struct FolderEntry: Hashable, Sendable, Codable {
        let path: String
        let isDirectory: Bool

        static func children(of path: String, stoppingWhen isCancelled: () -> Bool) throws -> [FolderEntry] {
            try FileManager.default.contentsOfDirectory(atPath: path).prefix { _ in !isCancelled() }.map { name in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
                return FolderEntry(path: path + "/" + name, isDirectory: isDirectory.boolValue)
            }
        }
    }

    @MainActor static func readFoldersLazily(home: FolderEntry) -> OutlineStorage<String, FolderEntry> {
        let storage = OutlineStorage<String, FolderEntry>()
        storage.childrenProvider = .background(handOff: GLibMainActorHandOff(), mayHaveChildren: \.isDirectory) {
            folder, cancellation in
            try FolderEntry.children(of: folder.path, stoppingWhen: { cancellation.isCancelled })
        }
        var outline = OutlineSnapshot<FolderEntry>()
        outline.append([home])
        outline.markChildrenUnloaded([home])
        storage.apply(outline, to: "Files")
        return storage
    }

    @MainActor static func reopenFolders(_ storage: OutlineStorage<String, FolderEntry>) throws {
        let open = try JSONEncoder().encode(storage.expansionState)   // when the window closes
        storage.restoreExpansion(try JSONDecoder().decode(OutlineExpansionState<FolderEntry>.self, from: open))
    }

    @MainActor static func showInFolder(_ manager: ListManager, invoice: String, home: String, documents: String, invoices: String)
        async
    {
        await manager.reveal(invoice, under: [home, documents, invoices])
    }

    @MainActor static func pinParentFolders(_ storage: OutlineStorage<String, String>) -> ListManager {
        let manager = ListManager(host: .virtualized, storage: storage)
        manager.pinsParentRows = true                       // the folders of the top row stay at the top
        return manager
    }

    @MainActor static func moveFolders(_ storage: OutlineStorage<String, String>) {
        storage.move(["Invoices"], to: .into("Archive"))        // re-parented, what is under it along
        storage.move(["Music"], to: .before("Documents"))       // reordered among its siblings
    }

    struct Package: Hashable, Sendable, CustomStringConvertible {
        var name: String
        var dependencies: [Package]
        var description: String { name }
    }
    typealias PackageRow = LabelRow<Package>

    @MainActor static func dependencyTree(_ manager: ListManager) {
        let dependencies = OutlineStorage<String, OutlinePath<Package>>()
        dependencies.childrenProvider = .immediate(mayHaveChildren: { !$0.closesACycle }) { path in
            path.model.dependencies.map(path.appending)
        }
        manager.register(PackageRow.self)                       // rows for Package, the path's model
    }

    @MainActor static func editInPlace(_ storage: OutlineStorage<String, String>) {
        storage.performUpdates {
            storage.append(["Taxes 2026"], to: "Invoices", inSection: "Home")
            storage.delete(["Letters"])
        }
    }

    /// A file of the declared trees' example.
    struct File: Hashable, CustomStringConvertible {
        var name: String
        var children: [File]?
        var description: String { name }
    }
    typealias FileRow = LabelRow<File>

    @MainActor static func declareTrees(_ manager: ListManager, documents: File, report: File, photos: File, pictures: [File], roots: [File]) {
        manager.update {
            Section(id: "home") {
                Row<FolderRow>(model: "Documents", isExpanded: true) {
                    Row<FileRow>(model: report)
                    Row<FileRow>(model: photos) {
                        Row<FileRow>.rows(pictures)
                    }
                }
            }
            Section(id: "files", rows: Row<FileRow>.outline(roots, children: \.children))
        }
    }
}
