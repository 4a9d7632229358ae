import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Every event group of the list-box host on the virtualized host, driven by real input under
/// Xvfb: keys move over rows that have no widget yet, the focus survives its row scrolling away,
/// clicks select and activate, display follows binding (UITableView's meaning).
final class VirtualListEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "row \(model)") }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    @MainActor private static func makeList(
        count: Int = 1_000, _ configure: (ListManager) -> Void = { _ in }
    ) -> (ListManager, VirtualListHost, ShownList) {
        let host = VirtualListHost()
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        configure(manager)
        manager.memoryStorage?.setItems(Array(0..<count))
        let list = ShownList(manager, width: 300, height: 300)
        list.settle()
        return (manager, host, list)
    }

    /// The items whose bound row widgets GTK shows selected.
    @MainActor private static func shownSelected(_ manager: ListManager) -> [Int] {
        var shown: [Int] = []
        for item in 0..<manager.rowCount {
            guard let rowWidget = manager.boundRow(at: at(item))?.hostWidget else { continue }
            if gtk_widget_get_state_flags(rowWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0 { shown.append(item) }
        }
        return shown
    }

    // MARK: - Keyboard and focus

    func testKeysMoveTheFocusAndTheSelectionOverAMillionRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.keysOverAMillionRows()
        }
    }

    @MainActor private static func keysOverAMillionRows() throws {
        let (manager, host, list) = makeList(count: 1_000_000)
        defer { list.close() }
        list.focus(at(0))
        list.press("End")
        list.settle()
        XCTAssertEqual(host.focusedPosition, 999_999, "End reaches the last row, bound and focused")
        XCTAssertEqual(manager.selectedIndexPaths, [at(999_999)], "the selection follows the focus")
        XCTAssertEqual((manager.boundRow(at: at(999_999))?.view as? NameRow)?.text, "row 999999")

        list.press("Home")
        list.settle()
        XCTAssertEqual(host.focusedPosition, 0)
        let page = try XCTUnwrap(host.positionsOnScreen).count
        for _ in 0..<3 { list.press("Page_Down") }
        list.settle()
        let reached = try XCTUnwrap(host.focusedPosition)
        XCTAssertTrue((3 * (page - 2))...(3 * (page + 1)) ~= reached, "three pages down: \(reached) with \(page) rows a page")
        XCTAssertEqual(manager.selectedIndexPaths, [at(reached)])
        XCTAssertTrue(host.positionsOnScreen?.contains(reached) == true, "the focused row is on screen")
        XCTAssertLessThan(host.rowWidgetCount, 60)

        // Page Down held: 10,000 rows in batches of 100 keys as fast as X sends them (faster than
        // the layout binds the rows); none is lost.
        var position = reached
        for _ in 0..<20 where position < 10_000 {
            list.xdotool(["key", "--delay", "1", "--repeat", "100", "Page_Down"])
            var next = -1
            while let now = host.focusedPosition, now != next {  // until every key is handled
                next = now
                list.settle(milliseconds: 150)
            }
            XCTAssertTrue((100 * (page - 2))...(100 * (page + 1)) ~= next - position, "100 pages: \(next - position) rows")
            position = next
        }
        XCTAssertGreaterThanOrEqual(position, 10_000)
        XCTAssertEqual(manager.selectedIndexPaths, [at(position)], "the selection followed")
        XCTAssertEqual((manager.boundRow(at: at(position))?.view as? NameRow)?.text, "row \(position)")
        XCTAssertTrue(host.positionsOnScreen?.contains(position) == true)
        XCTAssertLessThan(host.rowWidgetCount, 60, "widgets for the viewport, not for the rows walked over")
    }

    func testShiftExtendsAndCtrlMovesOnlyTheFocusInMultipleMode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.multipleSelectionKeys()
        }
    }

    @MainActor private static func multipleSelectionKeys() throws {
        let (manager, host, list) = makeList { $0.selectionMode = .multiple }
        defer { list.close() }
        var changes: [[IndexPath]] = []
        manager.selectionDidChange { changes.append($0) }
        list.click(at(2))
        list.press("shift+Down", "shift+Down")
        list.settle()
        XCTAssertEqual(manager.selectedIndexPaths, [at(2), at(3), at(4)])
        list.press("ctrl+Down")
        list.settle()
        XCTAssertEqual(host.focusedPosition, 5)
        XCTAssertEqual(manager.selectedIndexPaths, [at(2), at(3), at(4)], "Ctrl moves the focus alone")
        list.click(at(0), modifiers: ["ctrl"])
        XCTAssertEqual(manager.selectedIndexPaths, [at(0), at(2), at(3), at(4)], "Ctrl+click adds a row")
        XCTAssertEqual(changes.last, [at(0), at(2), at(3), at(4)])
    }

    func testTheFocusedRowKeepsItsWidgetAndFocusWhenScrolledAway() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.focusSurvivesScrolling()
        }
    }

    @MainActor private static func focusSurvivesScrolling() throws {
        let (manager, host, list) = makeList()
        defer { list.close() }
        list.focus(at(3))
        gtk_adjustment_set_value(host.verticalAdjustment!, 10_000)
        list.settle()
        XCTAssertFalse(host.positionsOnScreen?.contains(3) ?? true, "row 3 scrolled away")
        XCTAssertEqual(host.focusedPosition, 3, "its row widget stays, focused, off screen")
        list.press("Down")
        list.settle()
        XCTAssertEqual(host.focusedPosition, 4)
        XCTAssertTrue(host.positionsOnScreen?.contains(4) == true, "the list scrolled back to the focused row")
        XCTAssertEqual(manager.selectedIndexPaths, [at(4)])
    }

    // MARK: - Pointer

    func testAClickSelectsAndADoubleClickOrEnterActivates() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.clicksSelectAndActivate()
        }
    }

    @MainActor private static func clicksSelectAndActivate() throws {
        var log: [String] = []
        let (manager, _, list) = makeList { manager in
            manager.didSelect(NameRow.self) { row, model, indexPath in log.append("select \(model) \(indexPath.item) \(row.text)") }
            manager.didActivate(NameRow.self) { _, model, _ in log.append("activate \(model)") }
            manager.didHighlight(NameRow.self) { _, model, _ in log.append("highlight \(model)") }
        }
        defer { list.close() }
        list.click(at(4))
        XCTAssertEqual(log, ["highlight 4", "select 4 4 row 4"])
        XCTAssertEqual(manager.selectedIndexPaths, [at(4)])
        XCTAssertEqual(shownSelected(manager), [4], "the row widget shows it")
        log.removeAll()
        list.click(at(1), count: 2)
        XCTAssertTrue(log.contains("activate 1"), "\(log)")
        log.removeAll()
        list.press("Return")
        list.settle()
        XCTAssertEqual(log, ["activate 1"], "Enter activates the focused row")
    }

    func testEverySelectionModeAndRowsSelectedThenScrolledAway() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.selectionModes()
        }
    }

    @MainActor private static func selectionModes() throws {
        let (manager, _, list) = makeList { $0.selectionMode = .none }
        defer { list.close() }
        list.click(at(2))
        XCTAssertEqual(manager.selectedIndexPaths, [], "none: a click selects nothing")
        XCTAssertEqual(shownSelected(manager), [])

        manager.selectionMode = .single
        list.click(at(2))
        list.click(at(5))
        XCTAssertEqual(manager.selectedIndexPaths, [at(5)])
        XCTAssertEqual(shownSelected(manager), [5], "single: the row clicked last, shown")
        list.click(at(5), modifiers: ["ctrl"])
        XCTAssertEqual(manager.selectedIndexPaths, [], "single: Ctrl+click deselects the selected row")
        XCTAssertEqual(shownSelected(manager), [])

        manager.selectionMode = .browse
        list.click(at(3))
        list.click(at(3), modifiers: ["ctrl"])
        XCTAssertEqual(manager.selectedIndexPaths, [at(3)], "browse: the selected row stays selected")
        XCTAssertEqual(shownSelected(manager), [3])

        manager.selectionMode = .multiple
        list.click(at(1))
        list.click(at(4), modifiers: ["ctrl"])
        XCTAssertEqual(manager.selectedIndexPaths, [at(1), at(4)])
        XCTAssertEqual(shownSelected(manager), [1, 4])
        // Rows 1 and 4 scroll away and lose their widgets; a plain click far below selects
        // that row alone, as in a list box, and a Shift+click makes a range from it.
        manager.scrollTo(at(900), alignment: .top)
        list.settle()
        XCTAssertNil(manager.boundRow(at: at(1)), "row 1 has no widget now")
        list.click(at(902))
        XCTAssertEqual(manager.selectedIndexPaths, [at(902)], "the rows selected off screen are deselected too")
        list.click(at(905), modifiers: ["shift"])
        XCTAssertEqual(manager.selectedIndexPaths, (902...905).map(at))
        XCTAssertEqual(shownSelected(manager), [902, 903, 904, 905])
        manager.scrollTo(at(0), alignment: .top)
        list.settle()
        XCTAssertNotNil(manager.boundRow(at: at(1)))
        XCTAssertEqual(shownSelected(manager).filter { $0 < 100 }, [], "rows bound again show the selection the manager kept")
    }

    func testTheSelectionFollowsItsRowThroughInsertsAndDeletesAbove() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.selectionThroughChangesAbove()
        }
    }

    @MainActor private static func selectionThroughChangesAbove() throws {
        let (manager, host, list) = makeList(count: 5_000) { $0.selectionMode = .multiple }
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        manager.scrollTo(at(2_000), alignment: .top)
        list.settle()
        list.click(at(2_003))
        list.click(at(2_005), modifiers: ["ctrl"])
        try storage.insertItems(Array(-1_000..<0), at: at(0))
        list.settle()
        XCTAssertEqual(manager.selectedIndexPaths, [at(3_003), at(3_005)], "1,000 rows inserted above: the same items")
        XCTAssertEqual(shownSelected(manager), [3_003, 3_005], "still shown on their rows, which stayed on screen")
        XCTAssertTrue(host.positionsOnScreen?.contains(3_003) == true)
        storage.removeItems(at: (0..<1_500).map { at($0) })
        list.settle()
        XCTAssertEqual(manager.selectedIndexPaths, [at(1_503), at(1_505)], "1,500 deleted above")
        manager.scrollTo(at(0), alignment: .top)
        list.settle()
        manager.scrollTo(at(1_500), alignment: .top)
        list.settle()
        XCTAssertEqual(shownSelected(manager), [1_503, 1_505], "bound anew after scrolling away and back: shown selected")
    }

    // MARK: - Display, sizes, scrolling

    func testRowsAreDisplayedWhileBoundAndSizesAndScrollToApply() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.displayAndScrolling()
        }
    }

    @MainActor private static func displayAndScrolling() throws {
        var displayed = Set<Int>()
        var nearEnd = 0
        let (manager, host, list) = makeList { manager in
            manager.willDisplay(NameRow.self) { _, model, _ in displayed.insert(model) }
            manager.didEndDisplaying(NameRow.self) { _, model, _ in displayed.remove(model) }
            manager.heightForRow(Int.self) { model, _ in model == 500 ? 120 : -1 }
            manager.rowsNearEnd(threshold: 5) { nearEnd += 1 }
        }
        defer { list.close() }
        let bound = Set((0..<1_000).filter { host.boundRow(at: $0) != nil })
        XCTAssertEqual(displayed, bound, "bound rows are displayed, as UITableView's visible cells")
        XCTAssertTrue(manager.scrollTo(at(500), alignment: .top))
        list.settle()
        XCTAssertEqual(host.positionsOnScreen?.lowerBound, 500)
        XCTAssertEqual(host.rowFrame(at: 500)?.height, 120, "heightForRow is the row's height")
        let keptFocused = host.focusedPosition.map { Set([$0]) } ?? []
        XCTAssertEqual(
            displayed, Set((0..<1_000).filter { host.boundRow(at: $0) != nil }).subtracting(keptFocused),
            "rows scrolled away ended display (the focused row keeps its widget, off screen)")
        XCTAssertFalse(displayed.contains(0))
        XCTAssertEqual(nearEnd, 0)
        manager.scrollTo(at(999), alignment: .bottom)
        list.settle()
        XCTAssertEqual(nearEnd, 1, "rowsNearEnd fired once near the end")
    }

    // MARK: - Editing, menus, reordering

    func testDeleteKeyContextMenuAndAltArrowsWork() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.editingMenusAndReordering()
        }
    }

    @MainActor private static func editingMenusAndReordering() throws {
        var menus: [Int] = []
        let (manager, _, list) = makeList(count: 50) { manager in
            manager.canEdit(Int.self) { _, _ in true }
            manager.commitEditing(NameRow.self) { _, _, _, indexPath in manager.memoryStorage?.removeItems(at: [indexPath]) }
            manager.contextMenu(NameRow.self) { _, model, _ in
                menus.append(model)
                return [MenuItem("Open") {}]
            }
            manager.canMove(NameRow.self) { _, _, _ in true }
        }
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        list.focus(at(2))
        list.press("Delete")
        list.settle()
        XCTAssertEqual(storage.items(inSection: 0)?.prefix(4).map { $0 as? Int }, [0, 1, 3, 4], "Delete removed the focused row")

        list.click(at(3), button: 3)
        XCTAssertEqual(menus, [4], "a right-click pops the row's menu up")
        XCTAssertNotNil(manager.shownContextMenu)
        gtk_menu_shell_deactivate(gcast(manager.shownContextMenu!))
        list.settle()

        list.focus(at(0))
        list.press("alt+Down")
        list.settle()
        XCTAssertEqual(storage.items(inSection: 0)?.prefix(3).map { $0 as? Int }, [1, 0, 3], "Alt+Down moved the row")
    }
}
