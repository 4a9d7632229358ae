import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The keyboard focus stays in the list when the focused row is removed, as GtkTreeView keeps
/// its cursor (``FocusedRowRemoval``): on every host the row that took its place has it (the
/// next, the previous at the end), the list itself when no row is left, and nothing moves when
/// the list did not have the focus. Read from GTK: the window's focus widget and the row it is in.
final class FocusAfterRemovalTests: XCTestCase {
    typealias NameRow = TouchInputTests.NameRow

    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    @MainActor private static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }),
        ("flow box grid", { FlowBoxGridHost() }),
        ("virtualized list", { VirtualListHost() }),
        ("virtualized grid", { VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 60))) }),
    ]

    @MainActor private static func show(_ host: any ListHost, count: Int = 20, register: ((ListManager) -> Void)? = nil)
        -> (ListManager, ShownList)
    {
        let manager = ListManager(host: host)
        if let register { register(manager) } else { manager.register(NameRow.self) }
        manager.memoryStorage?.setItems(Array(0..<count))
        let list = ShownList(manager, width: 300, height: 300)
        list.settleFrame()
        return (manager, list)
    }

    /// The item whose row holds the window's focus, read from GTK, and what its row shows.
    @MainActor static func focusedItem(_ manager: ListManager, _ list: ShownList) -> (item: Int, text: String)? {
        guard let focus = gtk_window_get_focus(gcast(list.window)) else { return nil }
        let count = manager.memoryStorage?.items(inSection: 0)?.count ?? 0
        for item in 0..<count {
            guard let row = manager.boundRow(at: at(item)), let widget = row.hostWidget,
                focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
            else { continue }
            return (item, (row.view as? NameRow).map { String(cString: gtk_label_get_text(gcast($0.widget))) } ?? "")
        }
        return nil
    }

    @MainActor private static func remove(_ items: [Int], from manager: ListManager, _ list: ShownList) {
        manager.memoryStorage?.removeItems(at: items.map(at))
        list.settleFrame()
        list.settleFrame()
    }

    func testTheRowThatTakesTheFocusedRowsPlaceTakesTheFocusOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let (manager, list) = Self.show(host)
                defer { list.close() }
                let focusable = gtk_widget_get_can_focus(manager.widget)
                XCTAssertTrue(host.focusRow(at: 5), name)
                list.settle()
                XCTAssertEqual(Self.focusedItem(manager, list)?.item, 5, "\(name): focused before")

                Self.remove([5], from: manager, list)
                XCTAssertEqual(Self.focusedItem(manager, list)?.text, "row 6", "\(name): the next row took its place and the focus")
                XCTAssertEqual(Self.focusedItem(manager, list)?.item, 5, name)

                // The last row: the one before it.
                XCTAssertTrue(host.focusRow(at: 18), name)
                list.settle()
                Self.remove([18], from: manager, list)
                XCTAssertEqual(Self.focusedItem(manager, list)?.text, "row 18", "\(name): at the end, the previous row")
                XCTAssertEqual(Self.focusedItem(manager, list)?.item, 17, name)

                // Several rows around it, in one change.
                Self.remove([3, 4, 5, 6], from: manager, list)
                XCTAssertEqual(Self.focusedItem(manager, list)?.text, "row 18", "\(name): a row not removed keeps the focus")
                XCTAssertTrue(host.focusRow(at: 4), name)
                list.settle()
                Self.remove([2, 3, 4, 5, 6], from: manager, list)
                XCTAssertEqual(Self.focusedItem(manager, list)?.text, "row 12", "\(name): the first row after those removed")

                // No row left: the list itself.
                Self.remove(Array(0..<manager.memoryStorage!.items(inSection: 0)!.count), from: manager, list)
                XCTAssertEqual(gtk_widget_has_focus(manager.widget), 1, "\(name): the list has the focus")
                manager.memoryStorage?.setItems(Array(0..<5))
                list.settleFrame()
                XCTAssertTrue(host.focusRow(at: 2), "\(name): a row takes it again")
                list.settle()
                XCTAssertEqual(gtk_widget_get_can_focus(manager.widget), focusable, "\(name): as focusable as before")
            }
        }
    }

    func testCtrlZReachesTheListTheLastRowWasDeletedFrom() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let (manager, list) = Self.show(host, count: 1) { manager in
                    manager.register(NameRow.self) { mapping in
                        mapping.canEdit { _, _ in true }
                        mapping.commitEditing { _, _, _, indexPath in manager.memoryStorage?.removeItems(at: [indexPath]) }
                    }
                }
                defer { list.close() }
                let history = UndoHistory()
                history.track(try XCTUnwrap(manager.memoryStorage))
                manager.undoHistory = history
                host.focusRow(at: 0)
                list.settle()
                XCTAssertEqual(host.focusedPosition, 0, name)
                list.press("Delete")
                list.settleFrame()
                XCTAssertEqual(host.rowCount, 0, "\(name): the last row deleted")
                XCTAssertEqual(gtk_widget_has_focus(manager.widget), 1, "\(name): the list holds the focus")
                list.press("ctrl+z")
                list.settleFrame()
                XCTAssertEqual(host.rowCount, 1, "\(name): Ctrl+Z brought it back, no click needed")
            }
        }
    }

    func testATableRowRemovedHandsTheFocusToTheNextRowOnBothTableHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let host = make()
                let (manager, _, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(2), on: host)
                defer { list.close() }
                XCTAssertTrue(host.focusRow(at: 5), name)
                list.settle()
                Self.remove([5], from: manager, list)
                let focus = try XCTUnwrap(gtk_window_get_focus(gcast(list.window)), "\(name): the window has a focus")
                let row = try XCTUnwrap(manager.boundRow(at: Self.at(5))?.hostWidget)
                XCTAssertTrue(focus == row || gtk_widget_is_ancestor(focus, row) != 0, "\(name): in the row now at 5")
                XCTAssertEqual(TableFixture.cells(ofItem: 5, in: manager, list: list).first?.text, "r6 c0", "\(name): the next row")
            }
        }
    }

    func testNothingMovesWhenTheListDidNotHaveTheFocus() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let (manager, list) = Self.show(make())
                defer { list.close() }
                gtk_window_set_focus(gcast(list.window), nil)
                Self.remove([0, 1], from: manager, list)
                XCTAssertNil(gtk_window_get_focus(gcast(list.window)), "\(name): the focus stays where it was")
            }
        }
    }

    func testTheDeleteKeyLeavesTheFocusOnTheNextRowSoTheKeysGoOnReachingTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let (manager, list) = Self.show(host, count: 8) { manager in
                    manager.register(NameRow.self) { mapping in
                        mapping.canEdit { _, _ in true }
                        mapping.commitEditing { _, _, _, indexPath in manager.memoryStorage?.removeItems(at: [indexPath]) }
                    }
                }
                defer { list.close() }
                XCTAssertTrue(host.focusRow(at: 2), name)
                list.settle()
                list.press("Delete")
                list.settleFrame()
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0)?.count, 7, "\(name): deleted")
                XCTAssertEqual(Self.focusedItem(manager, list)?.text, "row 3", "\(name): the next row has the focus")
                list.press("Delete")
                list.settleFrame()
                XCTAssertEqual(Self.focusedItem(manager, list)?.text, "row 4", "\(name): so Delete again reaches the list")
            }
        }
    }
}
