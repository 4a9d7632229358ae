import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Editing, emulated over real input under Xvfb: the Delete key on the focused row and the
/// edit item of a row's context menu commit through `commitEditing`, which changes the storage.
final class EditingEventTests: XCTestCase {
    typealias NameRow = ContextMenuEventTests.NameRow

    /// The storage's items, read back as strings.
    @MainActor private static func items(_ manager: ListManager) -> [String] {
        (manager.memoryStorage?.items(inSection: 0) ?? []).map { String(describing: $0) }
    }

    // MARK: - The Delete key

    func testTheDeleteKeyOnAnEditableFocusedRowCommitsDeleteAndTheClosureRemovesTheItem() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.deleteKeyCommits()
        }
    }

    @MainActor private static func deleteKeyCommits() throws {
        let manager = ListManager()
        var log: [String] = []
        var rowsShowTheirModel = true
        manager.register(NameRow.self) { mapping in
            mapping.canEdit { model, _ in model != "a" }
            mapping.commitEditing { style, row, model, indexPath in
                log.append("commit \(style) \(model) \(indexPath.item)")
                rowsShowTheirModel = rowsShowTheirModel && row.text == model
                manager.memoryStorage?.removeItems(at: [indexPath])
            }
            mapping.willBeginEditing { row, model, indexPath in
                log.append("willBegin \(model) \(indexPath.item)")
                rowsShowTheirModel = rowsShowTheirModel && row.text == model
            }
            mapping.didEndEditing { _, model, indexPath in log.append("didEnd \(model) \(indexPath.item)") }
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }

        list.focus(IndexPath(item: 2, section: 0))
        list.press("Delete")
        XCTAssertEqual(log, ["willBegin c 2", "commit delete c 2", "didEnd c 2"])
        XCTAssertTrue(rowsShowTheirModel, "the closures get the row that shows the model")
        XCTAssertEqual(items(manager), ["a", "b", "d"])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.model), ["a", "b", "d"], "the row disappeared")

        log.removeAll()
        list.focus(IndexPath(item: 0, section: 0))
        list.press("Delete")
        XCTAssertEqual(log, [], "canEdit false: the Delete key is not an edit")
        XCTAssertEqual(items(manager), ["a", "b", "d"])
    }

    func testTheDeleteKeyCommitsOnlyAnOfferedDelete() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.deleteKeyNeedsAnOfferedDelete()
        }
    }

    @MainActor private static func deleteKeyNeedsAnOfferedDelete() throws {
        let manager = ListManager()
        var commits: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.editingStyle { model, _ in
                switch model {
                case "a": .none
                case "b": .insert
                default: .delete
                }
            }
            mapping.commitEditing { style, _, model, _ in commits.append("\(style) \(model)") }
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }

        list.focus(IndexPath(item: 2, section: 0))
        list.press("Delete")
        XCTAssertEqual(commits, [], "without canEdit no row can be edited (the default is false)")

        manager.canEdit(String.self) { _, _ in true }
        for item in 0..<2 {
            list.focus(IndexPath(item: item, section: 0))
            list.press("Delete")
        }
        XCTAssertEqual(commits, [], "styles .none and .insert are not committed by the Delete key")

        list.focus(IndexPath(item: 3, section: 0))
        list.press("BackSpace")
        list.press("shift+Delete")
        list.press("ctrl+Delete")
        XCTAssertEqual(commits, [], "BackSpace and Delete with modifiers are not edits")
        list.press("KP_Delete")
        list.focus(IndexPath(item: 2, section: 0))
        list.press("Delete")
        XCTAssertEqual(commits, ["delete d", "delete c"], "keypad Delete and Delete commit .delete")
    }

    // MARK: - The context menu's edit item

    func testTheContextMenuOffersADeleteItemTitledByTheReactionThatCommits() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.menuDeleteItemCommits()
        }
    }

    @MainActor private static func menuDeleteItemCommits() throws {
        let manager = ListManager()
        manager.register(NameRow.self) { mapping in
            mapping.contextMenu { _, _, _ in [MenuItem("Open") {}] }
        }
        var log: [String] = []
        var rowsShowTheirModel = true
        manager.canEdit(String.self) { model, _ in model != "c" }
        manager.commitEditing(NameRow.self) { style, row, model, indexPath in
            log.append("commit \(style) \(model) \(indexPath.item)")
            rowsShowTheirModel = rowsShowTheirModel && row.text == model
            manager.memoryStorage?.removeItems(at: [indexPath])
        }
        manager.titleForDeleteConfirmationButton(NameRow.self) { _, model, _ in model == "a" ? nil : "Remove \(model)" }
        manager.willBeginEditing(NameRow.self) { _, model, indexPath in log.append("willBegin \(model) \(indexPath.item)") }
        manager.didEndEditing(NameRow.self) { _, model, indexPath in log.append("didEnd \(model) \(indexPath.item)") }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }

        list.click(IndexPath(item: 1, section: 0), button: 3)
        let menu = try XCTUnwrap(manager.shownContextMenu)
        XCTAssertEqual(menuTitles(menu), ["Open", "-", "Remove b"])
        XCTAssertEqual(log, ["willBegin b 1"], "opening a menu with an edit item begins editing")
        list.press("Down", "Down", "Return")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertEqual(log, ["willBegin b 1", "commit delete b 1", "didEnd b 1"])
        XCTAssertTrue(rowsShowTheirModel)
        XCTAssertEqual(items(manager), ["a", "c", "d"])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.model), ["a", "c", "d"])

        log.removeAll()
        list.click(IndexPath(item: 0, section: 0), button: 3)
        XCTAssertEqual(menuTitles(try XCTUnwrap(manager.shownContextMenu)), ["Open", "-", "Delete"], "nil keeps \"Delete\"")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertTrue(list.wait { log.count == 2 })
        XCTAssertEqual(log, ["willBegin a 0", "didEnd a 0"], "a dismissed menu ends editing without a commit")
        XCTAssertEqual(items(manager), ["a", "c", "d"])

        log.removeAll()
        list.click(IndexPath(item: 1, section: 0), button: 3)
        XCTAssertEqual(menuTitles(try XCTUnwrap(manager.shownContextMenu)), ["Open"], "a row that cannot be edited has no edit item")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertEqual(log, [], "no edit offered, no editing events")
    }

    func testAnEditableRowWithoutMenuEntriesGetsAMenuWithItsEditItemAlone() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.editItemAlone()
        }
    }

    @MainActor private static func editItemAlone() throws {
        let manager = ListManager()
        var commits: [(EditingStyle, String, IndexPath)] = []
        manager.register(NameRow.self) { mapping in
            mapping.canEdit { _, _ in true }
            mapping.editingStyle { model, _ in model == "b" ? .insert : .delete }
            mapping.commitEditing { style, _, model, indexPath in
                commits.append((style, model, indexPath))
                if style == .insert { manager.memoryStorage?.insertItems(["new"], to: [IndexPath(item: indexPath.item + 1, section: 0)]) }
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }

        list.click(IndexPath(item: 1, section: 0), button: 3)
        let menu = try XCTUnwrap(manager.shownContextMenu)
        XCTAssertEqual(menuTitles(menu), ["Insert"], "style .insert offers an insert item")
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(menu, "Insert"))))
        list.settle()
        XCTAssertEqual(commits.map(\.0), [.insert])
        XCTAssertEqual(commits.map(\.1), ["b"])
        XCTAssertEqual(commits.map(\.2), [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(items(manager), ["a", "b", "new", "c"])
        XCTAssertNil(manager.shownContextMenu)

        list.focus(IndexPath(item: 0, section: 0))
        list.press("shift+F10")
        XCTAssertEqual(menuTitles(try XCTUnwrap(manager.shownContextMenu)), ["Delete"])
        list.press("Down", "Return")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertEqual(commits.map(\.0), [.insert, .delete])
        XCTAssertEqual(commits.map(\.1), ["b", "a"])
    }
}
