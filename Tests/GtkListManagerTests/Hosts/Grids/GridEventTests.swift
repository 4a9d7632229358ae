import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// More event groups on both grid hosts, through real input: the context menu of the cell
/// under the pointer (found by both coordinates), and editing with the Delete key.
final class GridEventTests: XCTestCase {
    @MainActor private static func shownGrid(
        _ kind: GridKind, _ configure: @escaping (RowMapping<TileCell, Int>) -> Void
    ) -> (ListManager, any ListHost, ShownList) {
        let host = kind.makeHost()
        let manager = ListManager(host: host)
        manager.register(TileCell.self, mapping: configure)
        manager.memoryStorage?.setItemsForAllSections([Array(0..<6), Array(10..<18)])
        return (manager, host, ShownList(manager, width: 440, height: 400))
    }

    func testARightClickShowsTheMenuOfTheCellUnderThePointer() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.contextMenu(kind) }
        }
    }

    @MainActor private static func contextMenu(_ kind: GridKind) throws {
        var asked: [(Int, IndexPath)] = []
        let (manager, _, list) = shownGrid(kind) { mapping in
            mapping.contextMenu { _, model, indexPath in
                asked.append((model, indexPath))
                return [MenuItem("Open \(model)") {}]
            }
        }
        defer { list.close() }
        // The fourth column of section 1's first line: a y-only look-up would find another cell.
        list.click(widget: manager.boundRow(at: IndexPath(item: 3, section: 1))!.hostWidget!, button: 3)
        XCTAssertEqual(asked.map(\.0), [13])
        XCTAssertEqual(asked.map(\.1), [IndexPath(item: 3, section: 1)])
        XCTAssertNotNil(manager.shownContextMenu)
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 1)], "the right-clicked cell is selected")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
    }

    func testARightClickOnOneOfSeveralSelectedCellsShowsTheMenuOfTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.selectionMenu(kind) }
        }
    }

    @MainActor private static func selectionMenu(_ kind: GridKind) throws {
        var rowMenus: [Int] = [], selectionMenus: [[IndexPath]] = []
        let (manager, _, list) = shownGrid(kind) { mapping in
            mapping.contextMenu { _, model, _ in
                rowMenus.append(model)
                return [MenuItem("Open \(model)") {}]
            }
        }
        defer { list.close() }
        manager.selectionMode = .multiple
        manager.contextMenuForSelection { indexPaths in
            selectionMenus.append(indexPaths)
            return [MenuItem("Open \(indexPaths.count) cells") {}]
        }
        func cell(_ item: Int, _ section: Int) -> UnsafeMutablePointer<GtkWidget> {
            manager.boundRow(at: IndexPath(item: item, section: section))!.hostWidget!
        }
        list.click(widget: cell(1, 0))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], "\(kind): a plain click selects its cell alone")
        list.click(widget: cell(3, 1), modifiers: ["ctrl"])
        list.click(widget: cell(3, 1), button: 3)
        let both = [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 1)]
        XCTAssertEqual(selectionMenus, [both], "\(kind): the menu of both selected cells")
        XCTAssertEqual(rowMenus, [], "\(kind)")
        XCTAssertNotNil(manager.shownContextMenu)
        XCTAssertEqual(manager.selectedIndexPaths, both, "\(kind): the selection stays")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })

        list.click(widget: cell(0, 1), button: 3)
        XCTAssertEqual(rowMenus, [10], "\(kind): an unselected cell shows its own menu")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 0, section: 1)], "\(kind): and becomes the selection")
        list.press("Escape")
        XCTAssertTrue(list.wait { manager.shownContextMenu == nil })
    }

    func testTheDeleteKeyCommitsAnEditOfTheFocusedCell() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.deleting(kind) }
        }
    }

    @MainActor private static func deleting(_ kind: GridKind) throws {
        var committed: [(Int, IndexPath)] = []
        var manager: ListManager!
        let (shownManager, host, list) = shownGrid(kind) { mapping in
            mapping.canEdit { model, _ in model != 10 }
            mapping.commitEditing { _, _, model, indexPath in
                committed.append((model, indexPath))
                manager.memoryStorage?.removeItems(at: [indexPath])
            }
        }
        manager = shownManager
        defer { list.close() }
        list.click(widget: manager.boundRow(at: IndexPath(item: 2, section: 1))!.hostWidget!)
        list.press("Delete")
        XCTAssertEqual(committed.map(\.0), [12])
        XCTAssertEqual(committed.map(\.1), [IndexPath(item: 2, section: 1)])
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: manager.memoryStorage!), "\(kind): the cell left its section")
        XCTAssertEqual(shownSections(of: host, manager)[1].map(\.model), ["10", "11", "13", "14", "15", "16", "17"])
    }
}
