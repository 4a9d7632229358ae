import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A new tree applied to a shown outline, sorted otherwise or filtered, keeps what was open and
/// what was selected by identity, on both hosts, read back from GTK.
final class TreeNewTreeTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    /// `files` with every level's children reversed, and without `leaving`.
    private static func reordered(leaving: Set<String> = []) -> OutlineSnapshot<String> {
        let files = TreeFixture.files()
        var outline = OutlineSnapshot<String>()
        func add(_ items: [String], under parent: String?) {
            let kept = items.reversed().filter { !leaving.contains($0) }
            guard !kept.isEmpty else { return }
            outline.append(Array(kept), to: parent)
            for item in kept { add(files.children(of: item), under: item) }
        }
        add(files.rootItems, under: nil)
        return outline
    }

    func testASortedOrFilteredTreeKeepsWhatWasOpenAndSelected() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, storage, list) = TreeFixture.show(TreeFixture.files(), on: make()) { manager in
                    manager.register(NameRow.self)
                    manager.selectionMode = .multiple
                }
                defer { list.close() }
                storage.expand(["home", "docs"])
                for selected in manager.selectedIndexPaths { manager.deselectItem(at: selected) }
                manager.selectItem(at: IndexPath(item: 3, section: 0))  // b
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "a", "b", "music", "etc"], name)
                let bWidget = manager.boundRow(at: IndexPath(item: 3, section: 0))?.widget

                storage.apply(Self.reordered(), to: "Places")  // nothing marked open in it
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["etc", "home", "music", "docs", "b", "a"], "\(name): sorted, still open")
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 4, section: 0)], "\(name): b still selected")
                XCTAssertEqual(manager.boundRow(at: IndexPath(item: 4, section: 0))?.widget, bWidget, "\(name): b moved its widget")

                storage.apply(Self.reordered(leaving: ["music", "a"]), to: "Places")
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["etc", "home", "docs", "b"], "\(name): filtered, still open")
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 0)], "\(name): b still selected")
            }
        }
    }
}
