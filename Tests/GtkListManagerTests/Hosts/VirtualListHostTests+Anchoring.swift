import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// What is on screen stays put: heights corrected and rows inserted or removed above it, a pinned section header.
extension VirtualListHostTests {
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
        list.wait { host.positionsOnScreen.map { $0.lowerBound > 1_000 && host.boundRow(at: $0.lowerBound) != nil } ?? false }
        let jumpedTo = gtk_adjustment_get_value(adjustment)  // estimates corrected: not quite 40,000
        scroll(host, to: jumpedTo + 1)  // a scroll that goes on: the margins get bound too
        list.wait { host.positionsOnScreen.map { host.boundRow(at: $0.lowerBound - 1) != nil } ?? false }
        let top = try XCTUnwrap(host.positionsOnScreen?.lowerBound)
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
        let top = try XCTUnwrap(host.positionsOnScreen?.lowerBound)
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
}
