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
    @MainActor private static func makeList(_ items: [Int] = Array(0..<10_000)) -> (ListManager, VirtualListHost, ShownList) {
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
    @MainActor private static func settle(_ list: ShownList) {
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
    @MainActor private static func scroll(_ host: VirtualListHost, to value: Double) {
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
        let middle = try XCTUnwrap(host.visibleRange)
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
        let visible = try XCTUnwrap(host.visibleRange)
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
                if let visible = host.visibleRange {
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
    @MainActor private static func assertGeometry(of host: VirtualListHost, _ context: String) {
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
        for position in host.visibleRange ?? 0..<0 {
            guard let row = host.boundRow(at: position), let rowWidget = row.hostWidget, let frame = host.rowFrame(at: position),
                row.role != .header
            else { continue }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(rowWidget, &allocation)
            XCTAssertEqual(Double(allocation.y), frame.y, "\(context): row \(position) allocated at its frame")
            XCTAssertEqual(Double(allocation.height), frame.height, "\(context): row \(position) allocated its height")
        }
    }

    func testHeightsCorrectedAboveTheViewportMoveNothingOnScreen() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.heightCorrections()
        }
    }

    /// Rows above the viewport measured taller than before (as an estimate is corrected when
    /// its row is bound): what is on screen keeps its pixel and the scrollbar follows. The top
    /// row growing keeps its own top where it is.
    @MainActor private static func heightCorrections() throws {
        let (manager, host, list) = makeList()
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        let adjustment = try XCTUnwrap(host.verticalAdjustment)
        let sixLines = "tall\n\n\n\n\nend"
        scroll(host, to: 40_000.5)
        list.wait { host.visibleRange.map { $0.lowerBound > 1_000 && host.boundRow(at: $0.lowerBound) != nil } ?? false }
        let jumpedTo = gtk_adjustment_get_value(adjustment)  // estimates corrected: not quite 40,000
        scroll(host, to: jumpedTo + 1)  // a scroll that goes on: the margins get bound too
        list.wait { host.visibleRange.map { host.boundRow(at: $0.lowerBound - 1) != nil } ?? false }
        let top = try XCTUnwrap(host.visibleRange?.lowerBound)
        let topY = try XCTUnwrap(host.rowFrame(at: top)?.y)
        let belowY = try XCTUnwrap(host.rowFrame(at: top + 1)?.y)
        let upper = gtk_adjustment_get_upper(adjustment)
        let above = try [top - 2, top - 1].map { try XCTUnwrap(host.rowFrame(at: $0)?.height) }.reduce(0, +)

        for position in [top - 2, top - 1] { try storage.replaceItem(at: IndexPath(item: position, section: 0), with: sixLines) }
        settle(list)
        XCTAssertNotNil(host.boundRow(at: top - 1), "the rows above are bound in the overscan, measured anew")
        let grown = try [top - 2, top - 1].map { try XCTUnwrap(host.rowFrame(at: $0)?.height) }.reduce(0, +) - above
        XCTAssertGreaterThan(grown, 40, "two rows grew by four lines or more")
        XCTAssertEqual(host.rowFrame(at: top)?.y, topY, "the top row kept its pixel")
        XCTAssertEqual(host.rowFrame(at: top + 1)?.y, belowY, "so did the row below it")
        // Unmeasured rows are estimated at the measured mean, which grew too: the content above
        // the viewport grew by at least the measured difference, and the scrollbar with it.
        XCTAssertGreaterThanOrEqual(gtk_adjustment_get_upper(adjustment), upper + grown, "the scrollbar grew")
        XCTAssertGreaterThanOrEqual(gtk_adjustment_get_value(adjustment), jumpedTo + 1 + grown, "and stands further down")
        assertGeometry(of: host, "after the rows above grew")

        try storage.replaceItem(at: IndexPath(item: top, section: 0), with: sixLines)
        settle(list)
        XCTAssertEqual(host.rowFrame(at: top)?.y, topY, "the top row grew downwards from where it was")
        assertGeometry(of: host, "after the top row grew")
    }

    func testRowsInsertedOrRemovedAboveTheViewportLeaveTheVisibleRowsWhereTheyAre() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.anchoring()
        }
    }

    @MainActor private static func anchoring() throws {
        let (manager, host, list) = makeList()
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        scroll(host, to: 40_000.5)
        settle(list)
        let top = try XCTUnwrap(host.visibleRange?.lowerBound)
        let topModel = try XCTUnwrap(host.boundRow(at: top)?.model as? Int)
        let topY = try XCTUnwrap(host.rowFrame(at: top)?.y)

        try storage.insertItems(Array(-1_000..<0), at: IndexPath(item: 0, section: 0))
        settle(list)
        XCTAssertEqual(host.boundRow(at: top + 1_000)?.model as? Int, topModel)
        XCTAssertEqual(host.rowFrame(at: top + 1_000)?.y, topY, "1,000 rows inserted above: the top row kept its pixel")

        storage.removeItems(at: (0..<1_000).map { IndexPath(item: $0, section: 0) })
        settle(list)
        XCTAssertEqual(host.boundRow(at: top)?.model as? Int, topModel)
        XCTAssertEqual(host.rowFrame(at: top)?.y, topY, "1,000 rows removed above: the top row kept its pixel")
    }

    func testAPinnedSectionHeaderStaysAtTheTopUntilTheNextPushesItUp() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.pinnedHeaders()
        }
    }

    @MainActor private static func pinnedHeaders() throws {
        let host = VirtualListHost()
        host.pinsSectionHeaders = true
        let manager = ListManager(host: host)
        manager.register(TextRow.self)
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setSectionHeaderModels((0..<20).map { "Section \($0)" })
        storage.setItemsForAllSections((0..<20).map { section in Array(section * 100..<section * 100 + 100) })
        let list = ShownList(manager, width: 300, height: 400)
        defer { list.close() }
        let header3 = 3 * 101  // each section: a header and 100 rows
        func placedY(_ position: Int) -> Int32? {
            guard let widget = host.boundRow(at: position)?.hostWidget else { return nil }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(widget, &allocation)
            return allocation.y
        }

        // Into the middle of section 3: its header is bound though scrolled far above.
        gtk_adjustment_set_value(
            host.verticalAdjustment!, Double(host.rowFrame(at: header3 + 50)!.y) + gtk_adjustment_get_value(host.verticalAdjustment!))
        settle(list)
        XCTAssertEqual(host.boundRow(at: header3)?.model as? String, "Section 3")
        XCTAssertEqual(placedY(header3), 0, "pinned at the top of the viewport")
        XCTAssertEqual(host.position(atY: 2), header3, "a click at the top hits the pinned header")
        XCTAssertLessThan(host.rowWidgetCount, 60)

        // The next section's header comes up under it: it pushes the pinned one up.
        let header4 = 4 * 101
        let value = gtk_adjustment_get_value(host.verticalAdjustment!)
        gtk_adjustment_set_value(host.verticalAdjustment!, value + host.rowFrame(at: header4)!.y - 5)
        settle(list)
        let pushed = try XCTUnwrap(placedY(header3))
        XCTAssertLessThan(pushed, 0, "pushed above the top by section 4's header")
        let next = try XCTUnwrap(placedY(header4))
        XCTAssertGreaterThan(next, 0)
        XCTAssertEqual(Double(pushed) + host.rowFrame(at: header3)!.height, Double(next), "its bottom meets the next header")
    }

    func testAccessibilitySeesTheBoundRowsAndTheirPlaceInTheWholeList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.accessibility()
        }
    }

    /// The ATK attributes of `object` by name.
    @MainActor private static func attributes(_ object: UnsafeMutablePointer<AtkObject>) -> [String: String] {
        let set = atk_object_get_attributes(object)
        defer { atk_attribute_set_free(set) }
        var found: [String: String] = [:]
        var node = set
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: AtkAttribute.self).pointee,
                let name = attribute.name, let value = attribute.value
            {
                found[String(cString: name)] = String(cString: value)
            }
            node = current.pointee.next
        }
        return found
    }

    @MainActor private static func accessibility() throws {
        let (_, host, list) = makeList()
        defer { list.close() }
        gtk_adjustment_set_value(host.verticalAdjustment!, 30_000)
        settle(list)
        let accessible = try XCTUnwrap(gtk_widget_get_accessible(host.widget))
        XCTAssertEqual(atk_object_get_role(accessible), ATK_ROLE_LIST)
        XCTAssertEqual(attributes(accessible)["setsize"], "10000", "the list reports every row, bound or not")
        var bound: [Int] = []
        host.forEachBoundRow { position, _ in bound.append(position) }
        XCTAssertEqual(Int(atk_object_get_n_accessible_children(accessible)), bound.count, "bound rows only, not the spare widgets")
        var places: [Int] = []
        for index in 0..<atk_object_get_n_accessible_children(accessible) {
            let row = try XCTUnwrap(atk_object_ref_accessible_child(accessible, index))
            defer { g_object_unref(row) }
            XCTAssertEqual(atk_object_get_role(row), ATK_ROLE_LIST_ITEM)
            let rowAttributes = attributes(row)
            XCTAssertEqual(rowAttributes["setsize"], "10000")
            let place = try XCTUnwrap(rowAttributes["posinset"].flatMap { Int($0) })
            places.append(place - 1)
            let label = try XCTUnwrap(atk_object_ref_accessible_child(row, 0))
            defer { g_object_unref(label) }
            XCTAssertEqual(
                atk_object_get_name(label).map { String(cString: $0).split(separator: "\n").first.map(String.init) ?? "" },
                String(place - 1), "a row reads as its text")
        }
        XCTAssertEqual(places.sorted(), bound)
    }

    func testARowLetGoLosesItsHoverPressAndPopover() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowLetGoIsReset()
        }
    }

    @MainActor private static func rowLetGoIsReset() throws {
        let (manager, host, list) = makeList(Array(0..<1_000))
        defer { list.close() }
        list.xdotool(["mousemove", "1900", "1000"])  // no real hover on the rows
        let row = try XCTUnwrap(manager.boundRow(atPosition: 2))
        let rowWidget = try XCTUnwrap(row.hostWidget)
        gtk_widget_set_state_flags(rowWidget, GtkStateFlags(GTK_STATE_FLAG_PRELIGHT.rawValue | GTK_STATE_FLAG_ACTIVE.rawValue), 0)
        let popover = gtk_popover_new(row.widget)!
        gtk_container_add(gcast(popover), gtk_label_new("details"))
        gtk_widget_show_all(popover)
        list.settle()
        XCTAssertNotEqual(gtk_widget_get_mapped(popover), 0, "the popover is up")

        scroll(host, to: 20_000)
        settle(list)
        XCTAssertNil(host.position(of: row), "row 2 was let go")
        XCTAssertTrue(list.wait(until: { gtk_widget_get_mapped(popover) == 0 }), "its popover went down with it (GTK fades it out)")
        let flags = gtk_widget_get_state_flags(rowWidget).rawValue
        XCTAssertEqual(
            flags & (GTK_STATE_FLAG_PRELIGHT.rawValue | GTK_STATE_FLAG_ACTIVE.rawValue | GTK_STATE_FLAG_SELECTED.rawValue), 0,
            "no hover, press or selection stays on its row widget for the next row")
        gtk_widget_destroy(popover)
    }

    func testAModelWithoutMappingIsAnAnomalyAndAnEmptyRowInPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.unmappedModel()
        }
    }

    @MainActor private static func unmappedModel() throws {
        let (manager, host, list) = makeList([0, 1, 2])
        defer { list.close() }
        let anomalies = AnomalyRecorder(manager)
        try manager.memoryStorage?.insertItem(2.5, to: IndexPath(item: 1, section: 0))  // no Double mapping
        settle(list)
        XCTAssertEqual(anomalies.reports, [.noRowMappingFound(modelDescription: "2.5", indexPath: IndexPath(item: 1, section: 0))])
        XCTAssertEqual(host.rowCount, 4, "one row per item still")
        let shown = (0..<4).map { host.boundRow(at: $0).map { ($0.view as? TextRow)?.text ?? "empty" } }
        XCTAssertEqual(shown, ["0\nsecond line", "empty", "1", "2"], "the others in place around an empty row")
    }

    func testEveryRowWidgetIsReleasedWithTheManager() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.widgetsReleased()
        }
    }

    @MainActor private static func widgetsReleased() throws {
        let before = finalizedObjects.load(ordering: .acquiring)
        var watched = 0
        do {
            let (manager, host, list) = makeList(Array(0..<1_000))
            host.forEachBoundRow { _, row in
                watchFinalization(of: UnsafeMutableRawPointer(row.widget))
                watched += 1
            }
            list.close()
            _ = manager
        }
        XCTAssertGreaterThan(watched, 5)
        XCTAssertTrue(
            GtkRuntime.iterate(until: { finalizedObjects.load(ordering: .acquiring) - before >= watched }, timeout: .seconds(2)),
            "every bound row's widget is finalized once the window and the manager are gone")
    }
}
