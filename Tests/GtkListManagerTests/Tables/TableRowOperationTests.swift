import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A table's rows move, delete and drag like any list's, through reactions that name the model
/// type (the rows' class is the table's own): Alt+arrows, Delete, the context menu and a drag
/// to another list, on both hosts.
final class TableRowOperationTests: XCTestCase {
    func testAltArrowsMoveATableRowThroughTheModelTypedReactions() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var asked: [Int] = [], moves: [String] = []
                let (manager, _, list) = TableFixture.show(rows: 6, columns: TableFixture.columns(3), on: make()) { manager, _ in
                    manager.canMove(Int.self) { model, _ in
                        asked.append(model)
                        return model != 3
                    }
                    manager.move(Int.self) { destination, model, source in moves.append("\(model) \(source.item)→\(destination.item)") }
                }
                defer { list.close() }
                list.focus(IndexPath(item: 1, section: 0))
                list.press("alt+Down")
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0) as? [Int], [0, 2, 1, 3, 4, 5], name)
                XCTAssertEqual(moves, ["1 1→2"], name)
                XCTAssertEqual(TableFixture.cells(ofItem: 2, in: manager, list: list).first?.text, "r1 c0", "\(name): the row shows it")
                list.focus(IndexPath(item: 3, section: 0))
                list.press("alt+Up")
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0) as? [Int], [0, 2, 1, 3, 4, 5], "\(name): 3 may not move")
                XCTAssertEqual(moves.count, 1, name)
                XCTAssertTrue(asked.contains(3), name)
            }
        }
    }

    func testDeleteAndTheMenusDeleteItemCommitTheEditOfATableRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var commits: [String] = [], ended: [Int] = []
                let (manager, _, list) = TableFixture.show(rows: 5, columns: TableFixture.columns(3), on: make()) { manager, _ in
                    manager.canEdit(Int.self) { _, _ in true }
                    manager.titleForDeleteConfirmationButton(Int.self) { model, _ in "Remove \(model)" }
                    manager.commitEditing(Int.self) { [unowned manager] style, model, indexPath in
                        commits.append("\(style) \(model)")
                        manager.memoryStorage?.removeItems(at: [indexPath])
                    }
                    manager.didEndEditing(Int.self) { model, _ in ended.append(model) }
                }
                defer { list.close() }
                list.focus(IndexPath(item: 2, section: 0))
                list.press("Delete")
                XCTAssertEqual(commits, ["delete 2"], name)
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0) as? [Int], [0, 1, 3, 4], name)
                XCTAssertEqual(ended, [2], name)

                list.focus(IndexPath(item: 0, section: 0))
                list.press("Menu")
                let menu = try XCTUnwrap(manager.shownContextMenu, "\(name): an editable table row has a menu with its edit item")
                let labels = containerChildren(gcast(menu)).compactMap { item in
                    gtk_menu_item_get_label(gcast(item)).map { (item, String(cString: $0)) }
                }
                let remove = try XCTUnwrap(labels.first { $0.1 == "Remove 0" }?.0, name)
                gtk_menu_item_activate(gcast(remove))
                list.settle()
                XCTAssertEqual(commits, ["delete 2", "delete 0"], name)
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0) as? [Int], [1, 3, 4], name)
            }
        }
    }

    func testATableRowDragsItsModelToAnotherList() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (source, _, list) = TableFixture.show(rows: 5, columns: TableFixture.columns(3), on: make()) { manager, _ in
                    manager.itemsForBeginningDrag(Int.self) { model, _ in [DragItem(text: "row \(model)", model: model)] }
                }
                defer { list.close() }
                let destination = ListManager()
                destination.register(DragAndDropEventTests.NameRow.self)
                destination.memoryStorage?.setItems(["x", "y"])
                var dropped: [Int] = []
                destination.performDrop { session in dropped += session.models(of: Int.self) }
                let other = ShownList(destination)
                defer { other.close() }
                other.moveWindow(toX: 700)

                let row = try XCTUnwrap(source.boundRow(at: IndexPath(item: 3, section: 0))?.hostWidget)
                let start = list.screenPoint(in: row, x: 40)
                let end = other.screenPoint(in: gcast(other.listRow(at: IndexPath(item: 0, section: 0))), x: 60, y: 4)
                list.drag(from: start, to: end, steps: 6)
                XCTAssertEqual(dropped, [3], "\(name): the table row's model arrives")
            }
        }
    }
}
