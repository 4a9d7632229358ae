import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A filter over a tree on the list-box and virtualized hosts, read back from GTK: matches show
/// with their ancestors opened, the selected row stays selected, the arrow shows only over kept
/// children, and clearing the filter gives back the tree as the user left it.
final class TreeFilterTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    func testAFilterShowsMatchesUnderTheirOpenedAncestorsAndKeepsTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let storage = OutlineStorage<String, String>(handOff: GLibMainActorHandOff())
                storage.apply(TreeFixture.files(), to: "Places")
                let manager = ListManager(host: make(), storage: storage)
                manager.register(NameRow.self)
                manager.selectionMode = .single
                let list = ShownList(manager, width: 300, height: 400)
                defer { list.close() }
                storage.expand(["home"])
                list.settleFrame()
                manager.selectItem(at: IndexPath(item: 2, section: 0))
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "music", "etc"], name)

                var applied = false
                storage.setFilter({ $0.contains("s") }) { applied = true }
                XCTAssertTrue(GtkRuntime.iterate(until: { applied }, timeout: .seconds(5)), "\(name): the scan came back")
                list.settleFrame()
                // docs passes but a and b do not: it stays closed, with no arrow.
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "music", "etc", "hosts"], name)
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "\(name): music stays selected")
                XCTAssertEqual(Self.expandable(manager, rows: 5), [true, false, false, true, false], "\(name): arrows over kept children")

                storage.setFilter({ $0 == "hosts" }, execution: .immediate)
                list.settleFrame()
                XCTAssertEqual(TreeFixture.shown(manager), ["etc", "hosts"], name)
                XCTAssertEqual(manager.selectedIndexPaths, [], "\(name): music is gone")

                storage.setFilter(nil, execution: .immediate)
                list.settleFrame()
                // home was opened by the user and stays; etc was opened by the filter and closes.
                XCTAssertEqual(TreeFixture.shown(manager), ["home", "docs", "music", "etc"], name)
            }
        }
    }

    /// Whether each of the first `rows` rows says it can expand, as its accessible object tells a
    /// screen reader.
    @MainActor private static func expandable(_ manager: ListManager, rows: Int) -> [Bool] {
        (0..<rows).map { item in
            guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)),
                let accessible = gtk_widget_get_accessible(row.hostWidget),
                let states = atk_object_ref_state_set(accessible)
            else { return false }
            defer { g_object_unref(states) }
            return atk_state_set_contains_state(states, ATK_STATE_EXPANDABLE) != 0
        }
    }
}
