import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The virtualized list tells its scrolled window of a new geometry (the adjustments'
/// "changed") only when it changed. GTK's `gtk_adjustment_configure` says "changed" even when
/// nothing did, and the list configures its adjustments on every allocation: the scrolled
/// window then checks its scrollbars again, and where that check disagrees with its own guess
/// it queues a resize, which GTK 3 loses while the list is allocated on its own (a scroll, a
/// change of its rows) and leaves the scrolled window waiting for a resize nothing sends. A
/// table stopped laying out after some re-sorts that way (`TableSortedStorageTests`).
final class VirtualListAdjustmentTests: XCTestCase {
    final class NumberRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "\(model)") }
    }

    /// Counts the "changed" signals of the scrolled window's two adjustments.
    @MainActor
    private final class ChangedCounter {
        private(set) var count = 0

        init(_ list: ShownList) {
            for adjustment in [
                gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow))!,
                gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!,
            ] {
                Signal.connect(adjustment, "changed") { [weak self] _ in self?.count += 1 }
            }
        }
    }

    /// A list of 200 rows, or the same as a table whose rows are wider than the viewport.
    @MainActor private static func shown(asTable: Bool, host: VirtualListHost = VirtualListHost()) -> ShownList {
        let manager = ListManager(host: host)
        if asTable {
            _ = manager.makeTable(columns: TableFixture.columns(4))
            for column in 0..<4 {
                manager.register(NumberRow.self, column: "c\(column)")
            }
        } else {
            manager.register(NumberRow.self)
        }
        manager.memoryStorage?.setItems(Array(0..<200))
        let list = ShownList(manager, width: 400, height: 300)
        list.settleFrame()
        return list
    }

    func testScrollsAndChangesThatKeepTheGeometrySayNothingChanged() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for asTable in [false, true] {
                let list = Self.shown(asTable: asTable)
                defer { list.close() }
                let counter = ChangedCounter(list)
                let vertical = gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
                for step in 1...5 {
                    gtk_adjustment_set_value(vertical, Double(step * 40))
                    list.settleFrame()
                }
                list.manager.memoryStorage?.reloadItem(at: IndexPath(item: 3, section: 0))
                list.settleFrame()
                XCTAssertEqual(counter.count, 0, "table \(asTable): five scroll steps and a row refreshed in place change no geometry")

                list.manager.memoryStorage?.addItems(Array(200..<210))
                list.settleFrame()
                XCTAssertGreaterThan(counter.count, 0, "table \(asTable): ten more rows make the content taller")
            }
        }
    }

    /// Whether every position the viewport covers shows its row: bound, mapped, and placed
    /// where the viewport is, read from GTK.
    @MainActor private static func showsItsRows(_ host: VirtualListHost) -> Bool {
        guard let positions = host.positionsOnScreen, !positions.isEmpty else { return false }
        let viewport = gtk_widget_get_allocated_height(host.widget)
        return positions.allSatisfy { position in
            guard let widget = host.boundRow(at: position)?.hostWidget, gtk_widget_get_mapped(widget) != 0 else { return false }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(widget, &allocation)
            return allocation.y + allocation.height > 0 && allocation.y < viewport
        }
    }

    /// A scroll GTK 3 loses: set while the scrolled window is allocated, after it placed the
    /// list (as an app keeping a log scrolled to its end from "size-allocate" does), the list's
    /// request for an allocation stops at the scrolled window, which forgets it as its own
    /// allocation ends, and every later request stops at the list. The list sees that no
    /// allocation came a frame later and lays itself out, and later scrolls show too. (Classic
    /// scrollbars: overlay indicators fading in allocate the scrolled window again, which hides
    /// the loss by chance.)
    func testAScrollSetWhileTheScrolledWindowIsAllocatedShowsItsRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for asTable in [false, true] {
                let host = VirtualListHost()
                let list = Self.shown(asTable: asTable, host: host)
                defer { list.close() }
                let vertical = gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
                gtk_scrolled_window_set_overlay_scrolling(gcast(list.scrolledWindow), 0)
                list.settleFrame()
                var pending: Double?
                Signal.connect(list.scrolledWindow, "size-allocate", argument: OpaquePointer.self) { _, _ in
                    guard let value = pending else { return }
                    pending = nil
                    gtk_adjustment_set_value(vertical, value)
                }
                let range = gtk_adjustment_get_upper(vertical) - gtk_adjustment_get_page_size(vertical)
                pending = range / 2
                gtk_widget_queue_resize(list.scrolledWindow)
                XCTAssertTrue(GtkRuntime.iterate(until: { pending == nil }), "asTable \(asTable): the scrolled window allocated")
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { Self.showsItsRows(host) }, timeout: .seconds(5)),
                    "asTable \(asTable): the rows in the middle")
                gtk_adjustment_set_value(vertical, range / 4)
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { Self.showsItsRows(host) }, timeout: .seconds(5)),
                    "asTable \(asTable): the rows a quarter down")
            }
        }
    }
}
