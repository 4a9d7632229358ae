import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Context menus, driven by real input under Xvfb: right-clicks, the Menu key and Shift+F10,
/// and keys inside the popped-up menu.
final class ContextMenuEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    /// A value whose release proves a menu action's closure was freed.
    final class Token {
        nonisolated(unsafe) static var liveCount = 0
        init() { Self.liveCount += 1 }
        deinit { Self.liveCount -= 1 }
    }

    @MainActor private static func makeList(
        _ names: [String] = ["a", "b", "c", "d"], _ configure: @escaping (RowMapping<NameRow, String>) -> Void
    ) -> (ListManager, ShownList) {
        let manager = ListManager()
        manager.register(NameRow.self, mapping: configure)
        manager.memoryStorage?.setItems(names)
        return (manager, ShownList(manager))
    }

    // MARK: - Right-click

    func testARightClickPopsUpTheRowsMenuAndAnItemRunsItsActionWithThatModel() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rightClickPopsUpTheMenu()
        }
    }

    @MainActor private static func rightClickPopsUpTheMenu() throws {
        var asked: [(String, IndexPath, Bool)] = []
        var ran: [(String, String, IndexPath)] = []
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { row, model, indexPath in
                asked.append((model, indexPath, row.text == model))
                return [
                    MenuItem("Open") { ran.append(("Open", model, indexPath)) },
                    MenuItem("Rename") { ran.append(("Rename", model, indexPath)) },
                ]
            }
        }
        defer { list.close() }

        list.click(IndexPath(item: 2, section: 0), button: 3)
        XCTAssertEqual(asked.map(\.0), ["c"])
        XCTAssertEqual(asked.map(\.1), [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(asked.map(\.2), [true], "the closure gets the row that shows the model")
        let menu = try XCTUnwrap(manager.shownContextMenu, "a right-click on a row with entries pops a menu up")
        XCTAssertEqual(attachedMenus(of: manager.widget), [menu], "the menu is attached to the list box")
        XCTAssertNotEqual(gtk_widget_get_visible(gcast(menu)), 0)
        XCTAssertEqual(menuTitles(menu), ["Open", "Rename"])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "the right-clicked row is selected")

        let before = finalizedObjects.load(ordering: .acquiring)
        watchFinalization(of: menu)
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(menu, "Rename"))))
        list.settle()
        XCTAssertEqual(ran.map(\.0), ["Rename"])
        XCTAssertEqual(ran.map(\.1), ["c"])
        XCTAssertEqual(ran.map(\.2), [IndexPath(item: 2, section: 0)])
        XCTAssertNil(manager.shownContextMenu, "the menu closes after an item ran")
        XCTAssertTrue(list.wait { finalizedObjects.load(ordering: .acquiring) == before + 1 }, "the menu is finalized once dismissed")
        XCTAssertEqual(attachedMenus(of: manager.widget), [])
    }

    func testRealKeysInsideTheMenuActivateAnItem() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.keysInsideTheMenu()
        }
    }

    @MainActor private static func keysInsideTheMenu() throws {
        var ran: [(String, String)] = []
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { _, model, _ in
                [MenuItem("Open") { ran.append(("Open", model)) }, MenuItem("Rename") { ran.append(("Rename", model)) }]
            }
        }
        defer { list.close() }
        list.click(IndexPath(item: 1, section: 0), button: 3)
        XCTAssertNotNil(manager.shownContextMenu)
        list.press("Down", "Down", "Return")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertEqual(ran.map(\.0), ["Rename"], "Down twice then Return chooses the second item")
        XCTAssertEqual(ran.map(\.1), ["b"])
    }

    func testTheRightClickedRowReplacesAMultipleSelectionItIsNotPartOf() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rightClickSelection()
        }
    }

    @MainActor private static func rightClickSelection() throws {
        var selected: [String] = []
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { _, _, _ in [MenuItem("Open") {}] }
            mapping.didSelect { _, model, _ in selected.append(model) }
        }
        defer { list.close() }
        gtk_list_box_set_selection_mode(manager.listBox!, GTK_SELECTION_MULTIPLE)
        manager.selectItem(at: IndexPath(item: 0, section: 0))
        manager.selectItem(at: IndexPath(item: 1, section: 0))

        list.click(IndexPath(item: 1, section: 0), button: 3)
        XCTAssertNotNil(manager.shownContextMenu)
        XCTAssertEqual(
            manager.selectedIndexPaths, [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)],
            "a row that is part of the selection keeps it")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })

        list.click(IndexPath(item: 3, section: 0), button: 3)
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 0)], "another row becomes the selection")
        XCTAssertEqual(selected, ["d"], "selecting the right-clicked row is a user selection")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
    }

    // MARK: - Keyboard

    func testShiftF10AndTheMenuKeyPopUpTheFocusedRowsMenu() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.keyboardPopsUpTheMenu()
        }
    }

    @MainActor private static func keyboardPopsUpTheMenu() throws {
        var asked: [(String, IndexPath)] = []
        var ran: [String] = []
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { _, model, indexPath in
                asked.append((model, indexPath))
                return [MenuItem("Open") { ran.append(model) }]
            }
        }
        defer { list.close() }

        list.focus(IndexPath(item: 1, section: 0))
        list.press("shift+F10")
        XCTAssertEqual(asked.map(\.0), ["b"])
        XCTAssertEqual(asked.map(\.1), [IndexPath(item: 1, section: 0)])
        let menu = try XCTUnwrap(manager.shownContextMenu, "Shift+F10 pops the focused row's menu up")
        XCTAssertEqual(gtk_menu_get_attach_widget(menu).map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(manager.widget))
        list.press("Down", "Return")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertEqual(ran, ["b"])

        list.focus(IndexPath(item: 3, section: 0))
        list.press("Menu")
        XCTAssertEqual(asked.map(\.0), ["b", "d"], "the Menu key pops the focused row's menu up")
        XCTAssertNotNil(manager.shownContextMenu)
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
        XCTAssertEqual(ran, ["b"], "Escape runs nothing")
    }

    // MARK: - Entries

    func testNoEntriesShowNoMenuAndManagerLevelRegistrationAnswers() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.noEntriesNoMenu()
        }
    }

    @MainActor private static func noEntriesNoMenu() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        var asked: [(String, IndexPath, Bool)] = []
        manager.contextMenu(NameRow.self) { row, model, indexPath in
            asked.append((model, indexPath, row.text == model))
            switch model {
            case "a": return nil
            case "b": return []
            case "c": return [.separator, .submenu("Empty", []), .separator]
            default: return [MenuItem("Open") {}]
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }

        let selectedBefore = manager.selectedIndexPaths
        for item in 0..<3 {
            list.click(IndexPath(item: item, section: 0), button: 3)
            XCTAssertNil(manager.shownContextMenu, "no entries worth showing: no menu for item \(item)")
        }
        XCTAssertEqual(manager.selectedIndexPaths, selectedBefore, "a row without a menu is not selected by a right-click")
        list.click(IndexPath(item: 3, section: 0), button: 3)
        XCTAssertNotNil(manager.shownContextMenu)
        XCTAssertEqual(asked.map(\.0), ["a", "b", "c", "d"])
        XCTAssertEqual(asked.map(\.1), (0..<4).map { IndexPath(item: $0, section: 0) })
        XCTAssertEqual(asked.map(\.2), [true, true, true, true])
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
    }

    func testSubmenusSeparatorsAndDisabledItemsBecomeGtkMenuItems() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.menuStructure()
        }
    }

    @MainActor private static func menuStructure() throws {
        var ran: [String] = []
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { _, model, _ in
                [
                    .separator,
                    MenuItem("Open") { ran.append("open \(model)") },
                    .separator, .separator,
                    MenuItem("Install", isEnabled: false) { ran.append("install \(model)") },
                    .submenu("Copy", [MenuItem("Name") { ran.append("copy name \(model)") }]),
                    .separator,
                ]
            }
        }
        defer { list.close() }
        list.click(IndexPath(item: 0, section: 0), button: 3)
        let menu = try XCTUnwrap(manager.shownContextMenu)
        XCTAssertEqual(menuTitles(menu), ["Open", "-", "Install", "Copy"], "separators are tidied")
        XCTAssertEqual(gtk_widget_get_sensitive(try XCTUnwrap(menuItem(menu, "Install"))), 0)
        XCTAssertNotEqual(gtk_widget_get_sensitive(try XCTUnwrap(menuItem(menu, "Open"))), 0)
        let copy: UnsafeMutablePointer<GtkMenuItem> = gcast(try XCTUnwrap(menuItem(menu, "Copy")))
        let submenu: UnsafeMutablePointer<GtkMenu> = gcast(try XCTUnwrap(gtk_menu_item_get_submenu(copy)))
        XCTAssertEqual(menuTitles(submenu), ["Name"])
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(submenu, "Name"))))
        list.settle()
        XCTAssertEqual(ran, ["copy name a"])
        XCTAssertNil(manager.shownContextMenu, "a submenu item closes the whole menu")
    }

    func testADismissedMenuIsFinalizedAndReleasesItsActions() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.dismissedMenuIsReleased()
        }
    }

    @MainActor private static func dismissedMenuIsReleased() throws {
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { _, _, _ in
                let token = Token()
                return [MenuItem("Keep") { _ = token }, .submenu("More", [MenuItem("Also") { _ = token }])]
            }
        }
        defer { list.close() }
        let tokensBefore = Token.liveCount
        let finalizedBefore = finalizedObjects.load(ordering: .acquiring)
        for round in 0..<3 {
            list.click(IndexPath(item: round, section: 0), button: 3)
            let menu = try XCTUnwrap(manager.shownContextMenu)
            watchFinalization(of: menu)
            XCTAssertEqual(Token.liveCount, tokensBefore + 1, "the shown menu holds its actions")
            list.press("Escape")
            XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
            XCTAssertTrue(list.wait { finalizedObjects.load(ordering: .acquiring) == finalizedBefore + round + 1 })
            XCTAssertEqual(Token.liveCount, tokensBefore, "the dismissed menu's action closures are released")
        }
    }

    func testAMenuOpenWhenTheListIsDestroyedGoesWithIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.menuGoesWithTheList()
        }
    }

    @MainActor private static func menuGoesWithTheList() throws {
        let (manager, list) = makeList { mapping in
            mapping.contextMenu { _, _, _ in [MenuItem("Open") {}] }
        }
        let finalizedBefore = finalizedObjects.load(ordering: .acquiring)
        list.click(IndexPath(item: 0, section: 0), button: 3)
        watchFinalization(of: try XCTUnwrap(manager.shownContextMenu))
        list.close()
        XCTAssertTrue(
            list.wait { finalizedObjects.load(ordering: .acquiring) == finalizedBefore + 1 },
            "closing the window takes the open menu with it")
        XCTAssertNil(manager.shownContextMenu)
    }
}
