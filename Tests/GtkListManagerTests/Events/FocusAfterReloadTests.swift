import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A reload (`setItems` without a diff, `reload()`) rebuilds every row; the keyboard focus a row
/// had goes to the row of the same item when it is still there, else to the row that took its
/// place, as after a removal (``FocusedRowRemoval``), on every host and both table hosts. Read
/// from GTK: the window's focus widget and the row it is in.
final class FocusAfterReloadTests: XCTestCase {
    typealias NameRow = TouchInputTests.NameRow

    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    @MainActor private static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }),
        ("flow box grid", { FlowBoxGridHost() }),
        ("virtualized list", { VirtualListHost() }),
        ("virtualized grid", { VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 60))) }),
    ]

    /// The item whose row holds the window's focus, read from GTK.
    @MainActor private static func focusedItem(_ manager: ListManager, _ list: ShownList) -> Int? {
        guard let focus = gtk_window_get_focus(gcast(list.window)) else { return nil }
        let count = manager.memoryStorage?.items(inSection: 0)?.count ?? 0
        return (0..<count).first { item in
            guard let widget = manager.boundRow(at: at(item))?.hostWidget else { return false }
            return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
        }
    }

    /// Replaces the items without a diff (a reload), then lets GTK lay the new rows out and
    /// draw them, until the focus is on the row of `focusedItem` when one is expected.
    @MainActor private static func reload(
        _ manager: ListManager, with items: [Int], _ list: ShownList, focusing focusedItem: Int? = nil
    ) {
        manager.memoryStorage?.setItems(items)
        list.settleFrame()
        list.settleFrame()
        if let focusedItem { _ = GtkRuntime.iterate(until: { Self.focusedItem(manager, list) == focusedItem }, timeout: .seconds(2)) }
    }

    func testTheFocusedItemKeepsTheFocusThroughAReloadOrHandsItToItsPlaceOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let manager = ListManager(host: host)
                manager.register(NameRow.self)
                manager.memoryStorage?.setItems(Array(0..<20))
                let list = ShownList(manager, width: 300, height: 300)
                defer { list.close() }
                list.settleFrame()
                XCTAssertTrue(host.focusRow(at: 3), name)
                list.settle()
                XCTAssertEqual(Self.focusedItem(manager, list), 3, "\(name): focused before")

                // Two rows come in above it: the same item, now at 5, keeps the focus.
                Self.reload(manager, with: [0, 1, 100, 101] + Array(2..<20), list, focusing: 5)
                XCTAssertEqual(Self.focusedItem(manager, list), 5, "\(name): item 3's row, at 5 now, has the focus")
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0)?[5] as? Int, 3, name)

                // Gone: the row now where it was takes the focus.
                Self.reload(manager, with: [0, 1, 100, 101, 2] + Array(4..<20), list, focusing: 5)
                XCTAssertEqual(Self.focusedItem(manager, list), 5, "\(name): the row in its place has the focus")
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0)?[5] as? Int, 4, name)

                // Nothing left: the list itself holds it, so the keys still reach it.
                Self.reload(manager, with: [], list)
                XCTAssertEqual(gtk_widget_has_focus(manager.widget), 1, "\(name): the list holds the focus")
            }
        }
    }

    func testATableRowKeepsTheFocusThroughAReloadOnBothTableHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let host = make()
                let (manager, _, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(2), on: host)
                defer { list.close() }
                XCTAssertTrue(host.focusRow(at: 4), name)
                list.settle()
                Self.reload(manager, with: [50] + Array(0..<20), list, focusing: 5)
                XCTAssertEqual(Self.focusedItem(manager, list), 5, "\(name): item 4's row, at 5 now")
                XCTAssertEqual(TableFixture.cells(ofItem: 5, in: manager, list: list).first?.text, "r4 c0", name)
            }
        }
    }

    func testNothingMovesWhenTheListDidNotHaveTheFocus() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let manager = ListManager(host: make())
                manager.register(NameRow.self)
                manager.memoryStorage?.setItems(Array(0..<20))
                let list = ShownList(manager, width: 300, height: 300)
                defer { list.close() }
                list.settleFrame()
                gtk_window_set_focus(gcast(list.window), nil)
                Self.reload(manager, with: Array(0..<10), list)
                XCTAssertNil(gtk_window_get_focus(gcast(list.window)), "\(name): the focus stays where it was")
            }
        }
    }
}
