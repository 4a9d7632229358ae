import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// The virtualized host on the real widget under Xvfb: only the rows around the viewport have
/// widgets, each showing the storage's model at its position, however the list scrolls and
/// changes; what is on screen stays put when rows come and go above it.
final class VirtualListHostTests: XCTestCase {
    /// A label row whose text is its model, every fifth one two lines high.
    final class TextRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: Int) {
            gtk_label_set_text(gcast(widget), model % 5 == 0 ? "\(model)\nsecond line" : "\(model)")
        }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    /// A manager over a virtualized host, shown in a 300×400 window.
    @MainActor static func makeList(_ items: [Int] = Array(0..<10_000)) -> (ListManager, VirtualListHost, ShownList) {
        let host = VirtualListHost()
        let manager = ListManager(host: host)
        manager.register(TextRow.self)
        manager.register(CaptionRow.self)
        manager.memoryStorage?.setItems(items)
        let list = ShownList(manager, width: 300, height: 400)
        list.settle()
        return (manager, host, list)
    }

    /// Lets GTK lay the list out and draw.
    @MainActor static func settle(_ list: ShownList) {
        list.settleFrame()
    }

    /// The positions on screen, from the host's frames: those overlapping the viewport.
    @MainActor private static func onScreen(_ host: VirtualListHost, viewport: Double) -> [Int] {
        (0..<host.rowCount).lazy.filter { position in
            guard let frame = host.rowFrame(at: position) else { return false }
            return frame.y + frame.height > 0 && frame.y < viewport
        }.map { $0 }
    }

    /// Scrolls the viewport's top to `value` as the scrollbar would.
    @MainActor static func scroll(_ host: VirtualListHost, to value: Double) {
        gtk_adjustment_set_value(host.verticalAdjustment!, value)
    }

    func testOneArgumentChoosesTheHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let virtualized = ListManager(host: .virtualized)
            XCTAssertEqual(String(cString: gtk_widget_get_name(virtualized.widget)), "GlmVirtualList")
            XCTAssertNil(virtualized.listBox)
            let listBox = ListManager(host: .listBox)
            XCTAssertEqual(listBox.listBox.map { gcast($0) }, listBox.widget)
        }
    }

    func testOnlyTheRowsAroundTheViewportHaveWidgetsAndShowTheirModels() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.onlyVisibleRowsBound()
        }
    }

    @MainActor private static func onlyVisibleRowsBound() throws {
        let (manager, host, list) = makeList()
        defer { list.close() }
        let adjustment = try XCTUnwrap(host.verticalAdjustment)
        XCTAssertEqual(host.rowCount, 10_000)
        let bound = Set(0..<host.rowCount).filter { host.boundRow(at: $0) != nil }
        XCTAssertFalse(bound.isEmpty)
        XCTAssertLessThan(host.rowWidgetCount, 60, "widgets for the viewport and its margins, not 10,000")
        XCTAssertTrue(bound.contains(0))
        for position in bound {
            XCTAssertEqual(manager.boundRow(atPosition: position)?.model as? Int, position)
        }
        XCTAssertGreaterThan(gtk_adjustment_get_upper(adjustment), 10_000 * 15, "the scrollbar covers every row")

        scroll(host, to: gtk_adjustment_get_upper(adjustment) / 2)
        settle(list)
        let middle = try XCTUnwrap(host.positionsOnScreen)
        XCTAssertGreaterThan(middle.lowerBound, 3_000)
        for position in middle {
            let row = try XCTUnwrap(host.boundRow(at: position), "row \(position) on screen has a widget")
            XCTAssertEqual((row.view as? TextRow)?.text.split(separator: "\n").first.map(String.init), String(position))
        }
        XCTAssertLessThan(host.rowWidgetCount, 60, "scrolling reuses the row widgets")

        // After a jump the rows on screen alone are bound; a scroll that goes on adds margins.
        var boundNow: [Int] {
            (0..<host.rowCount).filter { host.boundRow(at: $0) != nil && $0 != host.focusedPosition }
        }
        XCTAssertEqual(boundNow, Array(middle), "a jump binds the rows on screen")
        scroll(host, to: gtk_adjustment_get_value(adjustment) + 3)
        settle(list)
        let visible = try XCTUnwrap(host.positionsOnScreen)
        XCTAssertEqual(
            boundNow, Array(visible.lowerBound - host.overscan..<visible.upperBound + host.overscan),
            "then \(host.overscan) rows more on each side")
    }

    func testRandomChangesAndScrollsKeepTheBoundRowsEqualToTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomChangesAndScrolls()
        }
    }

    @MainActor private static func randomChangesAndScrolls() throws {
        for seed in SeedCount.seeds(8) {
            var rng = SplitMix64(seed: seed)
            let storage = MemoryStorage()
            storage.anomalyHandler.action = { _ in }
            let host = VirtualListHost()
            let manager = ListManager(host: host, storage: storage, configuration: RandomizedListTests.randomConfiguration(&rng))
            manager.anomalyHandler.action = { _ in }
            manager.register(TextRow.self)
            manager.register(CaptionRow.self)
            storage.setItemsForAllSections([Array(0..<300), Array(300..<400)])
            storage.setSectionHeaderModels(["first", "second"])
            let list = ShownList(manager, width: 300, height: 400)
            defer { list.close() }
            var history: [String] = []
            for step in 0..<40 {
                let change = RandomizedListTests.randomStep(storage, &rng)
                history.append(change.name)
                change.run()
                if rng.next() % 2 == 0, let adjustment = host.verticalAdjustment {
                    scroll(host, to: Double(rng.next() % UInt64(max(gtk_adjustment_get_upper(adjustment), 1))))
                }
                settle(list)
                let expected = expectedRows(
                    of: storage, headerOnEmpty: manager.configuration.displayHeaderOnEmptySection,
                    footerOnEmpty: manager.configuration.displayFooterOnEmptySection
                ).map(\.description)
                let context = "seed \(seed) step \(step): \(history.suffix(3))"
                XCTAssertEqual(host.rowCount, expected.count, context)
                var wrong: [String] = []
                host.forEachBoundRow { position, row in
                    let shown = "\(row.role) \(String(describing: row.model))"
                    if position >= expected.count || shown != expected[position] { wrong.append("\(position): \(shown)") }
                }
                XCTAssertEqual(wrong, [], context)
                if let visible = host.positionsOnScreen {
                    XCTAssertTrue(visible.allSatisfy { host.boundRow(at: $0) != nil }, "\(context): a row on screen has no widget")
                    // Widgets for the viewport and its margins only (and the focused row).
                    let margins = visible.lowerBound - host.overscan..<visible.upperBound + host.overscan
                    var outside: [Int] = []
                    host.forEachBoundRow { position, _ in
                        if !margins.contains(position), position != host.focusedPosition { outside.append(position) }
                    }
                    XCTAssertEqual(outside, [], "\(context): bound outside \(margins)")
                }
                XCTAssertLessThan(host.rowWidgetCount, 80, context)
                assertGeometry(of: host, context)
                if !wrong.isEmpty { return }
            }
        }
    }

    /// The scrollbar spans every row's height (measured or estimated) and stands at the
    /// viewport's top; each row on screen is allocated where the host says it is.
    @MainActor static func assertGeometry(of host: VirtualListHost, _ context: String) {
        guard host.rowCount > 0, let adjustment = host.verticalAdjustment, let first = host.rowFrame(at: 0),
            let last = host.rowFrame(at: host.rowCount - 1)
        else { return }
        XCTAssertEqual(gtk_adjustment_get_upper(adjustment), last.y + last.height - first.y, "\(context): upper is the content height")
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), -first.y, "\(context): value is the viewport's top")
        // Rows live in viewport coordinates (X11 windows end at 32,767 px): none is placed
        // further than a viewport away from it, whatever the content's height.
        let viewport = gtk_adjustment_get_page_size(adjustment)
        host.forEachBoundRow { position, row in
            guard let rowWidget = row.hostWidget else { return }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(rowWidget, &allocation)
            XCTAssertTrue(-viewport...2 * viewport ~= Double(allocation.y), "\(context): row \(position) placed at \(allocation.y)")
        }
        for position in host.positionsOnScreen ?? 0..<0 {
            guard let row = host.boundRow(at: position), let rowWidget = row.hostWidget, let frame = host.rowFrame(at: position),
                row.role != .header
            else { continue }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(rowWidget, &allocation)
            XCTAssertEqual(Double(allocation.y), frame.y, "\(context): row \(position) allocated at its frame")
            XCTAssertEqual(Double(allocation.height), frame.height, "\(context): row \(position) allocated its height")
        }
    }
}
