import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The selection a collapse hides under ``HiddenSelectionPolicy/keep``: kept for the items that
/// stay, forgotten for those deleted while hidden, so that a list open for hours does not keep
/// every deleted item's identity, and an item added later with a deleted one's identity does
/// not show selected.
final class TreeKeptSelectionTests: XCTestCase {
    func testASelectionHiddenByACollapseIsForgottenWhenItsItemIsDeleted() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, storage, list) = TreeFixture.show(TreeFixture.files(), on: make()) {
                    $0.register(TreeFixture.NameRow.self)
                    $0.selectionMode = .multiple
                }
                defer { list.close() }
                storage.expand(["home", "docs"])
                list.settleFrame()
                let docs = IndexPath(item: 1, section: 0), a = IndexPath(item: 2, section: 0)
                // A list box selects its first row when the window first takes the focus.
                for selected in manager.selectedIndexPaths { manager.deselectItem(at: selected) }
                manager.selectItem(at: a)
                gtk_widget_grab_focus(try XCTUnwrap(manager.boundRow(at: docs)?.hostWidget))
                list.settle()
                list.press("minus")
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "music", "etc"], name)
                XCTAssertEqual(manager.keptHiddenSelectionCount, 1, "\(name): a is kept while hidden")

                // docs and a deleted, with rows elsewhere added and removed around it.
                var outline = storage.outline(of: "Places")
                outline.delete(["docs"])
                storage.apply(outline, to: "Places")
                list.settleFrame()
                XCTAssertEqual(manager.keptHiddenSelectionCount, 0, "\(name): a deleted item's selection is forgotten")

                // A new a, under a new docs, is not selected when it shows.
                outline = storage.outline(of: "Places")
                outline.insert(["docs"], before: "music")
                outline.append(["a"], to: "docs")
                storage.apply(outline, to: "Places")
                storage.expand(["docs"])
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "a", "music", "etc"], name)
                XCTAssertEqual(manager.selectedIndexPaths, [], "\(name): a new item does not inherit a deleted one's selection")
            }
        }
    }

    func testAddingAndDeletingParentsWithHiddenSelectedChildrenKeepsNothing() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, storage, list) = TreeFixture.show(TreeFixture.files(), on: VirtualListHost()) {
                $0.register(TreeFixture.NameRow.self)
                $0.selectionMode = .multiple
            }
            defer { list.close() }
            for round in 0..<20 {
                let parent = "parent \(round)", children = (0..<5).map { "child \(round).\($0)" }
                var outline = storage.outline(of: "Places")
                outline.insert([parent], before: "home")
                outline.append(children, to: parent)
                storage.apply(outline, to: "Places")
                storage.expand([parent])
                list.settleFrame()
                for item in 1...5 { manager.selectItem(at: IndexPath(item: item, section: 0)) }
                gtk_widget_grab_focus(try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.hostWidget))
                list.settle()
                list.press("minus")
                XCTAssertEqual(manager.keptHiddenSelectionCount, 5, "round \(round): the children's selection is kept while hidden")
                outline = storage.outline(of: "Places")
                outline.delete([parent])
                storage.apply(outline, to: "Places")
                list.settleFrame()
            }
            XCTAssertEqual(manager.keptHiddenSelectionCount, 0, "the deleted children's selection is forgotten")
        }
    }
}
