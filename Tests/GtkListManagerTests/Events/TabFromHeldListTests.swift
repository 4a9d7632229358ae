import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// When the focused row was deleted and the list widget itself holds the keyboard focus, Tab and
/// Shift+Tab leave the list in one press, as they do from a row, on every host: real key presses
/// (xdotool), the focus read back from GTK.
final class TabFromHeldListTests: XCTestCase {
    typealias NameRow = TouchInputTests.NameRow

    @MainActor private static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }),
        ("flow box grid", { FlowBoxGridHost() }),
        ("virtualized list", { VirtualListHost() }),
        ("virtualized grid", { VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 60))) }),
    ]

    /// A list of one row between two buttons; the row is deleted while it has the focus (the
    /// list holds it), then rows come back without taking it.
    @MainActor private static func heldList(
        on host: any ListHost
    ) -> (ListManager, ShownList, before: UnsafeMutablePointer<GtkWidget>, after: UnsafeMutablePointer<GtkWidget>) {
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems([0])
        let list = ShownList(manager, width: 300, height: 300)
        let before = gtk_button_new_with_label("before")!, after = gtk_button_new_with_label("after")!
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref(list.scrolledWindow)
        gtk_container_remove(gcast(list.window), list.scrolledWindow)
        gtk_box_pack_start(gcast(column), before, 0, 0, 0)
        gtk_box_pack_start(gcast(column), list.scrolledWindow, 1, 1, 0)
        gtk_box_pack_start(gcast(column), after, 0, 0, 0)
        g_object_unref(list.scrolledWindow)
        gtk_container_add(gcast(list.window), column)
        gtk_widget_show_all(list.window)
        list.settleFrame()
        return (manager, list, before, after)
    }

    @MainActor private static func holdFocusWithRowsBack(_ host: any ListHost, _ manager: ListManager, _ list: ShownList, _ name: String) {
        manager.memoryStorage?.setItems([0])
        list.settleFrame()
        XCTAssertTrue(host.focusRow(at: 0), name)
        list.settle()
        manager.memoryStorage?.removeItems(at: [IndexPath(item: 0, section: 0)])
        list.settleFrame()
        XCTAssertEqual(gtk_widget_has_focus(manager.widget), 1, "\(name): the list holds the focus")
        manager.memoryStorage?.setItems([1, 2, 3], diffing: true)
        list.settleFrame()
        XCTAssertEqual(gtk_widget_has_focus(manager.widget), 1, "\(name): still, rows back")
    }

    func testTabAndShiftTabLeaveAListHoldingTheFocusInOnePress() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let host = make()
                let (manager, list, before, after) = Self.heldList(on: host)
                defer { list.close() }
                Self.holdFocusWithRowsBack(host, manager, list, name)
                list.press("Tab")
                XCTAssertEqual(gtk_window_get_focus(gcast(list.window)), after, "\(name): one Tab reaches the button after the list")

                Self.holdFocusWithRowsBack(host, manager, list, name)
                list.press("shift+Tab")
                XCTAssertEqual(gtk_window_get_focus(gcast(list.window)), before, "\(name): one Shift+Tab the button before it")

                // Entering the list again, Tab stops on a row, as it always did.
                list.press("Tab")
                XCTAssertNotNil(host.focusedPosition, "\(name): Tab from the button before enters a row")
            }
        }
    }
}
