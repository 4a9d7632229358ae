import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// "Show in folder" on both tree hosts, read back from GTK: `reveal` opens the folders above an
/// item (reading them on a background queue), and the item's row is on screen, in the middle
/// of the viewport, shown selected.
final class TreeRevealTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    /// 100 folders of 40 files each, read when opened.
    @MainActor private static func folders(on host: any ListHost) -> (ListManager, OutlineStorage<String, String>, ShownList) {
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .background(handOff: GLibMainActorHandOff()) { folder, _ in
            (0..<40).map { "\(folder)/file \($0)" }
        }
        var outline = OutlineSnapshot<String>()
        let top = (0..<100).map { "folder \($0)" }
        outline.append(top)
        outline.markChildrenUnloaded(top)
        storage.apply(outline, to: "Disk")
        let manager = ListManager(host: host, storage: storage)
        manager.register(NameRow.self)
        manager.selectionMode = .multiple
        let list = ShownList(manager, width: 300, height: 400)
        list.settleFrame()
        return (manager, storage, list)
    }

    func testRevealOpensTheFoldersAboveScrollsToTheMiddleAndSelects() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, storage, list) = Self.folders(on: make())
                defer { list.close() }
                XCTAssertTrue(manager.selectItem(at: IndexPath(item: 2, section: 0)), name)

                let revealing = AwaitedListCall { await manager.reveal("folder 70/file 25", under: ["folder 70"]) }
                XCTAssertTrue(revealing.waitForReturn(), name)
                XCTAssertEqual(revealing.result, true, name)
                list.settleFrame()

                let indexPath = try XCTUnwrap(storage.indexPath(of: "folder 70/file 25"), name)
                XCTAssertEqual(indexPath, IndexPath(item: 96, section: 0), "\(name): folder 70 open above it")
                let row = try XCTUnwrap(manager.boundRow(at: indexPath), "\(name): its row is bound")
                XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), "folder 70/file 25", name)
                let rowWidget = row.hostWidget ?? row.widget
                // Where the row is in what scrolls it.
                let scroller = gtk_widget_get_ancestor(rowWidget, gtk_scrolled_window_get_type()) ?? manager.widget
                var x: Int32 = 0, y: Int32 = 0
                gtk_widget_translate_coordinates(rowWidget, scroller, 0, 0, &x, &y)
                let height = gtk_widget_get_allocated_height(rowWidget)
                let viewport = gtk_widget_get_allocated_height(scroller)
                XCTAssertLessThanOrEqual(abs(2 * y + height - viewport), 2 * height, "\(name): in the middle (row at \(y) of \(viewport))")
                XCTAssertNotEqual(
                    gtk_widget_get_state_flags(rowWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue, 0, "\(name): shown selected")
                XCTAssertEqual(manager.selectedIndexPaths, [indexPath], "\(name): instead of the selection")
                // The rows on screen, read as an app saves its place: a run around the revealed row.
                let onScreen = manager.indexPathsOnScreen
                XCTAssertTrue(onScreen.contains(indexPath), name)
                XCTAssertEqual(onScreen.map(\.item), Array((onScreen.first?.item ?? 0)...(onScreen.last?.item ?? -1)), name)
                XCTAssertGreaterThan(onScreen.count, 5, name)

                // One that is not there: nothing moves, nothing is selected instead.
                let missing = AwaitedListCall { await manager.reveal("folder 70/file 99", under: ["folder 70"]) }
                XCTAssertTrue(missing.waitForReturn(), name)
                XCTAssertEqual(missing.result, false, name)
                XCTAssertEqual(manager.selectedIndexPaths, [indexPath], name)
            }
        }
    }
}
