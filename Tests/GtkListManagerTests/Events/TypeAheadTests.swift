import CGtk
import GtkListManager
import GtkListManagerTesting
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// Type-ahead find through real keys (xdotool), on the four hosts (a long list on the
/// virtualized one): what the search entry shows and which row has the focus and the selection,
/// read from GTK and the manager's public state.
final class TypeAheadTests: XCTestCase {
    /// A row found by its name.
    final class NameRow: RowView, ModelTransfer, FindableRow {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
        static func findableText(for name: String) -> String { name }
    }

    static let names = ["Émile", "apple", "banana", "Apricot", "grape", "pineapple", "Épée"]

    @MainActor private static func shownList(_ kind: HostKind, names: [String] = names) -> (ShownList, any ListHost) {
        let host = kind.makeHost()
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        manager.selectionMode = .single
        manager.memoryStorage?.setItems(names)
        let list = ShownList(manager)
        gtk_widget_grab_focus(manager.widget)
        _ = host.focusRow(at: 0)
        list.settle()
        return (list, host)
    }

    /// The name of the selected row, and of the focused one (the cursor).
    @MainActor private static func selectedName(_ list: ShownList) -> String? {
        list.manager.selectedIndexPaths.first.flatMap { list.manager.storage.item(at: $0) as? String }
    }

    /// The type-ahead entry's text while its window shows, read from GTK; nil when none shows.
    @MainActor static func shownQuery() -> String? {
        let toplevels = gtk_window_list_toplevels()
        defer { g_list_free(toplevels) }
        for window in GListSequence(toplevels, of: GtkWidget.self) {
            guard gtk_widget_get_visible(window) != 0,
                gtk_style_context_has_class(gtk_widget_get_style_context(window), "glm-type-ahead") != 0,
                let entry = MappedWidgets(under: window).all.first(where: { isA($0, gtk_entry_get_type()) })
            else { continue }
            return String(cString: gtk_entry_get_text(gcast(entry)))
        }
        return nil
    }

    func testTypingFindsPrefixesFirstAndStepsThroughTheMatches() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases { try Self.typing(kind) }
        }
    }

    @MainActor private static func typing(_ kind: HostKind) throws {
        let (list, _) = shownList(kind)
        defer { list.close() }
        list.press("a")
        XCTAssertEqual(shownQuery(), "a", "\(kind): the search opens on a typed character")
        XCTAssertEqual(selectedName(list), "apple", "\(kind)")
        list.press("p")
        XCTAssertEqual(selectedName(list), "apple", "\(kind): 'ap' still starts apple")
        list.press("Down")
        XCTAssertEqual(selectedName(list), "Apricot", "\(kind): the next prefix match, whatever the case")
        list.press("Down")
        XCTAssertEqual(selectedName(list), "apple", "\(kind): prefixes wrap around before grape and pineapple, which only contain 'ap'")
        list.press("ctrl+g")
        XCTAssertEqual(selectedName(list), "Apricot", "\(kind)")
        list.press("shift+ctrl+g", "Up")
        XCTAssertEqual(selectedName(list), "Apricot", "\(kind): back to apple, then back again around to Apricot")
        list.press("BackSpace", "BackSpace", "p", "l", "e")
        XCTAssertEqual(shownQuery(), "ple", "\(kind)")
        XCTAssertEqual(selectedName(list), "pineapple", "\(kind): no name starts with 'ple': the first containing it from the cursor")
        list.press("Escape")
        XCTAssertNil(shownQuery(), "\(kind): Escape closes the search")
        XCTAssertEqual(selectedName(list), "pineapple", "\(kind): the cursor stays")
        list.press("e", "p", "e")
        XCTAssertEqual(selectedName(list), "Épée", "\(kind): diacritics and case are ignored")
        list.press("Escape")
    }

    func testRowsWithoutAWidgetAreFoundAndTheSearchClosesAfterFiveIdleSeconds() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (list, host) = Self.shownList(.virtualizedList, names: (0..<5_000).map { "file \($0)" })
            defer { list.close() }
            list.press("f", "i", "l", "e", "space", "4", "9", "9", "9")
            list.wait(until: { Self.shownQuery() == "file 4999" })
            XCTAssertEqual(Self.shownQuery(), "file 4999", "a space is typed too once the search is open")
            XCTAssertEqual(Self.selectedName(list), "file 4999")
            let position = try XCTUnwrap(list.manager.selectedIndexPaths.first?.item)
            XCTAssertTrue(host.positionsOnScreen?.contains(position) ?? false, "scrolled to the row found")
            XCTAssertNotNil(host.boundRow(at: position)?.hostWidget, "and bound")
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownQuery() == nil }, timeout: .seconds(8)), "closed after 5 s")
        }
    }

    func testALongListIsSearchedThroughAnIndexThatFollowsItsChanges() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let names = (0..<150_000).map { "file \($0)" }
            let (list, _) = Self.shownList(.virtualizedList, names: names)
            defer { list.close() }
            // Typed at once: the index of a long list builds in slices, and a search waits for it.
            list.press("f", "i", "l", "e", "space", "1", "4", "9", "9", "9", "9")
            list.wait(until: { Self.selectedName(list) == "file 149999" })
            XCTAssertEqual(Self.selectedName(list), "file 149999", "found once the index is built")
            XCTAssertEqual(list.manager.installedFeatures?.installed(TypeAheadFind.self)?.indexState.isBuilt, true)

            try list.manager.memoryStorage?.insertItem("file zero", to: IndexPath(item: 0, section: 0))
            XCTAssertEqual(
                list.manager.installedFeatures?.installed(TypeAheadFind.self)?.indexState.isBuilt, true,
                "a small change is followed, not rebuilt")
            list.press("BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "z")
            list.wait(until: { Self.selectedName(list) == "file zero" })
            XCTAssertEqual(Self.selectedName(list), "file zero", "the inserted row is found")

            list.manager.memoryStorage?.addItems((0..<10_000).map { "more \($0)" })
            XCTAssertEqual(
                list.manager.installedFeatures?.installed(TypeAheadFind.self)?.indexState.isBuilt, false, "a big change drops the index")
            list.press(
                "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "m", "o", "r", "e", "space", "9", "9", "9",
                "9")
            list.wait(until: { Self.selectedName(list) == "more 9999" })
            XCTAssertEqual(Self.selectedName(list), "more 9999", "found in the index built again")
            list.press("Escape")
        }
    }

    func testAListClosedWhileItsIndexBuildsGoesAndTheBuildWithIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            weak var released: ListManager?
            do {
                let (list, _) = Self.shownList(.virtualizedList, names: (0..<300_000).map { "file \($0)" })
                released = list.manager
                XCTAssertEqual(
                    list.manager.installedFeatures?.installed(TypeAheadFind.self)?.indexState.isBuilding, true, "the focus started it")
                list.close()
            }
            XCTAssertNil(released, "the manager went at once, its index's build with it")
        }
    }

    func testAWindowClosedWhileTheSearchIsOpenLeavesNothingBehind() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            weak var released: ListManager?
            do {
                let (list, _) = Self.shownList(.listBox)
                released = list.manager
                list.press("b")
                XCTAssertEqual(Self.shownQuery(), "b")
                list.close()  // the search still open: its window's handler goes with the window
            }
            XCTAssertNil(released, "the manager went, and its search with it")
            XCTAssertNil(Self.shownQuery(), "no search window is left showing")
        }
    }

    func testTheSearchIsOnlyForFindableRowsAndLeavesATreesKeysAlone() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let manager = ListManager(host: host)
            manager.register(NumberRow.self)  // not findable
            manager.memoryStorage?.setItems([1, 2, 3])
            let list = ShownList(manager)
            defer { list.close() }
            gtk_widget_grab_focus(manager.widget)
            _ = host.focusRow(at: 0)
            list.press("a", "ctrl+f")
            XCTAssertNil(Self.shownQuery(), "no findable row: no search")
        }
    }
}
