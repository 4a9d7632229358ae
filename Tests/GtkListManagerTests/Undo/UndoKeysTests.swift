import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// With an undo history, the list's own user actions are entries of it, and Ctrl+Z and
/// Shift+Ctrl+Z (or Ctrl+Y) take them back and do them again, through the storage, selecting
/// what came back: read from the rows GTK shows, on the list box and the virtualized list.
final class UndoKeysTests: XCTestCase {
    final class LabelRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
    }

    static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }), ("virtualized list", { VirtualListHost() }),
    ]

    /// What the rows show, top to bottom, read from their labels.
    @MainActor static func shownTexts(_ host: any ListHost) -> [String] {
        (0..<host.rowCount).compactMap { position in
            host.boundRow(at: position).map { String(cString: gtk_label_get_text(gcast($0.view.widget))) }
        }
    }

    /// A shown list of "a" … "e" whose rows delete on Delete and move on Alt+arrows, with an
    /// undo history tracking its storage; `appKeys` answers the app's `keyPress` reaction.
    @MainActor static func shown(
        on host: any ListHost, appKeys: @escaping (KeyPress) -> Bool = { _ in false }
    ) -> (ListManager, UndoHistory, ShownList) {
        let manager = ListManager(host: host)
        manager.selectionMode = .multiple
        manager.register(LabelRow.self) { mapping in
            mapping.canEdit { _, _ in true }
            mapping.commitEditing { [weak manager] _, _, _, indexPath in manager?.memoryStorage?.removeItems(at: [indexPath]) }
            mapping.canMove { _, _, _ in true }
            mapping.keyPress { key, _, _, _ in appKeys(key) }
        }
        let storage = manager.memoryStorage!
        storage.setItems(["a", "b", "c", "d", "e"])
        let history = UndoHistory()
        history.track(storage)
        manager.undoHistory = history
        return (manager, history, ShownList(manager))
    }

    func testCtrlZPutsADeletedRowBackSelectedAndShiftCtrlZDeletesItAgain() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let (manager, history, list) = Self.shown(on: host)
                defer { list.close() }
                list.focus(IndexPath(item: 2, section: 0))
                list.press("Delete")
                XCTAssertEqual(Self.shownTexts(host), ["a", "b", "d", "e"], name)
                XCTAssertEqual(history.undoActionName, "Delete", name)

                // The focus went on to d, which took c's place: Ctrl+Z reaches the list as it is.
                XCTAssertEqual(host.focusedPosition, 2, "\(name): d has the focus")
                list.press("ctrl+z")
                XCTAssertEqual(Self.shownTexts(host), ["a", "b", "c", "d", "e"], "\(name): c is back")
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "\(name): and selected")
                XCTAssertEqual(history.redoActionName, "Delete", name)

                list.press("ctrl+shift+z")
                XCTAssertEqual(Self.shownTexts(host), ["a", "b", "d", "e"], "\(name): deleted again")
                list.press("ctrl+z")
                XCTAssertEqual(Self.shownTexts(host), ["a", "b", "c", "d", "e"], name)
                list.press("ctrl+y")
                XCTAssertEqual(Self.shownTexts(host), ["a", "b", "d", "e"], "\(name): Ctrl+Y redoes")
            }
        }
    }

    func testAMoveByAltArrowsIsUndoneMoveByMove() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let (_, history, list) = Self.shown(on: host)
                defer { list.close() }
                list.focus(IndexPath(item: 0, section: 0))
                list.press("alt+Down", "alt+Down")
                XCTAssertEqual(Self.shownTexts(host), ["b", "c", "a", "d", "e"], name)
                XCTAssertEqual(history.undoActionName, "Move", name)
                list.press("ctrl+z")
                XCTAssertEqual(Self.shownTexts(host), ["b", "a", "c", "d", "e"], "\(name): one move back")
                list.press("ctrl+z")
                XCTAssertEqual(Self.shownTexts(host), ["a", "b", "c", "d", "e"], name)
                XCTAssertFalse(history.canUndo, name)
            }
        }
    }

    func testAnAppsOwnCtrlZWins() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            var heard = 0
            let host = VirtualListHost()
            let (manager, history, list) = Self.shown(on: host) { key in
                guard key.keyval == UInt32(GDK_KEY_z), key.modifiers == .control else { return false }
                heard += 1
                return true
            }
            defer { list.close() }
            list.focus(IndexPath(item: 0, section: 0))
            list.press("Delete")
            list.focus(IndexPath(item: 0, section: 0))
            list.press("ctrl+z")
            XCTAssertEqual(heard, 1)
            XCTAssertEqual(Self.shownTexts(host), ["b", "c", "d", "e"], "the app took the key")
            XCTAssertTrue(history.canUndo)
            XCTAssertTrue(manager.undo(), "the menu's Undo")
            list.settle()
            XCTAssertEqual(Self.shownTexts(host), ["a", "b", "c", "d", "e"])
        }
    }
}
