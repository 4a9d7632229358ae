import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A tree's storage asked to open or close an item named twice in one call: the item opens or
/// closes once, and the list, read back from GTK on both hosts, stays in step with the storage.
final class TreeRepeatedItemTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    /// t1 ▸ t11, t12; t2; t1 open when `open`.
    @MainActor private static func show(on host: any ListHost, open: Bool)
        -> (ListManager, OutlineStorage<String, String>, ShownList)
    {
        var outline = OutlineSnapshot<String>()
        outline.append(["t1", "t2"])
        outline.append(["t11", "t12"], to: "t1")
        if open { outline.expand(["t1"]) }
        return TreeFixture.show(outline, on: host) { $0.register(NameRow.self) }
    }

    func testExpandingAnItemNamedTwiceShowsItsChildrenOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, storage, list) = Self.show(on: make(), open: false)
                defer { list.close() }
                storage.expand(["t1", "t1"])
                list.settleFrame()
                XCTAssertEqual(storage.numberOfItems(inSection: 0), 4, name)
                XCTAssertEqual(manager.rowCount, 4, name)
                XCTAssertEqual(TreeFixture.shown(manager), ["t1", "t11", "t12", "t2"], name)
                // And it stays in step.
                storage.collapse(["t1"])
                list.settleFrame()
                XCTAssertEqual(manager.rowCount, 2, name)
                XCTAssertEqual(TreeFixture.shown(manager), ["t1", "t2"], name)
            }
        }
    }

    func testCollapsingAnItemNamedTwiceHidesItsChildrenOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, storage, list) = Self.show(on: make(), open: true)
                defer { list.close() }
                XCTAssertEqual(TreeFixture.shown(manager), ["t1", "t11", "t12", "t2"], name)
                storage.collapse(["t1", "t1"])
                list.settleFrame()
                XCTAssertEqual(manager.rowCount, 2, name)
                XCTAssertEqual(TreeFixture.shown(manager), ["t1", "t2"], name)
                storage.expand(["t1"])
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["t1", "t11", "t12", "t2"], name)
            }
        }
    }
}
