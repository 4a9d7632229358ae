import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import SeededRandom
import XCTest

/// Per-row state (`StatefulRow`): a toggle a row holds for its model survives the row being
/// recycled for other models and comes back with the model, in whatever row shows it; it never
/// shows on another model's row. Toggles are read back from GTK.
final class RowStateTests: XCTestCase {
    func testAToggleFollowsItsModelThroughRecyclingOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                for seed in SeedCount.seeds(2) { try Self.togglesSurviveJumps(on: kind, seed: seed) }
            }
        }
    }

    func testAClickedToggleComesBackAfterScrollingAwayAndBack() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .virtualizedGrid] {
                let shown = ToggledList(kind)
                defer { shown.list.close() }
                shown.list.click(widget: try XCTUnwrap(shown.toggle(of: 3), "\(kind)"))
                XCTAssertEqual(shown.shownToggles()[3], true, "\(kind): the click toggled it")
                // Twice on another: the focus leaves 3 (a focused row stays bound), 5 ends off.
                shown.list.click(widget: try XCTUnwrap(shown.toggle(of: 5), "\(kind)"), count: 2)
                XCTAssertEqual(shown.shownToggles()[5], false, "\(kind)")

                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: 1_900, section: 0), alignment: .top))
                shown.list.settleFrame()
                XCTAssertNil(shown.toggle(of: 3), "\(kind): the row scrolled away and was recycled")
                XCTAssertEqual(shown.shownToggles().filter(\.value).keys.sorted(), [], "\(kind): no other model shows it")
                XCTAssertEqual(shown.manager.keptRowStateCount, 1, "\(kind): only the toggled model is kept")

                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: 0, section: 0), alignment: .top))
                shown.list.settleFrame()
                XCTAssertEqual(shown.shownToggles().filter(\.value).keys.sorted(), [3], "\(kind): it came back with its model")
            }
        }
    }

    func testARefreshInPlaceKeepsTheStateOfTheSameIdentity() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                let shown = ToggledList(kind, count: 30)
                defer { shown.list.close() }
                shown.setToggle(true, of: 2)
                try shown.storage.replaceItem(at: IndexPath(item: 2, section: 0), with: Tagged(id: 2, title: "renamed"))
                shown.list.settleFrame()
                XCTAssertEqual(shown.title(of: 2), "renamed", "\(kind): refreshed")
                XCTAssertEqual(shown.shownToggles()[2], true, "\(kind): a new model of the same identity keeps the state")

                try shown.storage.replaceItem(at: IndexPath(item: 2, section: 0), with: Tagged(id: 500, title: "another"))
                shown.list.settleFrame()
                XCTAssertEqual(shown.shownToggles()[500], false, "\(kind): another identity starts from its default")

                shown.setToggle(true, of: 5)
                shown.storage.setItems((0..<30).map { Tagged(id: $0, title: "again \($0)") })
                shown.list.settleFrame()
                // 2 was kept when its row showed 500 instead.
                XCTAssertEqual(
                    shown.shownToggles().filter(\.value).keys.sorted(), [2, 5], "\(kind): a reload gives states back by identity")
                shown.manager.forgetRowStates()
                XCTAssertEqual(shown.shownToggles().filter(\.value).keys.sorted(), [], "\(kind): the rows shown reset")
                shown.storage.setItems((0..<30).map { Tagged(id: $0, title: "once more \($0)") })
                shown.list.settleFrame()
                XCTAssertEqual(shown.shownToggles().filter(\.value).keys.sorted(), [], "\(kind): forgotten")
            }
        }
    }

    func testATablesCellsKeepTheirStateAsRowsDo() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let (manager, _, list) = TableFixture.show(
                rows: 2_000, columns: TableFixture.columns(2), on: host, cellsFor: ["c1"]
            ) { manager, _ in manager.register(ToggleCell.self, column: "c0") }
            defer { list.close() }
            /// The toggle cell GTK shows in the row of `item`.
            @MainActor func toggleCell(ofItem item: Int) -> UnsafeMutablePointer<GtkWidget>? {
                guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
                return containerChildren(row.widget).first { cell in
                    gtk_widget_get_mapped(cell) != 0 && isA(cell, gtk_toggle_button_get_type())
                }
            }
            /// The toggles of the cells GTK shows, by row.
            @MainActor func shownToggles() -> [Int: Bool] {
                var toggles: [Int: Bool] = [:]
                host.forEachBoundRow { _, row in
                    let item = row.model as! Int
                    if let cell = toggleCell(ofItem: item) { toggles[item] = gtk_toggle_button_get_active(gcast(cell)) != 0 }
                }
                return toggles
            }
            for item in [1, 4] {
                gtk_toggle_button_set_active(gcast(try XCTUnwrap(toggleCell(ofItem: item))), 1)
            }
            for item in [900, 1_500, 0] {
                XCTAssertTrue(manager.scrollTo(IndexPath(item: item, section: 0), alignment: .top))
                list.settleFrame()
            }
            XCTAssertEqual(shownToggles().filter(\.value).keys.sorted(), [1, 4])
        }
    }

    /// Toggles random items through their rows, jumps around, and checks every shown row
    /// against the toggles set, after each jump.
    @MainActor private static func togglesSurviveJumps(on kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let shown = ToggledList(kind)
        defer { shown.list.close() }
        var toggled: Set<Int> = []
        for jump in 0..<12 {
            let item = Int(random.next() % UInt64(shown.count))
            XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: item, section: 0), alignment: .top))
            shown.list.settleFrame()
            let context = "\(kind), seed \(seed), jump \(jump)"
            for (model, isOn) in shown.shownToggles() where isOn != toggled.contains(model) {
                XCTFail("\(context): item \(model) shows \(isOn ? "on" : "off")")
            }
            // Flip a few of the rows shown.
            for model in shown.shownToggles().keys.sorted().shuffled(using: &random).prefix(3) {
                let isOn = !toggled.contains(model)
                shown.setToggle(isOn, of: model)
                if isOn { toggled.insert(model) } else { toggled.remove(model) }
            }
        }
    }
}

/// A model with an identity and a title that may change.
private struct Tagged: Identifiable {
    let id: Int
    let title: String
}

/// A manager over `kind` showing `count` tagged models, each a `ToggleRow`.
@MainActor
private final class ToggledList {
    let manager: ListManager
    let host: any ListHost
    let list: ShownList
    let count: Int
    var storage: MemoryStorage { manager.memoryStorage! }

    init(_ kind: HostKind, count: Int = 2_000) {
        self.count = count
        host = kind.makeHost()
        manager = ListManager(host: host)
        manager.register(ToggleRow.self)
        manager.memoryStorage!.setItems((0..<count).map { Tagged(id: $0, title: "item \($0)") })
        list = ShownList(manager, width: 440, height: 500)
    }

    /// The toggle GTK shows for each bound model, by identity.
    func shownToggles() -> [Int: Bool] {
        var toggles: [Int: Bool] = [:]
        host.forEachBoundRow { _, row in
            guard let model = row.model as? Tagged else { return }
            toggles[model.id] = gtk_toggle_button_get_active(gcast(row.widget)) != 0
        }
        return toggles
    }

    /// The toggle of the row showing `id`, when one is bound.
    func toggle(of id: Int) -> UnsafeMutablePointer<GtkWidget>? {
        var found: UnsafeMutablePointer<GtkWidget>?
        host.forEachBoundRow { _, row in
            if (row.model as? Tagged)?.id == id { found = row.widget }
        }
        return found
    }

    func title(of id: Int) -> String? {
        toggle(of: id).map { String(cString: gtk_button_get_label(gcast($0))) }
    }

    /// Sets the toggle of the row showing `id`, as a click would.
    func setToggle(_ isOn: Bool, of id: Int) {
        guard let toggle = toggle(of: id) else { return XCTFail("no row shows \(id)") }
        gtk_toggle_button_set_active(gcast(toggle), isOn ? 1 : 0)
    }
}

/// A toggle button labelled with its model's title; whether it is on is the row's own state.
private final class ToggleRow: RowView, StatefulRow {
    let widget = gtk_toggle_button_new()!
    init() {}

    func update(with model: Tagged) {
        gtk_button_set_label(gcast(widget), model.title)
    }

    var rowState: Bool? { gtk_toggle_button_get_active(gcast(widget)) != 0 ? true : nil }

    func restoreState(_ isOn: Bool?) {
        gtk_toggle_button_set_active(gcast(widget), isOn == true ? 1 : 0)
    }
}

/// The same for a table's cell, whose model is its row's number.
private final class ToggleCell: RowView, StatefulRow {
    let widget = gtk_toggle_button_new()!
    init() {}

    static func stateID(of row: Int) -> Int { row }

    func update(with row: Int) {
        gtk_button_set_label(gcast(widget), "r\(row)")
    }

    var rowState: Bool? { gtk_toggle_button_get_active(gcast(widget)) != 0 ? true : nil }

    func restoreState(_ isOn: Bool?) {
        gtk_toggle_button_set_active(gcast(widget), isOn == true ? 1 : 0)
    }
}
