import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Both grid hosts through real input under Xvfb: one selection across sections, arrow keys
/// that cross sections, activation, display, focus and scrolling, read back from GTK.
final class GridInteractionTests: XCTestCase {
    /// A shown grid of four columns: section 0 holds 0…5 (two lines: 0–3, 4–5), section 1
    /// holds 10…17 (two full lines), each under a header.
    @MainActor private static func shownGrid(_ kind: GridKind, mode: ListSelectionMode = .single) -> (ListManager, any ListHost, ShownList)
    {
        let host = kind.makeHost()
        let manager = ListManager(host: host)
        manager.register(TileCell.self)
        manager.registerHeader(CaptionRow.self)
        manager.selectionMode = mode
        manager.memoryStorage?.setSectionHeaderModels(["first", "second"])
        manager.memoryStorage?.setItemsForAllSections([Array(0..<6), Array(10..<18)])
        let list = ShownList(manager, width: 440, height: 400)
        list.settleFrame()
        return (manager, host, list)
    }

    @MainActor private static func cell(_ manager: ListManager, _ item: Int, _ section: Int) -> UnsafeMutablePointer<GtkWidget> {
        manager.boundRow(at: IndexPath(item: item, section: section))!.hostWidget!
    }

    @MainActor private static func isShownSelected(_ manager: ListManager, _ item: Int, _ section: Int) -> Bool {
        GtkListManagerTests.isShownSelected(manager.boundRow(at: IndexPath(item: item, section: section))!)
    }

    @MainActor private static func focusedIndexPath(_ manager: ListManager, _ host: any ListHost) -> IndexPath? {
        guard let position = host.focusedPosition, let row = manager.boundRow(atPosition: position) else { return nil }
        return manager.location(of: row)?.indexPath
    }

    func testTheCellsSitInFourColumnsUnderTheirHeaders() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.columns(kind) }
        }
    }

    @MainActor private static func columns(_ kind: GridKind) throws {
        let (manager, host, list) = shownGrid(kind)
        defer { list.close() }
        let frames = (0..<6).map { host.rowFrame(at: host.position(of: manager.boundRow(at: IndexPath(item: $0, section: 0))!)!)! }
        XCTAssertEqual(Set(frames[0..<4].map(\.y)).count, 1, "0…3 share the first line")
        XCTAssertGreaterThan(frames[4].y, frames[0].y, "4 starts the second line")
        let header = host.rowFrame(at: host.position(of: manager.boundRow(atPosition: 7)!)!)!
        XCTAssertEqual(manager.boundRow(atPosition: 7)?.role, .header, "position 7 is the second header")
        XCTAssertGreaterThan(header.y, frames[5].y, "the second header spans below section 0's cells")
        XCTAssertEqual(host.position(atX: 5, y: header.y + 2), 7, "a point on the header finds it")
    }

    func testOneCellStaysSelectedAcrossSectionsInSingleMode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.singleSelection(kind) }
        }
    }

    @MainActor private static func singleSelection(_ kind: GridKind) throws {
        let (manager, _, list) = shownGrid(kind)
        defer { list.close() }
        list.click(widget: cell(manager, 1, 0))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)])
        XCTAssertTrue(isShownSelected(manager, 1, 0))
        list.click(widget: cell(manager, 2, 1))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 1)], "the click in section 1 replaces the selection")
        XCTAssertTrue(isShownSelected(manager, 2, 1))
        XCTAssertFalse(isShownSelected(manager, 1, 0), "section 0's flow box no longer shows its cell selected")
    }

    func testCtrlClicksCollectCellsOfSeveralSectionsInMultipleMode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.multipleSelection(kind) }
        }
    }

    @MainActor private static func multipleSelection(_ kind: GridKind) throws {
        let (manager, _, list) = shownGrid(kind, mode: .multiple)
        defer { list.close() }
        list.click(widget: cell(manager, 0, 0))
        list.click(widget: cell(manager, 3, 1), modifiers: ["ctrl"])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 1)])
        XCTAssertTrue(isShownSelected(manager, 0, 0))
        XCTAssertTrue(isShownSelected(manager, 3, 1))
        try manager.memoryStorage?.insertItem(99, to: IndexPath(item: 0, section: 1))
        XCTAssertEqual(
            manager.selectedIndexPaths, [IndexPath(item: 0, section: 0), IndexPath(item: 4, section: 1)], "the selection follows an insert")
    }

    func testARubberBandOnTheFlowBoxGridSelectsEveryCellBetweenItsEndsAcrossSections() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rubberBandAcrossSections()
        }
    }

    @MainActor private static func rubberBandAcrossSections() throws {
        let (manager, _, list) = shownGrid(.flowBox, mode: .multiple)
        defer { list.close() }
        func band(from start: (item: Int, section: Int), to end: (item: Int, section: Int), modifiers: [String] = []) {
            let from = cell(manager, start.item, start.section), to = cell(manager, end.item, end.section)
            for modifier in modifiers { list.xdotool(["keydown", modifier]) }
            list.drag(
                from: list.screenPoint(in: from, x: gtk_widget_get_allocated_width(from) / 2),
                to: list.screenPoint(in: to, x: gtk_widget_get_allocated_width(to) / 2), steps: 8)
            for modifier in modifiers.reversed() { list.xdotool(["keyup", modifier]) }
            list.settleFrame()
        }
        func shownSelection() -> [IndexPath] {
            (0..<2).flatMap { section in
                (0..<(section == 0 ? 6 : 8)).filter { isShownSelected(manager, $0, section) }.map { IndexPath(item: $0, section: section) }
            }
        }
        // Down from "1" in the first section to "12" in the second: 1…5, then 10…12.
        band(from: (1, 0), to: (2, 1))
        let downward = (1..<6).map { IndexPath(item: $0, section: 0) } + (0...2).map { IndexPath(item: $0, section: 1) }
        XCTAssertEqual(manager.selectedIndexPaths, downward, "every cell between the band's ends, in the grid's order")
        XCTAssertEqual(shownSelection(), downward, "and GTK shows exactly those selected")

        // Up from "15" to "4": a new band replaces the selection.
        band(from: (5, 1), to: (4, 0))
        let upward = [IndexPath(item: 4, section: 0), IndexPath(item: 5, section: 0)] + (0...5).map { IndexPath(item: $0, section: 1) }
        XCTAssertEqual(manager.selectedIndexPaths, upward)
        XCTAssertEqual(shownSelection(), upward)

        // With Ctrl, a band adds to what was selected.
        list.click(widget: cell(manager, 7, 1))
        band(from: (0, 0), to: (0, 1), modifiers: ["ctrl"])
        let added = (0..<6).map { IndexPath(item: $0, section: 0) } + [IndexPath(item: 0, section: 1), IndexPath(item: 7, section: 1)]
        XCTAssertEqual(manager.selectedIndexPaths, added)
        XCTAssertEqual(shownSelection(), added)
    }

    func testArrowKeysCrossSectionsKeepingTheColumn() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.crossingSections(kind) }
        }
    }

    @MainActor private static func crossingSections(_ kind: GridKind) throws {
        let (manager, host, list) = shownGrid(kind)
        defer { list.close() }
        list.click(widget: cell(manager, 5, 0))  // column 1 of section 0's last line
        XCTAssertEqual(focusedIndexPath(manager, host), IndexPath(item: 5, section: 0))
        list.press("Down")
        XCTAssertEqual(focusedIndexPath(manager, host), IndexPath(item: 1, section: 1), "Down lands in column 1 of the next section")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 1)], "and selects it, as within a flow box")
        list.press("Up")
        XCTAssertEqual(focusedIndexPath(manager, host), IndexPath(item: 5, section: 0), "Up goes back to the same column")
        list.press(mirroredKey("Right"))
        XCTAssertEqual(
            focusedIndexPath(manager, host), IndexPath(item: 0, section: 1), "Right after the last cell takes the next section's first")
        list.press(mirroredKey("Left"))
        XCTAssertEqual(
            focusedIndexPath(manager, host), IndexPath(item: 5, section: 0), "Left before the first takes the previous section's last")
        list.press("ctrl+Down")
        XCTAssertEqual(focusedIndexPath(manager, host), IndexPath(item: 1, section: 1))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 5, section: 0)], "Ctrl moves the focus without selecting")
    }

    func testActivationAndDisplayEventsReportCellsWithTheirModels() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.activationAndDisplay(kind) }
        }
    }

    @MainActor private static func activationAndDisplay(_ kind: GridKind) throws {
        let manager = ListManager(host: kind.makeHost())
        manager.activatesOnSingleClick = true
        manager.register(TileCell.self)
        manager.registerHeader(CaptionRow.self)
        var displayed: [Int] = [], headers: [String] = [], activated: [(Int, IndexPath)] = []
        manager.willDisplay(TileCell.self) { _, model, _ in displayed.append(model) }
        manager.willDisplayHeader(CaptionRow.self) { _, model, _ in headers.append(model) }
        manager.didActivate(TileCell.self) { _, model, indexPath in activated.append((model, indexPath)) }
        manager.memoryStorage?.setSectionHeaderModels(["first", "second"])
        manager.memoryStorage?.setItemsForAllSections([[1, 2], [3, 4, 5]])
        let list = ShownList(manager, width: 440, height: 400)
        defer { list.close() }
        XCTAssertEqual(displayed.sorted(), [1, 2, 3, 4, 5], "every cell came on screen")
        XCTAssertEqual(headers.sorted(), ["first", "second"])
        list.click(widget: cell(manager, 2, 1))
        XCTAssertEqual(activated.map(\.0), [5])
        XCTAssertEqual(activated.map(\.1), [IndexPath(item: 2, section: 1)])
        manager.memoryStorage?.addItem(6, toSection: 0)
        list.settle()
        XCTAssertEqual(displayed.last, 6, "a cell added to a shown grid is displayed")
    }

    func testScrollToBringsACellOfALaterSectionIntoView() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.scrolling(kind) }
        }
    }

    @MainActor private static func scrolling(_ kind: GridKind) throws {
        let host = kind.makeHost()
        let manager = ListManager(host: host)
        manager.register(TileCell.self)
        manager.memoryStorage?.setItemsForAllSections([Array(0..<80), Array(100..<180), Array(200..<280)])
        let list = ShownList(manager, width: 440, height: 300)
        defer { list.close() }
        let target = IndexPath(item: 50, section: 2)
        let position = 160 + 50  // no headers: two sections of 80 before it
        XCTAssertEqual(manager.location(ofPosition: position), .item(target))
        XCTAssertFalse(host.positionsOnScreen!.contains(position))
        XCTAssertTrue(manager.scrollTo(target, alignment: .center))
        list.settleFrame()
        XCTAssertTrue(host.positionsOnScreen!.contains(position), "\(host.positionsOnScreen!) holds \(position)")
        XCTAssertGreaterThan(gtk_adjustment_get_value(host.verticalAdjustment!), 0)
    }

    func testSectionMovesKeepTheirCellWidgetsAndThePlaceholderShowsWhenEmpty() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.sectionMoves(kind) }
        }
    }

    @MainActor private static func sectionMoves(_ kind: GridKind) throws {
        let (manager, host, list) = shownGrid(kind)
        defer { list.close() }
        let widgets = (0..<6).map { manager.boundRow(at: IndexPath(item: $0, section: 0))!.widget }
        manager.memoryStorage?.moveSection(0, toSection: 1)
        XCTAssertEqual((0..<6).map { manager.boundRow(at: IndexPath(item: $0, section: 1))!.widget }, widgets, "the same cells, moved")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: manager.memoryStorage!))
        let placeholder = gtk_label_new("Nothing here")!
        manager.setPlaceholder(placeholder)
        list.settleFrame()
        XCTAssertEqual(gtk_widget_get_mapped(placeholder), 0, "\(kind): a grid with cells hides its placeholder")
        manager.memoryStorage?.setItemsForAllSections([])
        list.settleFrame()
        XCTAssertEqual(manager.rowCount, 0)
        XCTAssertEqual(gtk_widget_get_mapped(placeholder), 1, "\(kind): an empty grid shows its placeholder")
    }
}
