import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A list over a `SortedStorage`: the Delete key's removal applies in a job, after the action;
/// Ctrl+Z puts the row back where the sort places it and selects it once its job applied, and
/// Shift+Ctrl+Z deletes it again; read from the rows GTK shows.
final class SortedUndoKeysTests: XCTestCase {
    struct Word: Diffable, Hashable, Sendable {
        let text: String
    }

    final class WordRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with model: Word) { gtk_label_set_text(gcast(widget), model.text) }
    }

    @MainActor static func shownTexts(_ host: any ListHost) -> [String] {
        (0..<host.rowCount).compactMap { position in
            host.boundRow(at: position).map { String(cString: gtk_label_get_text(gcast($0.view.widget))) }
        }
    }

    func testCtrlZPutsADeletedRowBackInItsSortedPlaceOnceItsJobApplied() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let manager = ListManager(host: host)
            manager.selectionMode = .multiple
            let storage = SortedStorage<Word, Unsectioned>(sortedBy: { $0.text < $1.text }, handOff: GLibMainActorHandOff())
            storage.reset(["a", "b", "c", "d", "e"].map(Word.init), execution: .immediate)
            manager.register(WordRow.self) { mapping in
                mapping.canEdit { _, _ in true }
                mapping.commitEditing { _, _, model, _ in storage.remove([model]) }
            }
            manager.storage = storage
            let history = UndoHistory()
            history.track(storage)
            manager.undoHistory = history
            let list = ShownList(manager)
            defer { list.close() }

            list.focus(IndexPath(item: 2, section: 0))
            list.press("Delete")
            XCTAssertEqual(history.undoActionName, "Delete", "recorded before its job applied")
            XCTAssertTrue(list.wait { Self.shownTexts(host) == ["a", "b", "d", "e"] })
            // Meanwhile the app's feed, outside any action, adds a word before c.
            storage.upsert([Word(text: "bb")])
            XCTAssertTrue(list.wait { Self.shownTexts(host) == ["a", "b", "bb", "d", "e"] })

            list.focus(IndexPath(item: 0, section: 0))
            list.press("ctrl+z")
            XCTAssertTrue(list.wait { Self.shownTexts(host) == ["a", "b", "bb", "c", "d", "e"] }, "c back, sorted")
            XCTAssertTrue(list.wait { manager.selectedIndexPaths == [IndexPath(item: 3, section: 0)] }, "and selected")
            XCTAssertEqual(history.redoActionName, "Delete")

            list.press("ctrl+shift+z")
            XCTAssertTrue(list.wait { Self.shownTexts(host) == ["a", "b", "bb", "d", "e"] }, "deleted again")
            XCTAssertTrue(list.wait { history.canUndo && !history.canRedo })
        }
    }
}
