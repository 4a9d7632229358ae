import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// `scrollTo(_:alignment:animated:)`: the list glides on its frame clock to a row that may have
/// no widget yet, lands where an unanimated scroll lands, and stops where it is when the user
/// scrolls; with the desktop's animations off it jumps.
final class AnimatedScrollingTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    func testAVirtualListGlidesToARowWithoutAWidgetAndLandsAtTheTop() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try SteppedFrameTime.during { try Self.glide(host: VirtualListHost(), count: 1_000_000, to: 500_000) }
        }
    }

    func testAListBoxGlidesToARowAndLandsAtTheTop() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try SteppedFrameTime.during { try Self.glide(host: ListBoxHost(), count: 300, to: 200) }
        }
    }

    func testTheUsersWheelStopsTheGlideWhereItIs() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let (manager, list) = Self.shownList(host: host, count: 1_000_000)
            defer { list.close() }
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            list.moveMouse(to: manager.widget)
            manager.scrollTo(IndexPath(item: 900_000, section: 0), alignment: .top, animated: true)
            for _ in 0..<3 { list.settleFrame() }
            XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), 0, "the glide started")
            list.xdotool(["click", "5"])  // the wheel, one notch down
            let stoppedAt = gtk_adjustment_get_value(adjustment)
            for _ in 0..<20 { list.settleFrame() }
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), stoppedAt, accuracy: 1, "the list stays where the user took over")
            XCTAssertNil(manager.boundRow(at: IndexPath(item: 900_000, section: 0)), "the glide never reached its row")
        }
    }

    func testWithTheDesktopsAnimationsOffItJumps() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let settings = try XCTUnwrap(gtk_settings_get_default())
            DesktopAnimations.set(false, on: settings)
            defer { DesktopAnimations.set(true, on: settings) }
            let host = VirtualListHost()
            let (manager, list) = Self.shownList(host: host, count: 100_000)
            defer { list.close() }
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            manager.scrollTo(IndexPath(item: 50_000, section: 0), alignment: .top, animated: true)
            list.settleFrame()
            list.settleFrame()
            let values = (0..<5).map { _ in
                list.settleFrame()
                return gtk_adjustment_get_value(adjustment)
            }
            XCTAssertEqual(Set(values).count, 1, "no frames in between: \(values)")
            XCTAssertEqual(try Self.top(of: 50_000, in: manager, list), 0, accuracy: 1)
        }
    }

    // MARK: - Helpers

    @MainActor private static func glide(host: any ListHost, count: Int, to item: Int) throws {
        let (manager, list) = shownList(host: host, count: count)
        defer { list.close() }
        let adjustment = try XCTUnwrap(host.verticalAdjustment)
        let start = gtk_adjustment_get_value(adjustment)
        XCTAssertTrue(manager.scrollTo(IndexPath(item: item, section: 0), alignment: .top, animated: true))
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), start, "nothing moves before the next frame")

        // Frame by frame of the glide's time (``SteppedFrameTime``), three seconds of it at most.
        var values: [Double] = []
        while values.count < 180,
            manager.boundRow(at: IndexPath(item: item, section: 0)) == nil || values.count < 3
                || values.suffix(3).contains(where: { $0 != values.last })
        {
            SteppedFrameTime.nextFrame(of: list.window)
            _ = GtkRuntime.iteratePending()
            values.append(gtk_adjustment_get_value(adjustment))
        }
        let end = try XCTUnwrap(values.last)
        let between = Set(values.filter { $0 > start + 1 && $0 < end - 1 })
        XCTAssertGreaterThanOrEqual(between.count, 3, "frames in between, not a jump: \(values)")
        XCTAssertEqual(values, values.sorted(), "always toward the row, never back: \(values)")
        XCTAssertEqual(try top(of: item, in: manager, list), 0, accuracy: 1, "landed with the row at the top")
    }

    @MainActor private static func shownList(host: any ListHost, count: Int) -> (ListManager, ShownList) {
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems((0..<count).map { "row \($0)" })
        let list = ShownList(manager, width: 320, height: 300)
        list.settleFrame()
        return (manager, list)
    }

    /// Where the item's row is drawn, from the top of the scrolled window.
    @MainActor private static func top(of item: Int, in manager: ListManager, _ list: ShownList) throws -> Double {
        let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: item, section: 0))?.hostWidget, "row \(item) is bound")
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(row, list.scrolledWindow, 0, 0, &x, &y)
        return Double(y)
    }
}
