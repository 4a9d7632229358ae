// swift-format-ignore-file
// The examples of the DocC article Undo and redo, as printed there (checked by scripts/check-doc-examples.sh).
import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage

/// Undo and redo.
enum UndoArticle {
    @MainActor static func listActions(manager: ListManager, storage: MemoryStorage) {
        let history = UndoHistory(limit: 100)
        history.track(storage)              // the storage the user's actions change
        manager.undoHistory = history       // Ctrl+Z, Shift+Ctrl+Z; deletes, moves, drops, edits recorded
    }

    @MainActor static func appActions(history: UndoHistory, storage: MemoryStorage, selected: [IndexPath]) {
        history.group(named: "Delete") {
            storage.removeItems(at: selected)
        }
        print(history.undoActionName ?? "nothing to undo")   // "Delete", for "Undo Delete"
    }

    @MainActor static func menu(manager: ListManager, history: UndoHistory, undoItem: UnsafeMutablePointer<GtkWidget>) {
        history.didChange = {
            gtk_widget_set_sensitive(undoItem, history.canUndo ? 1 : 0)
        }
        Signal.connect(undoItem, "activate") { _ in manager.undo() }   // selects what came back
    }

    @MainActor static func sortedActions(
        history: UndoHistory, sorted: SortedStorage<Package, Unsectioned>, chosen: [Package]
    ) {
        history.track(sorted)                    // a SortedStorage: its jobs' changes are recorded too
        history.group(named: "Delete") {
            sorted.remove(chosen)                // applied by a job, after the group closed
        }
        history.undo { restored in
            print("\(restored.count) back")       // once the job put them back, sorted
        }
    }

    @MainActor static func outlineActions(history: UndoHistory, tree: OutlineStorage<String, String>, folder: String) {
        history.track(tree)                      // an OutlineStorage
        history.group(named: "Delete") { tree.delete([folder]) }
        history.undo()                           // the folder is back, open as it was, with its files
    }

    @MainActor static func filteredActions(history: UndoHistory, filtered: FilteredStorage<Package>) {
        history.track(filtered)                  // records its base's changes
    }

    @MainActor static func databaseActions(
        history: UndoHistory, storage: DatabaseStorage<GRDBStorageArticle.Book, String>, ids: [Int64]
    ) {
        typealias Book = GRDBStorageArticle.Book
        storage.undoWriting = .records           // how records are written back: GRDB's insert, update, delete
        history.track(storage)
        history.group(named: "Delete") {
            storage.write({ db in try Book.deleteAll(db, ids: ids) })   // the rows it deletes recorded, in its transaction
        }
        history.undo()                           // one transaction: the books back, every column, in their places
    }
}
