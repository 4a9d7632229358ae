import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// A scroll asked for by position waits for the next layout; rows inserted or removed above
/// before it comes move the row it named, and the scroll goes to that row, not to the position
/// (a folder's children arriving above a restored top once put the row above it at the top).
final class VirtualListPendingScrollTests: XCTestCase {
    final class LabelRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
    }

    @MainActor private static func show() -> (ListManager, MemoryStorage, ShownList) {
        let manager = ListManager(host: VirtualListHost())
        manager.register(LabelRow.self)
        let storage = try! XCTUnwrap(manager.memoryStorage)
        storage.setItems((0..<300).map { "item \($0)" })
        let list = ShownList(manager)
        list.settleFrame()
        return (manager, storage, list)
    }

    @MainActor private static func topItem(_ manager: ListManager, _ storage: MemoryStorage) -> String? {
        manager.indexPathsOnScreen.first.flatMap { storage.item(at: $0) as? String }
    }

    func testRowsInsertedAndRemovedAboveBeforeTheLayoutMoveTheScrollWithTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, storage, list) = Self.show()
            defer { list.close() }
            manager.scrollTo(IndexPath(item: 100, section: 0), alignment: .top)
            // One row replaced by two above it, as a folder's "Loading…" row by its entries.
            storage.performUpdates {
                storage.removeItems(at: [IndexPath(item: 10, section: 0)])
                try? storage.insertItems(["new a", "new b"], at: IndexPath(item: 10, section: 0))
            }
            try storage.insertItems(["new c"], at: IndexPath(item: 3, section: 0))
            list.settleFrame()
            XCTAssertEqual(Self.topItem(manager, storage), "item 100")
        }
    }

    func testAScrollToARowRemovedBeforeTheLayoutGoesToTheRowThatTookItsPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, storage, list) = Self.show()
            defer { list.close() }
            manager.scrollTo(IndexPath(item: 100, section: 0), alignment: .top)
            storage.removeItems(at: [IndexPath(item: 5, section: 0), IndexPath(item: 99, section: 0), IndexPath(item: 100, section: 0)])
            list.settleFrame()
            XCTAssertEqual(Self.topItem(manager, storage), "item 101")
        }
    }
}
