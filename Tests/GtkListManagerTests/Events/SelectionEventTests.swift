import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Selection, activation and highlight events, driven by real pointer input under Xvfb.
final class SelectionEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    @MainActor private static func makeList(_ names: [String] = ["a", "b", "c", "d"]) -> (ListManager, ShownList) {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(names)
        return (manager, ShownList(manager))
    }

    func testAClickReportsDidSelectWithTheRowModelAndIndexPath() throws {
        try MainActor.assumeIsolated { try requireGtk(); try Self.aClickReportsDidSelect() }
    }

    @MainActor private static func aClickReportsDidSelect() throws {
        let manager = ListManager()
        var selected: [(String, IndexPath, Bool)] = []
        manager.register(NameRow.self) { mapping in
            mapping.didSelect { row, model, indexPath in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                selected.append((model, indexPath, label == model))
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertTrue(selected.isEmpty, "showing the list (and GTK selecting the focused row) is not a user selection")

        list.click(IndexPath(item: 2, section: 0))
        XCTAssertEqual(selected.map(\.0), ["c"])
        XCTAssertEqual(selected.map(\.1), [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(selected.map(\.2), [true], "the closure gets the row that shows the model")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)])
    }
}
