import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The selection and the focused row belong to the manager: kept by index path through every
/// change and shown again by the new row widget when a row is made anew (another mapping now
/// shows its model). Before the host boundary both lived in the GtkListBoxRow and went with it.
final class SelectionAndCursorTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    /// The items whose rows GTK shows selected.
    @MainActor private static func selectedInGtk(_ manager: ListManager) -> [Int] {
        (0..<manager.rowCount).filter { gtk_list_box_row_is_selected(manager.boundRow(atPosition: $0)!.listBoxRow!) != 0 }
    }

    func testTheSelectionFollowsItsItemsAndARebuiltRowShowsItSelected() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.selectionFollowsItems()
        }
    }

    @MainActor private static func selectionFollowsItems() throws {
        let (manager, storage, _) = makeManager()
        manager.register(NameRow.self)
        manager.selectionMode = .multiple
        storage.setItems([0, 1, 2, 3, 4])
        manager.selectItem(at: at(1))
        manager.selectItem(at: at(3))

        try storage.insertItem(9, to: at(0))
        XCTAssertEqual(manager.selectedIndexPaths, [at(2), at(4)], "an insert above shifts the selection")
        storage.moveItem(at: at(4), to: at(0))
        XCTAssertEqual(manager.selectedIndexPaths, [at(0), at(3)], "a move takes it along")
        XCTAssertEqual(selectedInGtk(manager), [0, 3])

        try storage.replaceItem(at: at(3), with: "one")  // another mapping: a new row widget
        XCTAssertTrue(manager.boundRow(at: at(3))?.view is NameRow)
        XCTAssertEqual(selectedInGtk(manager), [0, 3], "the new row shows the selection its item had")
        XCTAssertEqual(manager.selectedIndexPaths, [at(0), at(3)])

        storage.removeItems(at: [at(0)])
        XCTAssertEqual(manager.selectedIndexPaths, [at(2)], "a deleted item leaves the selection")
        XCTAssertEqual(selectedInGtk(manager), [2])

        storage.setItems([7, 8])
        XCTAssertEqual(manager.selectedIndexPaths, [], "a reload clears it, as UITableView's does")
        XCTAssertEqual(selectedInGtk(manager), [])
    }

    func testSelectAllSelectsEveryItemOfAHundredThousandAndDeselectAllNone() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let storage = MemoryStorage()
            storage.setItems((0..<100_000).map { "item \($0)" })
            let manager = ListManager(host: VirtualListHost(), storage: storage)
            manager.register(NameRow.self)
            let list = ShownList(manager, width: 300, height: 300)
            defer { list.close() }
            list.settleFrame()
            XCTAssertFalse(manager.selectAll(), "single selection: nothing to do")
            manager.selectionMode = .multiple
            XCTAssertTrue(manager.selectAll())
            XCTAssertEqual(manager.selectedIndexPaths.count, 100_000)
            let bound = (0..<manager.rowCount).compactMap { manager.boundRow(atPosition: $0)?.hostWidget }
            XCTAssertFalse(bound.isEmpty)
            XCTAssertTrue(
                bound.allSatisfy { gtk_widget_get_state_flags($0).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0 },
                "GTK shows them selected")
            manager.deselectAll()
            XCTAssertTrue(manager.selectedIndexPaths.isEmpty)
            XCTAssertTrue(bound.allSatisfy { gtk_widget_get_state_flags($0).rawValue & GTK_STATE_FLAG_SELECTED.rawValue == 0 })
        }
    }

    func testAFocusedRowMadeAnewKeepsTheKeyboardFocus() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.focusSurvivesRebinding()
        }
    }

    @MainActor private static func focusSurvivesRebinding() throws {
        let (manager, storage, _) = makeManager()
        manager.register(NameRow.self)
        storage.setItems([0, 1, 2])
        let list = ShownList(manager)
        defer { list.close() }
        gtk_widget_grab_focus(gcast(list.listRow(at: at(1))))
        list.settle()
        XCTAssertNotEqual(gtk_widget_has_focus(gcast(list.listRow(at: at(1)))), 0)

        try storage.insertItem(-1, to: at(0))
        XCTAssertNotEqual(gtk_widget_has_focus(gcast(list.listRow(at: at(2)))), 0, "the same row keeps it after an insert above")

        try storage.replaceItem(at: at(2), with: "one")  // another mapping: the focused row widget is replaced
        list.settle()
        XCTAssertTrue(manager.boundRow(at: at(2))?.view is NameRow)
        XCTAssertNotEqual(gtk_widget_has_focus(gcast(list.listRow(at: at(2)))), 0, "the new row widget takes the focus back")
    }
}
