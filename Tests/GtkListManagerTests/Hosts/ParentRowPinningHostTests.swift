import CGtk
import GtkListManager
import XCTest

/// ``ParentRowPinning`` on the virtualized host, given parents by hand (as a host's own user
/// might, without a tree), with section headers pinned too: the header at the top, the parent
/// under it, both pushed up by the next section's header. Read back from GTK.
final class ParentRowPinningHostTests: XCTestCase {
    typealias TextRow = VirtualListHostTests.TextRow

    func testParentsPinUnderThePinnedSectionHeader() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            host.pinsSectionHeaders = true
            let manager = ListManager(host: host)
            manager.register(TextRow.self)
            let storage = try XCTUnwrap(manager.memoryStorage)
            storage.setSectionHeaderModels((0..<20).map { "Section \($0)" })
            storage.setItemsForAllSections((0..<20).map { section in Array(section * 100..<section * 100 + 100) })
            // Each section: a header and 100 rows, the first row the parent of the 99 others.
            host.parentOfRow = { position in
                let header = position / 101 * 101, first = header + 1
                return position > first ? PinnableParentRow(position: first, lastDescendant: header + 100) : nil
            }
            let list = ShownList(manager, width: 300, height: 400)
            defer { list.close() }
            let header3 = 3 * 101, parent3 = header3 + 1
            @MainActor func allocation(_ position: Int) -> GtkAllocation? {
                guard let widget = host.boundRow(at: position)?.hostWidget else { return nil }
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(widget, &allocation)
                return allocation
            }
            @MainActor func scroll(toRow position: Int, at offset: Double = 0) {
                let adjustment = host.verticalAdjustment!
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + host.rowFrame(at: position)!.y - offset)
                list.settleFrame()
                list.settleFrame()
            }

            scroll(toRow: header3 + 50)
            XCTAssertEqual(host.pinnedParentPositions, [parent3])
            let header = try XCTUnwrap(allocation(header3)), parent = try XCTUnwrap(allocation(parent3))
            XCTAssertEqual(header.y, 0, "the header at the top")
            XCTAssertEqual(parent.y, header.height, "the parent right under it")
            XCTAssertEqual(
                (host.boundRow(at: parent3)?.view as? TextRow)?.text, "300\nsecond line", "the row bound at its position, read from GTK")
            XCTAssertEqual(host.position(atY: Double(header.height / 2)), header3)
            XCTAssertEqual(host.position(atY: Double(parent.y + parent.height / 2)), parent3)

            // Section 4's header comes up into the parent: it pushes it up.
            let header4 = 4 * 101
            scroll(toRow: header4, at: Double(header.height + parent.height - 5))
            let pushedParent = try XCTUnwrap(allocation(parent3)), next = try XCTUnwrap(allocation(header4))
            XCTAssertEqual(pushedParent.y + pushedParent.height, next.y, "the parent's bottom meets the next header")
            XCTAssertLessThan(pushedParent.y, header.height, "pushed up under the header")
            XCTAssertEqual(try XCTUnwrap(allocation(header3)).y, min(0, next.y - header.height), "the header pushed only by its own")

            host.parentOfRow = nil
            list.settleFrame()
            XCTAssertEqual(host.pinnedParentPositions, [])
            XCTAssertEqual(try XCTUnwrap(allocation(header3)).y, 0, "the header alone stays pinned")
        }
    }

    func testUpNeverLeavesTheFocusedRowUnderThePinnedHeaderAndParent() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            host.pinsSectionHeaders = true
            let manager = ListManager(host: host)
            manager.register(TextRow.self)
            let storage = try XCTUnwrap(manager.memoryStorage)
            storage.setSectionHeaderModels((0..<20).map { "Section \($0)" })
            storage.setItemsForAllSections((0..<20).map { section in Array(section * 100..<section * 100 + 100) })
            host.parentOfRow = { position in
                let header = position / 101 * 101, first = header + 1
                return position > first ? PinnableParentRow(position: first, lastDescendant: header + 100) : nil
            }
            let list = ShownList(manager, width: 300, height: 400)
            defer { list.close() }
            let header3 = 3 * 101
            @MainActor func allocation(_ position: Int) -> GtkAllocation? {
                guard let widget = host.boundRow(at: position)?.hostWidget else { return nil }
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(widget, &allocation)
                return allocation
            }
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + host.rowFrame(at: header3 + 50)!.y)
            list.settleFrame()
            list.settleFrame()
            // The row right under the header and the parent, then Up from it, row by row.
            let stackBottom = try XCTUnwrap(allocation(header3 + 1)).y + (try XCTUnwrap(allocation(header3 + 1))).height
            let first = try XCTUnwrap((header3 + 2..<header3 + 100).first { (allocation($0)?.y ?? -1) >= stackBottom })
            XCTAssertTrue(host.focusRow(at: first))
            for step in 1...4 {
                list.xdotool(["key", "Up"])
                list.settleFrame()
                list.settleFrame()
                let focused = try XCTUnwrap(host.focusedPosition, "Up \(step): a row has the focus")
                XCTAssertEqual(focused, first - step)
                let pinned = [host.pinnedParentPositions, [header3]].joined().compactMap { allocation($0) }
                let bottom = pinned.map { $0.y + $0.height }.max() ?? 0
                XCTAssertGreaterThanOrEqual(
                    try XCTUnwrap(allocation(focused)).y, bottom, "Up \(step): row \(focused) below the header and parent")
            }
        }
    }
}
