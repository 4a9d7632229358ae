import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// The selection as `AsyncStream`s, driven by real clicks under Xvfb: every open stream receives
/// each change the user makes, in order; one observer feeds them all; a stream whose consumer
/// leaves or is cancelled is dropped at once; every stream finishes when the manager goes.
final class SelectionStreamTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    @MainActor private static func makeList() -> (ListManager, ShownList) {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        return (manager, ShownList(manager))
    }

    private static func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    func testEveryOpenStreamReceivesTheUsersSelectionsInOrder() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.everyStreamReceivesTheSelections()
        }
    }

    @MainActor private static func everyStreamReceivesTheSelections() throws {
        let (manager, list) = makeList()
        defer { list.close() }
        let paths = StreamConsumer(manager.selectionChanges())
        let again = StreamConsumer(manager.selectionChanges())
        let models = StreamConsumer(manager.selectionChanges(of: String.self))
        var reported: [[IndexPath]] = []
        manager.selectionDidChange { reported.append($0) }

        XCTAssertTrue(manager.selectItem(at: path(2)))  // by code: not in the streams
        list.click(path(1))
        list.click(path(3))
        list.click(path(0))
        XCTAssertTrue(list.wait(until: { paths.received.count == 3 && again.received.count == 3 && models.received.count == 3 }))

        XCTAssertEqual(paths.received, [[path(1)], [path(3)], [path(0)]])
        XCTAssertEqual(again.received, paths.received, "every open stream receives every change")
        XCTAssertEqual(models.received.map(\.models), [["b"], ["d"], ["a"]])
        XCTAssertEqual(models.received.map(\.indexPaths), paths.received)
        XCTAssertEqual(reported, paths.received, "the streams say what selectionDidChange says")
        let events = manager.features.require(.selectionDidChange, as: SelectionEvents.self)
        XCTAssertEqual(events.selectionObservers.count, 2, "one observer for every stream, and the app's")
    }

    func testAStreamWhoseConsumerLeavesOrIsCancelledIsDropped() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.endedStreamsAreDropped()
        }
    }

    @MainActor private static func endedStreamsAreDropped() throws {
        let (manager, list) = makeList()
        defer { list.close() }
        let once = StreamConsumer(manager.selectionChanges(), stoppingAfter: 1)
        let cancelled = StreamConsumer(manager.selectionChanges())
        let staying = StreamConsumer(manager.selectionChanges())
        _ = manager.selectionChanges()  // never read: dropped with the stream
        XCTAssertEqual(manager.openSelectionStreamCount, 3)

        list.click(path(1))
        XCTAssertTrue(list.wait(until: { once.ended }), "the consumer left its loop after one change")
        XCTAssertTrue(list.wait(until: { manager.openSelectionStreamCount == 2 }), "its stream is dropped")
        XCTAssertTrue(list.wait(until: { cancelled.received.count == 1 }))
        cancelled.cancel()
        XCTAssertTrue(
            list.wait(until: { cancelled.ended && manager.openSelectionStreamCount == 1 }), "a cancelled consumer's stream is dropped")

        list.click(path(2))
        XCTAssertTrue(list.wait(until: { staying.received.count == 2 }))
        XCTAssertEqual(staying.received, [[path(1)], [path(2)]])
        XCTAssertEqual(once.received, [[path(1)]])
        XCTAssertEqual(cancelled.received, [[path(1)]])
        XCTAssertEqual(manager.openSelectionStreamCount, 1)
    }

    func testEveryStreamFinishesWhenTheManagerGoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.streamsFinishWithTheManager()
        }
    }

    @MainActor private static func streamsFinishWithTheManager() throws {
        weak var gone: ListManager?
        let consumer: StreamConsumer<[IndexPath]>
        do {
            let manager = ListManager()
            manager.register(NameRow.self)
            manager.memoryStorage?.setItems(["a", "b"])
            consumer = StreamConsumer(manager.selectionChanges())
            gone = manager
        }
        XCTAssertNil(gone, "an open stream does not keep the manager")
        XCTAssertTrue(GtkRuntime.iterate(until: { consumer.ended }, timeout: .seconds(2)), "the consumer's loop ended")
    }
}
