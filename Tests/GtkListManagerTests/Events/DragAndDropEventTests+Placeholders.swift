import GtkListManager
import ModelStorage
import XCTest

/// Drop placeholders: deleted, committed, and following the changes made while they wait.
extension DragAndDropEventTests {
    func testAPlaceholderIsDeletedOrInsertedThroughTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.placeholderDeleteAndInsert()
        }
    }

    @MainActor private static func placeholderDeleteAndInsert() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(["x", "y"])
        var changes = 0
        manager.didUpdateContent = { _ in changes += 1 }

        let shown = manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 1, section: 0), showing: "loading")
        XCTAssertEqual(items(manager), ["x", "loading", "y"])
        shown.deletePlaceholder()
        XCTAssertEqual(items(manager), ["x", "y"])
        XCTAssertNil(shown.indexPath)
        XCTAssertNil(shown.commitInsertion(ofItem: "late"), "a deleted placeholder commits nothing")

        let hidden = manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 9, section: 0))
        XCTAssertEqual(items(manager), ["x", "y"], "without a placeholder model nothing is shown before the commit")
        XCTAssertEqual(hidden.commitInsertion(ofItem: "t"), IndexPath(item: 2, section: 0), "clamped to the section's end")
        XCTAssertEqual(items(manager), ["x", "y", "t"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(manager), ["x", "y", "t"])
        XCTAssertEqual(changes, 3, "insert, removal, insert: each an ordinary storage change")
    }

    func testAPlaceholderOnAVirtualListFollowsTheChangesMadeWhileItWaits() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.placeholderFollowsChanges()
        }
    }

    /// No row is bound for a placeholder off screen: it is found by the changes it followed.
    @MainActor private static func placeholderFollowsChanges() throws {
        let manager = ListManager(host: .virtualized)
        manager.register(NameRow.self)
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems((0..<5_000).map { "n\($0)" })

        let waiting = manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 4_000, section: 0), showing: "loading")
        XCTAssertNil(manager.boundRow(at: IndexPath(item: 4_000, section: 0)), "off screen: no row bound")
        try storage.insertItem("above", to: IndexPath(item: 0, section: 0))
        storage.removeItems(at: [IndexPath(item: 10, section: 0), IndexPath(item: 11, section: 0)])
        try storage.insertItem("below", to: IndexPath(item: 4_500, section: 0))
        XCTAssertEqual(waiting.indexPath, IndexPath(item: 3_999, section: 0))

        XCTAssertEqual(waiting.commitInsertion(ofItem: "t"), IndexPath(item: 3_999, section: 0))
        XCTAssertEqual(storage.item(at: IndexPath(item: 3_999, section: 0)) as? String, "t")
        XCTAssertFalse((storage.items(inSection: 0) ?? []).contains { ($0 as? String) == "loading" }, "the placeholder itself was replaced")

        let removed = manager.drop(DragItem(text: "u"), toPlaceholderAt: IndexPath(item: 20, section: 0), showing: "loading")
        storage.removeItems(at: [IndexPath(item: 20, section: 0)])
        XCTAssertNil(removed.indexPath, "a change removed the placeholder")
        XCTAssertNil(removed.commitInsertion(ofItem: "u"), "so nothing takes its place")
        XCTAssertEqual(storage.numberOfItems(inSection: 0), 5_001, "5,000, above, below and t")
    }
}
