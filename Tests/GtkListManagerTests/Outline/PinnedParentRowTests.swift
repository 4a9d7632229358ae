import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Sticky parent rows on the virtualized host (``ListManager/pinsParentRows``), read back from
/// GTK: the ancestors of the top row are the rows bound at their own positions, placed one under
/// another at the top of the viewport; the deepest is pushed up by the next row not under it; a
/// click on one scrolls back to it; at most 40% of the viewport is pinned, the outermost kept.
final class PinnedParentRowTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    /// t0 … t4, each with t*.c0 … t*.c9, each with t*.c*.l0 … l9: everything open, 111 rows a
    /// top-level item (t1 at 111, t1.c3 at 145, its leaves 146 … 155, t1.c4 at 156).
    static func deepTree() -> OutlineSnapshot<String> {
        var outline = OutlineSnapshot<String>()
        let tops = (0..<5).map { "t\($0)" }
        outline.append(tops)
        for top in tops {
            let children = (0..<10).map { "\(top).c\($0)" }
            outline.append(children, to: top)
            for child in children { outline.append((0..<10).map { "\(child).l\($0)" }, to: child) }
        }
        _ = outline.expandDescendants()
        return outline
    }

    @MainActor private static func show(_ outline: OutlineSnapshot<String> = deepTree(), height: Int = 400)
        -> (ListManager, VirtualListHost, OutlineStorage<String, String>, ShownList)
    {
        let host = VirtualListHost()
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "Places")
        let manager = ListManager(host: host, storage: storage)
        manager.register(NameRow.self)
        manager.pinsParentRows = true
        let list = ShownList(manager, width: 300, height: Int32(height))
        list.settleFrame()
        return (manager, host, storage, list)
    }

    // MARK: - Reading GTK

    @MainActor private static func container(_ host: VirtualListHost, _ position: Int) -> UnsafeMutablePointer<GtkWidget>? {
        host.boundRow(at: position)?.hostWidget
    }

    /// The row widget's allocation, as GTK placed it in the viewport.
    @MainActor private static func allocation(_ host: VirtualListHost, _ position: Int) -> GtkAllocation? {
        guard let widget = container(host, position) else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return allocation
    }

    /// The text GTK shows in the row bound at `position`.
    @MainActor private static func text(_ host: VirtualListHost, _ position: Int) -> String? {
        (host.boundRow(at: position)?.view as? NameRow).map { String(cString: gtk_label_get_text(gcast($0.widget))) }
    }

    /// Scrolls so that the row at `position` starts `offset` pixels below the viewport's top.
    @MainActor private static func scroll(_ host: VirtualListHost, _ list: ShownList, toRow position: Int, at offset: Double = 0) {
        let adjustment = host.verticalAdjustment!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + host.rowFrame(at: position)!.y - offset)
        list.settleFrame()
        list.settleFrame()
    }

    /// A click of the X server's pointer in the middle of the row bound at `position` (away
    /// from its arrow), where GTK shows it.
    @MainActor private static func click(_ host: VirtualListHost, _ position: Int, in list: ShownList) throws {
        let widget = try XCTUnwrap(container(host, position))
        let point = list.screenPoint(in: widget, x: gtk_widget_get_allocated_width(widget) / 2)
        list.xdotool(["mousemove", String(point.0), String(point.1), "click", "1"])
        list.settleFrame()
    }

    /// Each pinned row is an ancestor of the row that shows, unpinned, where the deepest one
    /// is pinned (its name a prefix of it).
    @MainActor private static func assertPinnedRowsAreAncestorsOfTheRowUnderThem(_ host: VirtualListHost, _ context: String) {
        let pinned = host.pinnedParentPositions
        guard let deepest = pinned.last, let y = allocation(host, deepest).map({ Double($0.y) }) else { return }
        let under = (deepest + 1..<host.rowCount).first { position in
            host.rowFrame(at: position).map { $0.y <= y && y < $0.y + $0.height } ?? false
        }
        guard let under, let name = text(host, under) else { return XCTFail("\(context): no row under the stack") }
        for position in pinned {
            let parent = text(host, position) ?? "?"
            XCTAssertTrue(name.hasPrefix(parent + "."), "\(context): pinned \(parent) is an ancestor of \(name)")
        }
    }

    // MARK: - Specifications

    func testTheAncestorsOfTheTopRowArePinnedOneUnderAnotherAtTheTop() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, _, list) = Self.show()
            defer { list.close() }
            XCTAssertEqual(host.pinnedParentPositions, [], "at the top, t0 shows where it is")

            Self.scroll(host, list, toRow: 151)  // t1.c3.l5
            XCTAssertEqual(host.pinnedParentPositions, [111, 145])
            XCTAssertEqual([111, 145].map { Self.text(host, $0) }, ["t1", "t1.c3"], "their own rows, read from GTK")
            let parent = try XCTUnwrap(Self.allocation(host, 111)), child = try XCTUnwrap(Self.allocation(host, 145))
            XCTAssertEqual(parent.y, 0, "the outermost at the top of the viewport")
            XCTAssertEqual(child.y, parent.y + parent.height, "the next one right under it")
            XCTAssertEqual(host.position(atY: Double(parent.height / 2)), 111, "a click at the top hits the pinned parent")
            XCTAssertEqual(host.position(atY: Double(child.y + child.height / 2)), 145)
            XCTAssertEqual(gtk_widget_get_child_visible(try XCTUnwrap(Self.container(host, 111))), 1)
            XCTAssertLessThan(host.rowWidgetCount, 60, "two rows more than the viewport's, not the rows between")
            Self.assertPinnedRowsAreAncestorsOfTheRowUnderThem(host, "scrolled")

            manager.pinsParentRows = false
            list.settleFrame()
            XCTAssertEqual(host.pinnedParentPositions, [], "off: nothing pinned")
            XCTAssertNil(host.boundRow(at: 145), "t1.c3, far above the viewport, let go")
        }
    }

    func testTheDeepestPinnedRowIsPushedUpByTheNextRowNotUnderIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, host, _, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)
            let height = try XCTUnwrap(Self.allocation(host, 111)).height
            // t1.c4 comes up 5 pixels into where t1.c3 is pinned.
            Self.scroll(host, list, toRow: 156, at: Double(2 * height - 5))
            XCTAssertEqual(host.pinnedParentPositions, [111, 145])
            let pushed = try XCTUnwrap(Self.allocation(host, 145)), next = try XCTUnwrap(Self.allocation(host, 156))
            XCTAssertEqual(pushed.y, height - 5, "pushed up 5 pixels, under t1")
            XCTAssertEqual(pushed.y + pushed.height, next.y, "its bottom meets t1.c4's top")
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 111)).y, 0, "t1 stays")
        }
    }

    func testPinnedRowsAreDrawnOverTheRowsUnderThemTheOuterOverTheDeeper() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, _, list) = Self.show()
            defer { list.close() }
            manager.selectItem(at: IndexPath(item: 111, section: 0))  // t1, pinned: its selection shows
            Self.scroll(host, list, toRow: 151)
            let height = try XCTUnwrap(Self.allocation(host, 111)).height
            Self.scroll(host, list, toRow: 156, at: Double(2 * height - 5))  // t1.c3 pushed 5 px under t1
            // What the list draws, read from GTK: a plain row's background below the stack, and
            // t1's selection over the leaf scrolled under it and over the 5 pixels of t1.c3 pushed
            // up under it; t1.c3 plain below them.
            // Near the rows' end edge: away from the arrow and the centred text.
            let end = TestTextDirection.isRightToLeft ? 4 : gtk_widget_get_allocated_width(manager.widget) - 4
            @MainActor func drawn(_ y: Int32) -> UInt32 { WidgetPixels.pixel(of: manager.widget, x: end, y: y) }
            let plain = drawn(try XCTUnwrap(Self.allocation(host, 157)).y + 1)
            XCTAssertNotEqual(drawn(1), plain, "t1's selection over the row under it")
            XCTAssertEqual(drawn(height - 2), drawn(1), "t1 over t1.c3")
            XCTAssertEqual(drawn(height + 1), plain, "t1.c3 under t1, plain")
        }
    }

    func testAClickOnAPinnedParentScrollsBackToIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, _, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)
            let height = try XCTUnwrap(Self.allocation(host, 111)).height

            // t1.c3, pinned under t1: it shows where it was pinned, its leaves under it.
            try Self.click(host, 145, in: list)
            list.settleFrame()
            list.settleFrame()
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 145, section: 0)], "the click selects it")
            XCTAssertEqual(host.pinnedParentPositions, [111])
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 145)).y, height, "in place under its pinned parent")
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 146)).y, 2 * height, "its first leaf under it")

            // t1: at the top of the viewport, nothing pinned above it.
            try Self.click(host, 111, in: list)
            list.settleFrame()
            list.settleFrame()
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 111, section: 0)])
            XCTAssertEqual(host.pinnedParentPositions, [])
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 111)).y, 0)
            XCTAssertEqual(host.rowFrame(at: 111)?.y, 0, "scrolled to it")
        }
    }

    func testAPinnedParentClosedByItsArrowStaysWhereItWasPinned() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, storage, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)
            let height = try XCTUnwrap(Self.allocation(host, 111)).height
            let arrow = try TreeFixture.arrowPoint(of: 145, in: manager, list: list)
            list.xdotool(["mousemove", String(arrow.0), String(arrow.1), "click", "1"])
            list.settleFrame()
            list.settleFrame()
            XCTAssertEqual(storage.outlinePlace(at: IndexPath(item: 145, section: 0))?.isExpanded, false, "the arrow closed t1.c3")
            XCTAssertEqual(manager.selectedIndexPaths, [], "and selected nothing")
            XCTAssertEqual(host.pinnedParentPositions, [111])
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 145)).y, height, "t1.c3 where it was pinned, under t1")
            XCTAssertEqual(Self.text(host, 146), "t1.c4", "the next folder under it")
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 146)).y, 2 * height)
        }
    }

    func testARowTheKeysMoveToShowsUnderThePinnedParentsNotBehindThem() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, _, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)  // t1.c3.l5 under t1, l6 under t1.c3
            let height = try XCTUnwrap(Self.allocation(host, 111)).height
            try Self.click(host, 153, in: list)  // l7, just under the pinned rows
            list.xdotool(["key", "Up"])
            list.settleFrame()
            list.settleFrame()
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 152, section: 0)], "Up moved to l6")
            XCTAssertEqual(host.pinnedParentPositions, [111, 145])
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 152)).y, 2 * height, "l6 shows under t1 and t1.c3")

            manager.scrollTo(IndexPath(item: 148, section: 0), alignment: .top)
            list.settleFrame()
            list.settleFrame()
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 148)).y, 2 * height, "a scroll to the top too")
        }
    }

    func testATapOnAPinnedParentScrollsBackToItAsAClickDoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, _, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)
            let height = try XCTUnwrap(Self.allocation(host, 111)).height
            // GTK takes the X server's pointer for a finger (its touchscreen debug flag).
            let flags = gtk_get_debug_flags()
            gtk_set_debug_flags(flags | GTK_DEBUG_TOUCHSCREEN.rawValue)
            defer { gtk_set_debug_flags(flags) }
            let widget = try XCTUnwrap(Self.container(host, 145))
            let point = list.screenPoint(in: widget, x: gtk_widget_get_allocated_width(widget) / 2)
            list.xdotool(["mousemove", String(point.0), String(point.1), "mousedown", "1"])
            list.xdotool(["mouseup", "1"])
            list.settleFrame()
            list.settleFrame()
            list.settleFrame()
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 145, section: 0)], "the tap selects t1.c3")
            XCTAssertEqual(host.pinnedParentPositions, [111], "and unpins it")
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 145)).y, height, "in place under its pinned parent")
            XCTAssertEqual(try XCTUnwrap(Self.allocation(host, 146)).y, 2 * height, "its first leaf under it")
        }
    }

    func testTheFocusedRowNeverEndsUnderThePinnedParentsWhateverKeyMovedIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, host, _, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)
            try Self.click(host, 160, in: list)
            let keys =
                Array(repeating: "Page_Down", count: 4) + Array(repeating: "Page_Up", count: 6)
                + Array(repeating: "Up", count: 12) + ["Page_Down", "Page_Up"] + Array(repeating: "Down", count: 6)
            for (step, key) in keys.enumerated() {
                list.xdotool(["key", key])
                list.settleFrame()
                list.settleFrame()
                let context = "after key \(step + 1), \(key)"
                // Read from GTK: the row widget that has the focus, and where the pinned rows end.
                let focused = try XCTUnwrap(
                    host.positionsOnScreen.flatMap { $0.first { Self.container(host, $0).map { gtk_widget_has_focus($0) != 0 } ?? false } },
                    "\(context): a row on screen has the focus")
                let pinned = host.pinnedParentPositions
                guard !pinned.contains(focused) else { continue }  // a pinned row shows whole
                let pinnedBottom = try pinned.map { try XCTUnwrap(Self.allocation(host, $0)) }.map { $0.y + $0.height }.max() ?? 0
                let row = try XCTUnwrap(Self.allocation(host, focused))
                XCTAssertGreaterThanOrEqual(row.y, pinnedBottom, "\(context): row \(focused) shows below the pinned rows \(pinned)")
                XCTAssertLessThanOrEqual(row.y + row.height, gtk_widget_get_allocated_height(host.widget), "\(context): on screen")
            }
        }
    }

    func testAtMostFortyPercentOfTheViewportIsPinnedTheOutermostKept() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            // d0 ▸ d0.d1 ▸ … eight levels deep, then forty leaves.
            var outline = OutlineSnapshot<String>()
            var parent: String? = nil
            for level in 0..<8 {
                let name = parent.map { "\($0).d\(level)" } ?? "d0"
                if let parent { outline.append([name], to: parent) } else { outline.append([name]) }
                parent = name
            }
            outline.append((0..<40).map { "\(parent!).l\($0)" }, to: parent!)
            _ = outline.expandDescendants()
            let (manager, host, _, list) = Self.show(outline, height: 200)
            defer { list.close() }
            Self.scroll(host, list, toRow: 28)
            let rowHeight = Int(try XCTUnwrap(Self.allocation(host, 0)).height)
            let viewport = Int(gtk_widget_get_allocated_height(manager.widget))
            let fitting = Int(Double(viewport) * 0.4) / rowHeight
            XCTAssertGreaterThan(fitting, 0)
            XCTAssertLessThan(fitting, 8, "the test needs more ancestors than fit")
            XCTAssertEqual(host.pinnedParentPositions, Array(0..<fitting), "the outermost \(fitting) of 8")
            let bottom = try XCTUnwrap(Self.allocation(host, fitting - 1))
            XCTAssertLessThanOrEqual(Double(bottom.y + bottom.height), Double(viewport) * 0.4)
        }
    }

    func testPinnedRowsFollowCollapsingAndFiltering() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, host, storage, list) = Self.show()
            defer { list.close() }
            Self.scroll(host, list, toRow: 151)
            storage.collapse(["t1.c3"])
            list.settleFrame()
            list.settleFrame()
            XCTAssertFalse(host.pinnedParentPositions.isEmpty, "t1 still over its rows")
            Self.assertPinnedRowsAreAncestorsOfTheRowUnderThem(host, "after a collapse")

            storage.setFilter({ $0.hasSuffix("l5") || $0.hasSuffix("l6") }, execution: .immediate)
            list.settleFrame()
            // Each tN, tN.cM, tN.cM.l5 and l6 show: 31 rows a top-level item, t1.c3.l5 at 42.
            Self.scroll(host, list, toRow: 42)
            XCTAssertEqual(host.pinnedParentPositions.map { Self.text(host, $0) }, ["t1", "t1.c3"])
            Self.assertPinnedRowsAreAncestorsOfTheRowUnderThem(host, "filtered")
        }
    }
}
