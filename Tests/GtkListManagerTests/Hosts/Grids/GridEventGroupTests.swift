import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The list's event groups that `GridEventTests` and `GridInteractionTests` leave out, on both
/// grid hosts as an application makes them, through real input under Xvfb: highlight, focus
/// (`didFocus`, `canFocus`, `preferredFocusedIndexPath`) and `keyPress`. Reordering by keys
/// and scrolling are in `GridReorderingAndScrollEventTests`.
final class GridEventGroupTests: XCTestCase {
    /// A shown grid of four columns: section 0 holds 0…5 (lines 0–3 and 4–5), section 1 holds
    /// 10…17 (two full lines), each under a header; `configure` runs before the cells are made.
    @MainActor static func shownGrid(
        _ kind: GridKind, _ configure: (ListManager) -> Void = { _ in }
    ) -> (ListManager, any ListHost, ShownList) {
        let (manager, host) = kind.makeManagerAsAnAppDoes()
        manager.register(TileCell.self)
        manager.registerHeader(CaptionRow.self)
        configure(manager)
        manager.memoryStorage?.setSectionHeaderModels(["first", "second"])
        manager.memoryStorage?.setItemsForAllSections([Array(0..<6), Array(10..<18)])
        let list = ShownList(manager, width: 440, height: 400)
        list.settleFrame()
        return (manager, host, list)
    }

    static func at(_ item: Int, _ section: Int) -> IndexPath { IndexPath(item: item, section: section) }

    @MainActor static func cell(_ manager: ListManager, _ item: Int, _ section: Int) -> UnsafeMutablePointer<GtkWidget> {
        manager.boundRow(at: at(item, section))!.hostWidget!
    }

    /// The index path of the cell that has the window's keyboard focus, as GTK says.
    @MainActor static func focused(_ manager: ListManager, _ host: any ListHost) -> IndexPath? {
        guard let position = host.focusedPosition, let location = manager.location(ofPosition: position) else { return nil }
        return location.role == .item ? location.indexPath : nil
    }

    /// Whether GTK shows the cell's widget pressed.
    @MainActor static func isShownPressed(_ manager: ListManager, _ item: Int, _ section: Int) -> Bool {
        gtk_widget_get_state_flags(cell(manager, item, section)).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
    }

    private static func entry(_ model: Int, _ indexPath: IndexPath) -> String { "\(model)@\(indexPath.section).\(indexPath.item)" }

    // MARK: - Highlight

    func testHighlightFollowsThePressedButtonAndShouldHighlightControlsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.highlight(kind) }
        }
    }

    @MainActor private static func highlight(_ kind: GridKind) throws {
        var events: [String] = [], activated: [String] = []
        let (manager, _, list) = shownGrid(kind) { manager in
            manager.activatesOnSingleClick = true
            manager.shouldHighlight(TileCell.self) { _, model, _ in model != 11 }
            manager.didHighlight(TileCell.self) { _, model, indexPath in events.append("on " + entry(model, indexPath)) }
            manager.didUnhighlight(TileCell.self) { _, model, indexPath in events.append("off " + entry(model, indexPath)) }
            manager.didActivate(TileCell.self) { _, model, indexPath in activated.append(entry(model, indexPath)) }
        }
        defer { list.close() }
        list.click(widget: cell(manager, 2, 1), release: false)
        XCTAssertEqual(events, ["on 12@1.2"], "\(kind): pressing a cell highlights it")
        XCTAssertTrue(isShownPressed(manager, 2, 1), "\(kind): GTK shows the cell pressed")
        list.releaseButton()
        list.settle()
        XCTAssertEqual(events, ["on 12@1.2", "off 12@1.2"], "\(kind): releasing the button unhighlights it")
        XCTAssertFalse(isShownPressed(manager, 2, 1), "\(kind)")
        XCTAssertEqual(activated, ["12@1.2"], "\(kind): and the single click activated it")

        list.click(widget: cell(manager, 1, 1), release: false)
        XCTAssertFalse(isShownPressed(manager, 1, 1), "\(kind): a cell that should not highlight is not pressed")
        list.releaseButton()
        list.settle()
        XCTAssertEqual(events, ["on 12@1.2", "off 12@1.2"], "\(kind)")
        XCTAssertEqual(activated, ["12@1.2"], "\(kind): nor activated")
        XCTAssertEqual(manager.selectedIndexPaths, [at(1, 1)], "\(kind): the click still selects it")

        list.click(widget: cell(manager, 3, 0))
        XCTAssertEqual(events.suffix(2), ["on 3@0.3", "off 3@0.3"], "\(kind)")
        XCTAssertEqual(activated, ["12@1.2", "3@0.3"], "\(kind)")

        try manager.memoryStorage?.replaceItem(11, with: 19)
        list.settle(milliseconds: 400)  // not a double click on the same cell
        list.click(widget: cell(manager, 1, 1))
        XCTAssertEqual(events.suffix(2), ["on 19@1.1", "off 19@1.1"], "\(kind): asked again when the cell shows another model")
        XCTAssertEqual(activated.last, "19@1.1", "\(kind)")
    }

    // MARK: - Focus

    func testDidFocusReportsTheCellsTheFocusMovesToAcrossSections() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.didFocus(kind) }
        }
    }

    @MainActor private static func didFocus(_ kind: GridKind) throws {
        var focusedCells: [String] = []
        let (manager, host, list) = shownGrid(kind) { manager in
            manager.didFocus(TileCell.self) { row, model, indexPath in
                XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), String(model), "\(kind): the cell's own row")
                focusedCells.append(entry(model, indexPath))
            }
        }
        defer { list.close() }
        list.click(widget: cell(manager, 5, 0))
        XCTAssertEqual(focusedCells.last, "5@0.5", "\(kind): a click focuses the cell")
        focusedCells = []
        list.click(widget: cell(manager, 5, 0))
        XCTAssertEqual(focusedCells, [], "\(kind): focusing the focused cell again is no change")
        list.press(mirroredKey("Left"))
        list.settleFrame()
        list.press("Down")
        list.settleFrame()
        XCTAssertEqual(focusedCells, ["4@0.4", "10@1.0"], "\(kind): Left, then Down into the next section's first column")
        list.press("Up")
        list.settleFrame()
        XCTAssertEqual(focusedCells.last, "4@0.4", "\(kind)")
        XCTAssertEqual(focused(manager, host), at(4, 0), "\(kind): GTK has the focus where the event said")
    }

    func testCanFocusFalseKeepsTheKeyboardOffTheCell() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.canFocus(kind) }
        }
    }

    @MainActor private static func canFocus(_ kind: GridKind) throws {
        var asked: [String] = []
        let (manager, host, list) = shownGrid(kind) { manager in
            manager.canFocus(TileCell.self) { _, model, indexPath in
                asked.append(entry(model, indexPath))
                return model != 1
            }
        }
        defer { list.close() }
        XCTAssertTrue(asked.contains("1@0.1"), "\(kind): asked for the cell when it was bound")
        XCTAssertEqual(gtk_widget_get_can_focus(cell(manager, 1, 0)), 0, "\(kind): GTK cannot focus the cell")
        XCTAssertEqual(gtk_widget_get_can_focus(cell(manager, 2, 0)), 1, "\(kind)")
        list.click(widget: cell(manager, 0, 0))
        XCTAssertEqual(focused(manager, host), at(0, 0), "\(kind)")
        list.press(mirroredKey("Right"))
        list.settleFrame()
        XCTAssertEqual(focused(manager, host), at(2, 0), "\(kind): Right passes over the cell that cannot take the focus")
        XCTAssertEqual(manager.selectedIndexPaths, [at(2, 0)], "\(kind): and the selection follows the focus")
        list.press(mirroredKey("Left"))
        list.settleFrame()
        XCTAssertEqual(focused(manager, host), at(0, 0), "\(kind): so does Left")

        try manager.memoryStorage?.replaceItem(1, with: 7)
        list.settleFrame()
        XCTAssertEqual(asked.last, "7@0.1", "\(kind): a cell refreshed in place is asked again")
        list.press(mirroredKey("Right"))
        list.settleFrame()
        XCTAssertEqual(focused(manager, host), at(1, 0), "\(kind): it takes the focus now")
    }

    func testPreferredFocusedIndexPathIsWhereTheFocusEntersTheGrid() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.preferredFocus(kind) }
        }
    }

    @MainActor private static func preferredFocus(_ kind: GridKind) throws {
        var preferred: IndexPath? = at(2, 1)
        let (manager, host, list) = shownGrid(kind) { manager in manager.preferredFocusedIndexPath { preferred } }
        defer { list.close() }
        list.wait(until: { focused(manager, host) != nil })
        XCTAssertEqual(focused(manager, host), at(2, 1), "\(kind): the window's initial focus enters the grid on the preferred cell")

        // The window has no other focusable widget: from the last cell, Tab leaves the grid
        // (a flow box moves the focus cell by cell before), the window wraps around, and the
        // focus enters the grid again.
        list.click(widget: cell(manager, 7, 1))
        preferred = at(3, 0)
        list.press("Tab")
        list.wait(until: { focused(manager, host) == at(3, 0) })
        XCTAssertEqual(focused(manager, host), at(3, 0), "\(kind): Tab came back on the preferred cell")
    }

    // MARK: - Keys

    func testKeyPressReachesTheFocusedCellBeforeGtkAndTrueStopsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.keyPress(kind) }
        }
    }

    @MainActor private static func keyPress(_ kind: GridKind) throws {
        var keys: [(KeyPress, String)] = []
        let (manager, host, list) = shownGrid(kind) { manager in
            manager.keyPress(TileCell.self) { key, row, model, indexPath in
                XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), String(model), "\(kind)")
                keys.append((key, entry(model, indexPath)))
                return key.keyval == mirroredKeyval(GDK_KEY_Right) && model == 12
            }
        }
        defer { list.close() }
        list.click(widget: cell(manager, 2, 1))
        keys = []
        list.press(mirroredKey("Right"))
        list.settleFrame()
        XCTAssertEqual(keys.map(\.1), ["12@1.2"], "\(kind): the arrow reached the focused cell's reaction")
        XCTAssertEqual(focused(manager, host), at(2, 1), "\(kind): true stopped it: GTK did not move the focus")

        list.press("x")
        XCTAssertEqual(keys.last?.0, KeyPress(keyval: UInt32(GDK_KEY_x), character: "x"), "\(kind)")
        list.press("ctrl+Delete")  // Control_L itself is a key press too
        XCTAssertEqual(keys.last?.0, KeyPress(keyval: UInt32(GDK_KEY_Delete), modifiers: .control), "\(kind)")
        XCTAssertEqual(keys.filter { $0.0.keyval == UInt32(GDK_KEY_x) }.count, 1, "\(kind): a key reaches the reaction once")

        list.press(mirroredKey("Left"))
        list.settleFrame()
        XCTAssertEqual(keys.last?.1, "12@1.2", "\(kind)")
        XCTAssertEqual(focused(manager, host), at(1, 1), "\(kind): false let GTK handle the key")
        list.press(mirroredKey("Right"))
        list.settleFrame()
        XCTAssertEqual(keys.last?.1, "11@1.1", "\(kind): the key goes to the cell that has the focus now")
        XCTAssertEqual(focused(manager, host), at(2, 1), "\(kind)")
        XCTAssertEqual(keys.filter { $0.0.keyval == mirroredKeyval(GDK_KEY_Right) }.map(\.1), ["12@1.2", "11@1.1"], "\(kind)")
    }
}

extension GridKind {
    /// A manager over this kind's host made as the documentation shows, and the host:
    /// `ListManager(host: .flowBoxGrid)`, or the virtualized grid of 90×40 cells.
    @MainActor func makeManagerAsAnAppDoes() -> (ListManager, any ListHost) {
        let host: any ListHost =
            switch self {
            case .flowBox: FlowBoxGridHost.flowBoxGrid
            case .virtualized: VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 40)))
            }
        return (ListManager(host: host), host)
    }
}
