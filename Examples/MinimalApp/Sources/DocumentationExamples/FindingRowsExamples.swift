// swift-format-ignore-file
// The examples of the DocC article Finding rows, as printed there (checked by scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Finding rows.
enum FindingRowsArticle {
    final class PackageNameRow: RowView, ModelTransfer, FindableRow {
        let widget = gtk_label_new(nil)!
        func update(with package: Package) { gtk_label_set_text(gcast(widget), package.name) }
        static func findableText(for package: Package) -> String { package.name }   // what type-ahead matches
    }

    @MainActor static func searchField(manager: ListManager, packages: [Package], searchEntry: UnsafeMutablePointer<GtkWidget>) {
        let all = SortedStorage<Package, Unsectioned>(sortedBy: { $0.name < $1.name }, handOff: GLibMainActorHandOff())
        all.reset(packages)
        let shown = FilteredStorage<Package>(all, handOff: GLibMainActorHandOff())
        manager.storage = shown
        Signal.connect(searchEntry, "search-changed") { entry in
            let text = String(cString: gtk_entry_get_text(gcast(entry)))
            let matches: FilteredStorage<Package>.Filter = { $0.name.localizedStandardContains(text) }
        shown.setFilter(text.isEmpty ? nil : matches)   // off the main thread
        }
    }

    @MainActor static func baseChanges(all: SortedStorage<Package, Unsectioned>, shown: FilteredStorage<Package>) {
        all.upsert([Package(name: "zsh", section: "shells")])   // shows if it passes the filter
        if let place = shown.indexPath(forBaseIndexPath: IndexPath(item: 0, section: 0)) {
            print("the first package shows at \(place)")
        }
    }

    @MainActor static func loadingAndFailure(manager: ListManager, storage: MemoryStorage, folder: String) {
        manager.contentState = .loading                  // a spinner, once 0.3 s have passed
        DispatchQueue.global().async {
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            GtkRuntime.perform {
                if let names {
                    storage.setItems(names.sorted())
                    manager.contentState = .ready         // the rows, or the empty placeholder
                } else {
                    manager.contentState = .failed(message: "The folder “\(folder)” cannot be read.", retry: {
                        loadingAndFailure(manager: manager, storage: storage, folder: folder)
                    })
                }
            }
        }
    }
}
