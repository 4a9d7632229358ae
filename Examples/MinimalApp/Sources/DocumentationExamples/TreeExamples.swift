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
}
