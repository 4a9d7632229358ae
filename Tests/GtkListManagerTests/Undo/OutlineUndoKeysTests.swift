import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A tree over an `OutlineStorage`: the Delete key deletes a folder and what is under it; Ctrl+Z
/// puts it back under its parent, open with its children, selected; Shift+Ctrl+Z deletes it
/// again; read from the rows GTK shows.
final class OutlineUndoKeysTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    func testCtrlZPutsADeletedFolderBackOpenWithItsChildren() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                var storageOf: OutlineStorage<String, String>?
                let (manager, storage, list) = TreeFixture.show(TreeFixture.files(), on: make()) { manager in
                    manager.selectionMode = .multiple
                    manager.register(NameRow.self) { mapping in
                        mapping.canEdit { _, _ in true }
                        mapping.commitEditing { _, _, model, _ in storageOf?.delete([model]) }
                    }
                }
                defer { list.close() }
                storageOf = storage
                storage.expand(["home", "docs"])
                let history = UndoHistory()
                history.track(storage)
                manager.undoHistory = history
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "a", "b", "music", "etc"], name)

                list.focus(IndexPath(item: 1, section: 0))
                list.press("Delete")
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "music", "etc"], name)

                list.focus(IndexPath(item: 0, section: 0))
                list.press("ctrl+z")
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "a", "b", "music", "etc"], "\(name): docs back, open")
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], "\(name): and selected")

                list.press("ctrl+shift+z")
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "music", "etc"], "\(name): deleted again")
            }
        }
    }
}
