// swift-format-ignore-file
// The examples of the articles on Swift concurrency (ModelStorage's Awaiting changes,
// GtkListManager's Swift concurrency, GRDBStorage's Awaiting a request, Trees' children read by
// an async function), as printed there (checked by scripts/check-doc-examples.sh).
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage

/// ModelStorage: Awaiting changes.
enum AwaitingChangesArticle {
    @MainActor
    static func awaitEach(
        shown: FilteredStorage<Package>, sorted: SortedStorage<Package, String>, comparisons: ColumnComparisons<Package>,
        snapshots: SnapshotStorage<String, String>, snapshot: ListSnapshot<String, String>, updatedPackage: Package
    ) async {
        await shown.setFilterAndWait { $0.section == "admin" }
        print(shown.count)                                 // the rows that pass, as observers saw them
        await sorted.upsertAndWait([updatedPackage])
        await sorted.sortAndWait(by: [SortKey("size", ascending: false)], using: comparisons)
        await snapshots.applyAndWait(snapshot)
    }

    @MainActor
    static func typed(_ shown: FilteredStorage<Package>, text: String) {
        Task {
            await shown.setFilterAndWait { $0.name.contains(text) }
            print("\(shown.count) packages match \(text)")
        }
    }
}

/// GtkListManager: Swift concurrency.
enum SwiftConcurrencyArticle {
    @MainActor
    static func awaitTheList(_ manager: ListManager, snapshot: ListSnapshot<String, String>, packages: [Package]) async {
        await manager.applyAndWait(snapshot)
        manager.selectItem(at: IndexPath(item: 0, section: 0))   // its first row is there
        await manager.updateAndWait {
            Section(id: "all", header: "All", rows: Row<PackageRow>.rows(packages))
        }
    }

    @MainActor
    static func selectionStream(_ manager: ListManager) {
        Task {
            for await selected in manager.selectionChanges() {
                print("\(selected.count) rows selected")
            }
        }
        Task {
            for await (packages, _) in manager.selectionChanges(of: Package.self) {
                if let package = packages.first { show(package) }
            }
        }
    }

    @MainActor
    static func tableStreams(_ table: ListTable, storage: SortedStorage<Package, Unsectioned>, comparisons: ColumnComparisons<Package>) {
        Task {
            for await keys in table.sortChanges() {
                await storage.sortAndWait(by: keys, using: comparisons)
                print("sorted by \(keys.map(\.column))")
            }
        }
        Task {
            for await state in table.stateChanges() {
                print("columns now: \(state.order)")       // the moment to save it
            }
        }
    }

    @MainActor
    static func stopListening(_ manager: ListManager) {
        let listening = Task {
            for await selected in manager.selectionChanges() { print(selected) }
        }
        listening.cancel()                                 // the stream is let go at once
    }
}

/// GRDBStorage: Awaiting a request.
enum AwaitingARequestArticle {
    typealias Book = GRDBStorageArticle.Book

    @MainActor
    static func awaitRequests(
        _ storage: DatabaseStorage<Book, String>, orderings: DatabaseColumnOrderings, search: FullTextFilter<Int64>
    ) async {
        let outcome = await storage.setRequestAndWait(Book.filter(Column("shelf") == "SF").order(Column("position")))
        if outcome == .shown { print("\(storage.records.count) books on the shelf") }
        await storage.sortAndWait(by: [SortKey("title")], using: orderings)
        await search.setTextAndWait("dune")
    }
}

/// Trees: children read by an async function.
enum AsyncChildrenArticle {
    typealias FolderEntry = TreesArticle.FolderEntry

    @MainActor
    static func readFoldersAsync(_ storage: OutlineStorage<String, FolderEntry>) {
        storage.childrenProvider = .async(mayHaveChildren: \.isDirectory) { folder in
            try await FolderEntry.entries(of: folder.path)     // a collapse cancels the task
        }
    }
}

extension TreesArticle.FolderEntry {
    /// The folder's entries, read in an `async` function (a network share, an `async` file API).
    static func entries(of path: String) async throws -> [TreesArticle.FolderEntry] {
        try children(of: path, stoppingWhen: { Task.isCancelled })
    }
}
