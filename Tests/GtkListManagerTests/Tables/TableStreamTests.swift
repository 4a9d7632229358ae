import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// A table's sort and column state as `AsyncStream`s, driven by real clicks and drags on its
/// headers on both hosts: every open stream receives each change in order, `stateDidChange`
/// stays the app's, and a stream whose consumer leaves or is cancelled is dropped at once.
final class TableStreamTests: XCTestCase {
    func testHeaderClicksAndDragsArriveInOrderOnTheSortAndStateStreams() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (_, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(4), on: make())
                defer { list.close() }
                var saved: [ColumnState] = []
                table.stateDidChange = { saved.append($0) }
                let sorts = StreamConsumer(table.sortChanges())
                let moreSorts = StreamConsumer(table.sortChanges())
                let states = StreamConsumer(table.stateChanges())

                let second = try XCTUnwrap(TableFixture.headerButton("Column 1", of: table))
                let third = try XCTUnwrap(TableFixture.headerButton("Column 2", of: table))
                list.click(widget: second)
                list.click(widget: second)
                list.click(widget: third, modifiers: ["shift"])
                list.click(widget: third)
                let expected = [
                    [SortKey("c1")], [SortKey("c1", ascending: false)], [SortKey("c1", ascending: false), SortKey("c2")], [SortKey("c2")],
                ]
                XCTAssertTrue(list.wait(until: { sorts.received.count == 4 && moreSorts.received.count == 4 }), name)
                XCTAssertEqual(sorts.received, expected, name)
                XCTAssertEqual(moreSorts.received, expected, "\(name): every open stream receives every sort")

                let first = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
                TableFixture.drag(first, fromX: TableFixture.trailingEdge(of: first), by: 60, in: list)
                XCTAssertTrue(list.wait(until: { states.received.count == 5 }), "\(name): \(states.received)")
                XCTAssertEqual(states.received.map(\.sort), expected + [[SortKey("c2")]], name)
                XCTAssertEqual(states.received.last?.widths, ["c0": 220], "\(name): the drag's state, once, on the release")
                XCTAssertEqual(states.received, saved, "\(name): stateDidChange is still told, the same states")
                XCTAssertEqual(sorts.received.count, 4, "\(name): a resize is no sort")
            }
        }
    }

    func testAStreamWhoseConsumerLeavesOrIsCancelledIsDropped() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(3), on: ListBoxHost())
            defer { list.close() }
            let once = StreamConsumer(table.stateChanges(), stoppingAfter: 1)
            let cancelled = StreamConsumer(table.sortChanges())
            let staying = StreamConsumer(table.sortChanges())
            XCTAssertEqual(table.openStreamCount, 3)

            let header = try XCTUnwrap(TableFixture.headerButton("Column 1", of: table))
            list.click(widget: header)
            XCTAssertTrue(list.wait(until: { once.ended && cancelled.received.count == 1 }))
            XCTAssertTrue(list.wait(until: { table.openStreamCount == 2 }), "the stream its consumer left is dropped")
            cancelled.cancel()
            XCTAssertTrue(list.wait(until: { cancelled.ended && table.openStreamCount == 1 }), "a cancelled consumer's stream is dropped")

            list.click(widget: header)
            XCTAssertTrue(list.wait(until: { staying.received.count == 2 }))
            XCTAssertEqual(staying.received, [[SortKey("c1")], [SortKey("c1", ascending: false)]])
            XCTAssertEqual(cancelled.received, [[SortKey("c1")]])
            XCTAssertEqual(table.openStreamCount, 1)
        }
    }
}
