import CGtk
import GRDB
import GtkListManager
import ModelStorage
import XCTest

/// Dragging several selected rows as one, with real pointer drags under Xvfb: within a list box
/// and across its sections, on the virtualized host with a selected row far off screen, and to
/// another list; a press on an unselected row still drags that row alone.
final class MultiRowDragTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    /// The moves told, in order: destination, model, source, and whether the row the reaction
    /// got shows that model.
    @MainActor private final class Moves {
        var rows: [(IndexPath, String, IndexPath, Bool)] = []
        var items: [(IndexPath, IndexPath)] = []
    }

    /// A manager in multiple selection whose rows all move, its moves recorded.
    @MainActor private static func movableList(host: (any ListHost)? = nil) -> (ListManager, Moves) {
        let manager = host.map { ListManager(host: $0) } ?? ListManager()
        let moves = Moves()
        manager.register(NameRow.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, row, model, source in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                moves.rows.append((destination, model, source, label == model))
            }
        }
        manager.moveItem { source, destination in moves.items.append((source, destination)) }
        manager.selectionMode = .multiple
        return (manager, moves)
    }

    @MainActor private static func items(_ manager: ListManager, section: Int = 0) -> [String] {
        ReorderingEventTests.items(manager, section: section)
    }

    private static func path(_ item: Int, _ section: Int = 0) -> IndexPath {
        IndexPath(item: item, section: section)
    }

    /// Selects exactly `indexPaths` (a list box shown selects the row the window focuses).
    @MainActor private static func select(_ indexPaths: [IndexPath], in manager: ListManager) {
        for indexPath in manager.selectedIndexPaths { manager.deselectItem(at: indexPath) }
        for indexPath in indexPaths { manager.selectItem(at: indexPath) }
        XCTAssertEqual(manager.selectedIndexPaths, indexPaths)
    }

    @MainActor private static func select(_ items: [Int], in manager: ListManager) {
        select(items.map { path($0) }, in: manager)
    }

    // MARK: - Within the list

    func testThreeSelectedRowsDroppedOnAGapEndTogetherInListOrderAcrossSectionsAndStaySelected() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.threeSelectedRowsOnAListBox()
        }
    }

    /// b and d of section one and f of section two, dragged by d onto the lower half of g: all
    /// three land before h, in their order, one storage move and one reaction per row.
    @MainActor private static func threeSelectedRowsOnAListBox() throws {
        let (manager, moves) = movableList()
        manager.memoryStorage?.setSectionHeaderModels(["one", "two"])
        manager.memoryStorage?.setItemsForAllSections([["a", "b", "c", "d"], ["e", "f", "g", "h"]])
        let list = ShownList(manager, height: 600)
        defer { list.close() }
        select([path(1), path(3), path(1, 1)], in: manager)
        let pressedRow = list.listRow(at: path(3))

        list.drag(from: path(3), to: path(2, 1), lowerHalf: true)

        XCTAssertEqual(items(manager, section: 0), ["a", "c"])
        XCTAssertEqual(items(manager, section: 1), ["e", "g", "b", "d", "f", "h"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(manager), ["one", "a", "c", "two", "e", "g", "b", "d", "f", "h"])
        XCTAssertEqual(manager.boundRow(at: path(3, 1))?.listBoxRow, pressedRow, "the pressed row's widget moved")
        // Row after row, each into the gap after the one before, index paths valid as each moves.
        XCTAssertEqual(moves.rows.map(\.0), [path(3, 1), path(4, 1), path(4, 1)])
        XCTAssertEqual(moves.rows.map(\.1), ["b", "d", "f"])
        XCTAssertEqual(moves.rows.map(\.2), [path(1), path(2), path(1, 1)])
        XCTAssertEqual(moves.rows.map(\.3), [true, true, true], "each reaction gets the row of its model")
        XCTAssertEqual(moves.items.map(\.0), [path(1), path(2), path(1, 1)])
        XCTAssertEqual(moves.items.map(\.1), [path(3, 1), path(4, 1), path(4, 1)])
        XCTAssertEqual(manager.selectedIndexPaths, [path(2, 1), path(3, 1), path(4, 1)], "all three stay selected")
    }

    func testASelectedRowWithoutAWidgetIsCarriedOnTheVirtualizedHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aSelectedRowWithoutAWidgetIsCarried()
        }
    }

    /// n2, n5 and n900 of 1,000 rows selected, n900 never bound: dragged by n5 onto the lower
    /// half of n8, the three land before n9. n900's canMove and move are asked on a scratch row.
    /// A click on a selected row then selects it alone.
    @MainActor private static func aSelectedRowWithoutAWidgetIsCarried() throws {
        let host = VirtualListHost()
        let manager = ListManager(host: host)
        let moves = Moves()
        var asked: [(String, Bool)] = []
        manager.register(NameRow.self) { mapping in
            mapping.canMove { row, model, _ in
                asked.append((model, String(cString: gtk_label_get_text(gcast(row.widget))) == model))
                return true
            }
            mapping.moveRowTo { destination, row, model, source in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                moves.rows.append((destination, model, source, label == model))
            }
        }
        manager.selectionMode = .multiple
        manager.memoryStorage?.setItems((0..<1_000).map { "n\($0)" })
        let list = ShownList(manager, height: 400)
        defer { list.close() }
        list.settleFrame()
        select([2, 5, 900], in: manager)
        XCTAssertNil(manager.boundRow(at: path(900)), "n900 has no widget")

        let start = list.screenPoint(in: try XCTUnwrap(manager.boundRow(at: path(5))?.hostWidget), x: 60)
        let target = try XCTUnwrap(manager.boundRow(at: path(8))?.hostWidget)
        let end = list.screenPoint(in: target, x: 60, y: gtk_widget_get_allocated_height(target) * 3 / 4)
        list.drag(from: start, to: end, steps: 6)
        list.settleFrame()

        XCTAssertEqual(Array(items(manager)[0..<11]), ["n0", "n1", "n3", "n4", "n6", "n7", "n8", "n2", "n5", "n900", "n9"])
        XCTAssertEqual(items(manager).count, 1_000)
        XCTAssertEqual(moves.rows.map(\.0), [path(8), path(8), path(9)])
        XCTAssertEqual(moves.rows.map(\.1), ["n2", "n5", "n900"])
        XCTAssertEqual(moves.rows.map(\.2), [path(2), path(4), path(900)])
        XCTAssertEqual(moves.rows.map(\.3), [true, true, true])
        XCTAssertTrue(asked.contains { $0 == ("n900", true) }, "canMove asked for n900 on a row showing it")
        XCTAssertEqual(manager.selectedIndexPaths, [path(7), path(8), path(9)], "all three stay selected")
        host.forEachBoundRow { position, row in
            XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), items(manager)[position])
        }

        // A click (no drag) on one of them selects it alone, on the release.
        list.click(widget: try XCTUnwrap(manager.boundRow(at: path(8))?.hostWidget))
        XCTAssertEqual(manager.selectedIndexPaths, [path(8)])
    }

    func testAPressOnAnUnselectedRowDragsThatRowAloneAndOneOnASelectedRowDragsTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aPressOnAnUnselectedRow()
        }
    }

    /// a and c selected; e, unselected, dragged onto the upper half of a moves alone; then c,
    /// selected, dragged onto the upper half of e takes a along.
    @MainActor private static func aPressOnAnUnselectedRow() throws {
        let (manager, moves) = movableList()
        var sessions: [([IndexPath], [String])] = []
        manager.dragSessionWillBegin { session in
            sessions.append((session.sourceIndexPaths, session.models.compactMap { $0 as? String }))
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d", "e"])
        let list = ShownList(manager)
        defer { list.close() }
        select([0, 2], in: manager)

        list.drag(from: path(4), to: path(0), lowerHalf: false)

        XCTAssertEqual(items(manager), ["e", "a", "b", "c", "d"])
        XCTAssertEqual(moves.rows.map(\.1), ["e"])
        XCTAssertEqual(sessions.map(\.0), [[path(4)]])
        XCTAssertEqual(sessions.map(\.1), [["e"]])
        XCTAssertEqual(manager.selectedIndexPaths, [path(1), path(3)], "the selection stayed, e unselected")

        list.drag(from: path(3), to: path(0), lowerHalf: false)

        XCTAssertEqual(items(manager), ["a", "c", "e", "b", "d"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(manager), ["a", "c", "e", "b", "d"])
        XCTAssertEqual(moves.rows.map(\.1), ["e", "a", "c"])
        XCTAssertEqual(sessions.map(\.0), [[path(4)], [path(1), path(3)]])
        XCTAssertEqual(manager.selectedIndexPaths, [path(0), path(1)])
    }

    // MARK: - To another list

    func testTwoSelectedRowsDraggedToAnotherListArriveTogetherAndTheSourceSeesAMoveOfBoth() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.twoSelectedRowsToAnotherList()
        }
    }

    @MainActor private static func twoSelectedRowsToAnotherList() throws {
        let source = ListManager(), destination = ListManager()
        source.register(NameRow.self) { mapping in
            mapping.itemsForBeginningDrag { _, model, _ in [DragItem(text: model, model: model)] }
        }
        source.selectionMode = .multiple
        var began: [[String]] = []
        source.dragSessionWillBegin { session in began.append(session.models.compactMap { $0 as? String }) }
        var ended: [(DropProposal.Operation, [IndexPath], IndexPath)] = []
        source.dragSessionDidEnd { [unowned source] session in
            ended.append((session.operation, session.sourceIndexPaths, session.sourceIndexPath))
            guard session.operation == .move else { return }
            source.memoryStorage?.removeItems(at: session.sourceIndexPaths)
        }
        destination.register(NameRow.self)
        destination.dropSessionDidUpdate { _, _ in .move }
        var dropped: (models: [String], sourceIndexPaths: [IndexPath], texts: [String])?
        destination.performDrop { [unowned destination] session in
            let models = session.models(of: String.self)
            dropped = (models, session.sourceIndexPaths, session.items.compactMap(\.text))
            guard let indexPath = session.destinationIndexPath else { return }
            try? destination.memoryStorage?.insertItems(models, at: indexPath)
        }
        source.memoryStorage?.setItems(["a", "b", "c", "d"])
        destination.memoryStorage?.setItems(["x", "y", "z"])
        let first = ShownList(source), second = ShownList(destination)
        defer { first.close(); second.close() }
        second.moveWindow(toX: 500)
        select([1, 3], in: source)

        // By d onto the upper half of y: both land before y.
        let start = first.screenPoint(in: gcast(first.listRow(at: path(3))), x: 60)
        let end = second.screenPoint(in: gcast(second.listRow(at: path(1))), x: 60, y: 4)
        first.drag(from: start, to: end, steps: 6)

        XCTAssertEqual(began, [["b", "d"]])
        XCTAssertEqual(dropped?.models, ["b", "d"], "both models, in list order")
        XCTAssertEqual(dropped?.texts, ["b", "d"])
        XCTAssertEqual(dropped?.sourceIndexPaths, [path(1), path(3)])
        XCTAssertEqual(items(destination), ["x", "b", "d", "y", "z"])
        XCTAssertEqual(ended.map(\.0), [.move])
        XCTAssertEqual(ended.map(\.1), [[path(1), path(3)]])
        XCTAssertEqual(ended.map(\.2), [path(3)], "sourceIndexPath stays the pressed row's")
        XCTAssertEqual(items(source), ["a", "c"], "the source removed both in dragSessionDidEnd")
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(source), ["a", "c"])
    }

    // MARK: - A database storage

    func testADatabaseStorageMovesTheRowsItMayAndKeepsTheOneItRefuses() throws {
        try withBooks(shelves: ["a", "b"], count: 3) { database in
            let shown = try ShownBookList(database, reordering: .column("position", ofTable: "book"), movable: true)
            defer { shown.close() }
            shown.manager.selectionMode = .multiple
            Self.select([Self.path(1), Self.path(0, 1), Self.path(2, 1)], in: shown.manager)
            let start = shown.updates.count

            // By b-2 onto the upper half of b-0: a-1 may not leave its shelf (no section column)
            // and stays; b-0 is in its place already; b-2 follows it.
            shown.list.drag(from: Self.path(2, 1), to: Self.path(0, 1), lowerHalf: false)
            XCTAssertTrue(shown.settle(matching: database), "shows \(shown.shownRows)")

            let titles = try database.queue.read { db in
                try String.fetchAll(db, sql: "SELECT title FROM book ORDER BY shelf, position, id")
            }
            XCTAssertEqual(titles, ["a-0", "a-1", "a-2", "b-0", "b-2", "b-1"])
            let moves = shown.changes(since: start).filter { if case .moveItem = $0 { true } else { false } }
            XCTAssertEqual(moves, [.moveItem(from: Self.path(2, 1), to: Self.path(1, 1))])
            XCTAssertEqual(shown.manager.selectedIndexPaths, [Self.path(1), Self.path(0, 1), Self.path(1, 1)])
        }
    }
}
