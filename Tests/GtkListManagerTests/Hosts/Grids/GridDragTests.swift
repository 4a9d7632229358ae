import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Real pointer drags on both grid hosts under Xvfb: a cell dragged onto another cell's leading
/// or trailing half moves in the storage once and keeps its widget, within a section and across
/// sections; `targetIndexPathForMove` redirects it; cells drag out to a list, and in from one.
final class GridDragTests: XCTestCase {
    /// The moves a grid's reaction saw: destination, model, source.
    @MainActor private final class Moves {
        var seen: [(IndexPath, Int, IndexPath)] = []
    }

    /// Section 0 holds 0…5, section 1 holds 10…17, four columns, under headers.
    @MainActor private static func movableGrid(
        _ kind: GridKind, _ configure: @escaping (RowMapping<TileCell, Int>) -> Void = { _ in }
    ) -> (ListManager, any ListHost, ShownList, Moves) {
        let host = kind.makeHost()
        let manager = ListManager(host: host)
        let moves = Moves()
        manager.register(TileCell.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, _, model, source in moves.seen.append((destination, model, source)) }
            configure(mapping)
        }
        manager.registerHeader(CaptionRow.self)
        manager.memoryStorage?.setSectionHeaderModels(["first", "second"])
        manager.memoryStorage?.setItemsForAllSections([Array(0..<6), Array(10..<18)])
        let list = ShownList(manager, width: 440, height: 400)
        list.settleFrame()
        return (manager, host, list, moves)
    }

    /// Drags cell `source` onto the leading or trailing half of cell `target` (its right or
    /// left half right to left).
    @MainActor private static func drag(
        _ list: ShownList, _ manager: ListManager, _ source: IndexPath, onto target: IndexPath, trailingHalf: Bool
    ) {
        let sourceWidget = manager.boundRow(at: source)!.hostWidget!
        let targetWidget = manager.boundRow(at: target)!.hostWidget!
        let width = gtk_widget_get_allocated_width(targetWidget)
        let start = list.screenPoint(in: sourceWidget, x: gtk_widget_get_allocated_width(sourceWidget) / 2)
        let end = list.screenPoint(in: targetWidget, x: mirroredPointX(trailingHalf ? width * 3 / 4 : width / 4, in: width))
        list.drag(from: start, to: end, steps: 6)
        list.settleFrame()
    }

    @MainActor private static func items(_ manager: ListManager, _ section: Int) -> [Int] {
        (manager.memoryStorage?.items(inSection: section) ?? []).compactMap { $0 as? Int }
    }

    func testADraggedCellMovesOnceWithinAndAcrossSectionsKeepingItsWidget() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.reordering(kind) }
        }
    }

    @MainActor private static func reordering(_ kind: GridKind) throws {
        let (manager, host, list, moves) = movableGrid(kind)
        defer { list.close() }
        let dragged = manager.boundRow(at: IndexPath(item: 0, section: 0))!.widget
        // "0" onto the trailing half of "2": the gap after it, so "0" ends at index 2.
        drag(list, manager, IndexPath(item: 0, section: 0), onto: IndexPath(item: 2, section: 0), trailingHalf: true)
        XCTAssertEqual(items(manager, 0), [1, 2, 0, 3, 4, 5], "\(kind)")
        XCTAssertEqual(moves.seen.map(\.0), [IndexPath(item: 2, section: 0)], "\(kind): one move, told once")
        XCTAssertEqual(moves.seen.map(\.1), [0])
        XCTAssertEqual(manager.boundRow(at: IndexPath(item: 2, section: 0))?.widget, dragged, "\(kind): the same cell moved")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: manager.memoryStorage!), "\(kind): GTK shows the storage")

        // "5" onto the leading half of "11", in the next section: before it.
        drag(list, manager, IndexPath(item: 5, section: 0), onto: IndexPath(item: 1, section: 1), trailingHalf: false)
        XCTAssertEqual(items(manager, 0), [1, 2, 0, 3, 4], "\(kind)")
        XCTAssertEqual(items(manager, 1), [10, 5, 11, 12, 13, 14, 15, 16, 17], "\(kind)")
        XCTAssertEqual(moves.seen.count, 2, "\(kind)")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: manager.memoryStorage!), "\(kind): GTK shows the storage")
    }

    func testTargetIndexPathForMoveRedirectsTheDrop() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.redirected(kind) }
        }
    }

    @MainActor private static func redirected(_ kind: GridKind) throws {
        var proposals: [IndexPath] = []
        let (manager, host, list, _) = movableGrid(kind) { mapping in
            mapping.targetIndexPathForMove { proposed, _, _, _ in
                proposals.append(proposed)
                return IndexPath(item: 0, section: proposed.section)
            }
        }
        defer { list.close() }
        drag(list, manager, IndexPath(item: 3, section: 0), onto: IndexPath(item: 2, section: 1), trailingHalf: true)
        XCTAssertEqual(proposals.last, IndexPath(item: 3, section: 1), "\(kind): the gap after \"12\"")
        XCTAssertEqual(items(manager, 1).first, 3, "\(kind): redirected to the section's start")
        XCTAssertEqual(items(manager, 0), [0, 1, 2, 4, 5], "\(kind)")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: manager.memoryStorage!), "\(kind)")
    }

    func testCellsDragOutToAListAndInFromOne() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.gridAndList(kind) }
        }
    }

    @MainActor private static func gridAndList(_ kind: GridKind) throws {
        let gridHost = kind.makeHost()
        let grid = ListManager(host: gridHost)
        grid.register(TileCell.self) { mapping in
            mapping.itemsForBeginningDrag { _, model, _ in [DragItem(text: String(model), model: model)] }
        }
        grid.memoryStorage?.setItems(Array(0..<8))
        let list = ListManager()
        list.register(NumberRow.self) { mapping in
            mapping.itemsForBeginningDrag { _, model, _ in [DragItem(text: String(model), model: model)] }
        }
        list.memoryStorage?.setItems([100, 101, 102])
        for (manager, other) in [(grid, list), (list, grid)] {
            manager.dropSessionDidUpdate { _, _ in .copy }
            manager.performDrop { [unowned manager] session in
                guard session.sourceManager === other, let indexPath = session.destinationIndexPath, let item = session.items.first else {
                    return
                }
                manager.drop(item, toPlaceholderAt: indexPath).commitInsertion(ofItem: item.model ?? 0)
            }
        }
        let shownGrid = ShownList(grid, width: 440, height: 300)
        let shownList = ShownList(list, width: 300, height: 300)
        defer { shownGrid.close(); shownList.close() }
        shownList.moveWindow(toX: 600)
        shownGrid.settleFrame()

        // Cell "5" onto the lower half of "101": inserted after it.
        let cell = grid.boundRow(at: IndexPath(item: 5, section: 0))!.hostWidget!
        let row = list.boundRow(at: IndexPath(item: 1, section: 0))!.hostWidget!
        let start = shownGrid.screenPoint(in: cell, x: gtk_widget_get_allocated_width(cell) / 2)
        let end = shownList.screenPoint(in: row, x: 60, y: gtk_widget_get_allocated_height(row) * 3 / 4)
        shownGrid.drag(from: start, to: end, steps: 6)
        shownList.settleFrame()
        XCTAssertEqual(list.memoryStorage?.items(inSection: 0)?.compactMap { $0 as? Int }, [100, 101, 5, 102], "\(kind)")

        // Row "100" onto the trailing half of cell "2": inserted after it.
        let source = list.boundRow(at: IndexPath(item: 0, section: 0))!.hostWidget!
        let target = grid.boundRow(at: IndexPath(item: 2, section: 0))!.hostWidget!
        let from = shownList.screenPoint(in: source, x: 60)
        let targetWidth = gtk_widget_get_allocated_width(target)
        let to = shownGrid.screenPoint(in: target, x: mirroredPointX(targetWidth * 3 / 4, in: targetWidth))
        shownList.drag(from: from, to: to, steps: 6)
        shownGrid.settleFrame()
        XCTAssertEqual(items(grid, 0), [0, 1, 2, 100, 3, 4, 5, 6, 7], "\(kind)")
        XCTAssertEqual(shownSections(of: gridHost, grid), expectedSections(of: grid.memoryStorage!), "\(kind): GTK shows the drop")
    }
}
