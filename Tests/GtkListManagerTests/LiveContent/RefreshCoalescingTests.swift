import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// A row updated many times between two frames refreshes at most twice on every host: at once
/// for the first update (a program reads back what it changed), then once at the next frame
/// from the model it holds then; a row updated once a frame refreshes at once each time; a list
/// without frames (not shown) refreshes every update at once. What the rows show is read from
/// GTK's labels.
final class RefreshCoalescingTests: XCTestCase {
    /// A label row that counts how often each item's row was refreshed.
    final class CountingRow: RowView, ModelTransfer {
        @MainActor static var updates: [String: Int] = [:]
        let widget = gtk_label_new(nil)!

        func update(with model: String) {
            gtk_label_set_text(gcast(widget), model)
            let item = String(model.split(separator: "/")[0])
            Self.updates[item, default: 0] += 1
        }
    }

    @MainActor private static func show(_ count: Int, on host: any ListHost) -> (ListManager, ShownList) {
        let manager = ListManager(host: host)
        manager.register(CountingRow.self)
        manager.memoryStorage?.setItems((0..<count).map { "item \($0)" })
        let list = ShownList(manager)
        list.settleFrame()
        CountingRow.updates = [:]
        return (manager, list)
    }

    @MainActor private static func text(ofItem item: Int, in manager: ListManager) -> String? {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
        return String(cString: gtk_label_get_text(gcast(row.widget)))
    }

    @MainActor private static func change(_ item: Int, to text: String, in manager: ListManager) throws {
        try manager.memoryStorage?.replaceItem(at: IndexPath(item: item, section: 0), with: text)
    }

    func testManyUpdatesBetweenTwoFramesRefreshARowTwiceAndShowTheLast() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in ChangeFlashFixture.hosts {
                let (manager, list) = Self.show(10, on: make())
                defer { list.close() }
                for version in 1...20 { try Self.change(3, to: "item 3/\(version)", in: manager) }
                try Self.change(5, to: "item 5/1", in: manager)
                XCTAssertEqual(Self.text(ofItem: 3, in: manager), "item 3/1", "\(name): the first update shows at once")
                XCTAssertEqual(Self.text(ofItem: 5, in: manager), "item 5/1", "\(name): another row's first update too")
                XCTAssertEqual(CountingRow.updates["item 3"], 1, "\(name): the later updates wait for the frame")
                list.settleFrame()
                XCTAssertEqual(Self.text(ofItem: 3, in: manager), "item 3/20", "\(name): the frame shows the last model")
                XCTAssertEqual(CountingRow.updates["item 3"], 2, "\(name): twenty updates, two refreshes")
                XCTAssertEqual(CountingRow.updates["item 5"], 1, "\(name): a row updated once is refreshed once")
            }
        }
    }

    func testARowUpdatedOnceAFrameRefreshesAtOnceEachTime() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in ChangeFlashFixture.hosts {
                let (manager, list) = Self.show(10, on: make())
                defer { list.close() }
                for version in 1...4 {
                    list.settleFrame()
                    list.settleFrame()
                    try Self.change(2, to: "item 2/\(version)", in: manager)
                    XCTAssertEqual(Self.text(ofItem: 2, in: manager), "item 2/\(version)", "\(name): frame \(version)")
                }
                XCTAssertEqual(CountingRow.updates["item 2"], 4, "\(name)")
            }
        }
    }

    func testAWaitingRowMovedOrRemovedBeforeTheFrameShowsWhatItsPlaceHolds() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in ChangeFlashFixture.hosts {
                let (manager, list) = Self.show(10, on: make())
                defer { list.close() }
                let storage = try XCTUnwrap(manager.memoryStorage)
                try Self.change(1, to: "item 1/1", in: manager)
                try Self.change(1, to: "item 1/2", in: manager)
                try Self.change(4, to: "item 4/1", in: manager)
                try Self.change(4, to: "item 4/2", in: manager)
                storage.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 6, section: 0))
                storage.removeItems(at: [IndexPath(item: 3, section: 0)])  // item 4 is gone
                list.settleFrame()
                let shown = (0..<9).map { Self.text(ofItem: $0, in: manager) }
                XCTAssertEqual(
                    shown, ["item 0", "item 2", "item 3", "item 5", "item 6", "item 1/2", "item 7", "item 8", "item 9"],
                    "\(name)")
            }
        }
    }

    func testAListThatIsNotShownRefreshesEveryUpdateAtOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let manager = ListManager(host: ListBoxHost())
            manager.register(CountingRow.self)
            manager.memoryStorage?.setItems((0..<5).map { "item \($0)" })
            CountingRow.updates = [:]
            for version in 1...3 {
                try Self.change(2, to: "item 2/\(version)", in: manager)
                XCTAssertEqual(Self.text(ofItem: 2, in: manager), "item 2/\(version)")
            }
            XCTAssertEqual(CountingRow.updates["item 2"], 3)
        }
    }
}
