import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A table following a `GroupedStorage` (`ListTable.follow(_:using:)`): the header menu groups
/// and ungroups, group rows show their title, count and totals in the cells GTK shows, a
/// changed item changes its group's total, and the selection stays through regroupings. On
/// both table hosts (and right to left at scale 2 in the rerun).
final class TableGroupingTests: XCTestCase {
    struct Part: Identifiable, Equatable, Diffable, Sendable {
        var id: String
        var kind: String
        var size: Int
    }

    static let parts = [
        Part(id: "p1", kind: "nut", size: 1), Part(id: "p2", kind: "bolt", size: 2), Part(id: "p3", kind: "nut", size: 3),
        Part(id: "p4", kind: "bolt", size: 4), Part(id: "p5", kind: "bolt", size: 5), Part(id: "p6", kind: "washer", size: 6),
    ]

    static let groupings = ColumnGroupings<Part>()
        .column("kind", byText: \.kind)
        .total("size", .sum, of: \.size)

    /// The parts in a memory storage, grouped, shown as a table of name, kind and size that
    /// follows the grouping.
    @MainActor
    static func show(
        on host: any ListHost, parts: [Part] = parts
    ) -> (MemoryStorage, GroupedStorage<Part>, ListManager, ListTable, ShownList) {
        let base = MemoryStorage()
        base.setItems(parts)
        let grouped = GroupedStorage<Part>(base, handOff: GLibMainActorHandOff())
        let manager = ListManager(host: host, storage: grouped)
        let table = manager.makeTable(columns: [
            TableColumn("name", title: "Name", width: .fixed(160)),
            TableColumn("kind", title: "Kind", width: .fixed(120)),
            TableColumn("size", title: "Size", width: .fixed(100)),
        ])
        manager.register(TextCell.self, for: Part.self, column: "name") { cell, part, _ in cell.text = part.id }
        manager.register(TextCell.self, for: Part.self, column: "kind") { cell, part, _ in cell.text = part.kind }
        manager.register(TextCell.self, for: Part.self, column: "size") { cell, part, _ in cell.text = String(part.size) }
        table.follow(grouped, using: groupings)
        let list = ShownList(manager, width: 420, height: 400)
        list.settleFrame()
        return (base, grouped, manager, table, list)
    }

    /// The texts of the mapped cells of the row at `item` that show any, in reading order, as
    /// GTK shows them (a text cell's accessible name is its text).
    @MainActor static func cellTexts(ofItem item: Int, in manager: ListManager) -> [String] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        return containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }.sorted { left, right in
            var leftX: Int32 = 0, rightX: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(left, row.widget, 0, 0, &leftX, &y)
            gtk_widget_translate_coordinates(right, row.widget, 0, 0, &rightX, &y)
            return TestTextDirection.isRightToLeft ? leftX > rightX : leftX < rightX
        }.compactMap { cell in
            let name = atk_object_get_name(gtk_widget_get_accessible(cell)).map { String(cString: $0) } ?? ""
            return name.isEmpty ? nil : name
        }
    }

    /// Every row's cell texts, top to bottom.
    @MainActor private static func rows(_ manager: ListManager, count: Int) -> [[String]] {
        (0..<count).map { cellTexts(ofItem: $0, in: manager) }
    }

    /// Opens the menu of the header `header` with a right click and activates its entry `entry`;
    /// then waits for the grouping to be applied.
    @MainActor private static func choose(
        _ entry: String, fromMenuOf header: String, in table: ListTable, grouped: GroupedStorage<Part>, list: ShownList
    ) throws {
        let button = try XCTUnwrap(TableFixture.headerButton(header, of: table))
        list.click(widget: button, button: 3)
        let strip = containerChildren(table.widget)[0]
        let menu = try XCTUnwrap(attachedMenus(of: strip).first, "no menu")
        let item = try XCTUnwrap(menuItem(menu, entry), "no \(entry) in \(menuTitles(menu))")
        gtk_menu_item_activate(gcast(item))
        gtk_menu_shell_deactivate(gcast(menu))
        XCTAssertTrue(GtkRuntime.iterate(until: { !grouped.hasPendingGrouping }, timeout: .seconds(10)), "the grouping never came")
        list.settleFrame()
        list.settleFrame()
    }

    func testTheHeaderMenuGroupsRowsWithCountsAndTotalsKeepingTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let css = try XCTUnwrap(LibraryResources.data(named: "theme.css"))
            XCTAssertTrue(String(decoding: css, as: UTF8.self).contains(".\(ListTheme.StyleClass.tableGroupRow)"))
            for (name, make) in TableFixture.hosts {
                let (base, grouped, manager, table, list) = Self.show(on: make())
                defer { list.close() }
                XCTAssertEqual(Self.rows(manager, count: 2), [["p1", "nut", "1"], ["p2", "bolt", "2"]], name)
                XCTAssertTrue(manager.selectItem(at: IndexPath(item: 2, section: 0)), name)

                var reported: [[String]] = []
                table.didChangeGrouping { reported.append($0) }
                try Self.choose("Group by This Column", fromMenuOf: "Kind", in: table, grouped: grouped, list: list)
                XCTAssertEqual(table.grouping, ["kind"], name)
                XCTAssertEqual(table.state.grouping, ["kind"], name)
                XCTAssertEqual(reported, [["kind"]], name)
                let grouped9 = [["bolt (3)", "11"], ["p2", "bolt", "2"], ["p4", "bolt", "4"], ["p5", "bolt", "5"]]
                XCTAssertEqual(Self.rows(manager, count: 4), grouped9, name)
                XCTAssertEqual(
                    (0..<4).map { item in
                        let row = manager.boundRow(at: IndexPath(item: item, section: 0))!.widget
                        return gtk_style_context_has_class(gtk_widget_get_style_context(row), ListTheme.StyleClass.tableGroupRow) != 0
                    }, [true, false, false, false], "\(name): the group row's style class")
                XCTAssertEqual(
                    Self.rows(manager, count: 9)[4...],
                    [["nut (2)", "4"], ["p1", "nut", "1"], ["p3", "nut", "3"], ["washer (1)", "6"], ["p6", "washer", "6"]][...], name)
                XCTAssertEqual(
                    manager.selectedIndexPaths.compactMap { (grouped.item(at: $0) as? Part)?.id }, ["p3"], "\(name): the selection stays")

                // A size changes: its group's total follows on screen.
                try base.replaceItem(Self.parts[3], with: Part(id: "p4", kind: "bolt", size: 40))
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 0, in: manager), ["bolt (3)", "47"], name)
                XCTAssertEqual(Self.cellTexts(ofItem: 2, in: manager), ["p4", "bolt", "40"], name)
                // A kind changes: the part moves to its new group, the counts follow.
                try base.replaceItem(Self.parts[0], with: Part(id: "p1", kind: "washer", size: 1))
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 4, in: manager), ["nut (1)", "3"], name)
                XCTAssertEqual(Self.cellTexts(ofItem: 6, in: manager), ["washer (2)", "7"], name)
                XCTAssertEqual(
                    manager.selectedIndexPaths.compactMap { (grouped.item(at: $0) as? Part)?.id }, ["p3"], "\(name): still selected")

                try Self.choose("Ungroup", fromMenuOf: "Size", in: table, grouped: grouped, list: list)
                XCTAssertEqual(table.grouping, [], name)
                XCTAssertEqual(Self.rows(manager, count: 1), [["p1", "washer", "1"]], name)
                let firstRow = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))).widget
                XCTAssertEqual(
                    gtk_style_context_has_class(gtk_widget_get_style_context(firstRow), ListTheme.StyleClass.tableGroupRow), 0,
                    "\(name): an item's row has no group style")
                XCTAssertEqual(
                    manager.selectedIndexPaths.compactMap { (grouped.item(at: $0) as? Part)?.id }, ["p3"], "\(name): kept ungrouped")
            }
        }
    }

    func testAnAppsOwnGroupCellWinsAndAClosedGroupHidesItsRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (_, grouped, manager, table, list) = Self.show(on: make())
                defer { list.close() }
                manager.register(TextCell.self, for: ItemGroup.self, column: "name") { cell, group, _ in
                    cell.text = "Kind \(group.title): \(group.count)"
                }
                table.grouping = ["kind"]
                XCTAssertTrue(GtkRuntime.iterate(until: { !grouped.hasPendingGrouping }, timeout: .seconds(10)), name)
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 0, in: manager), ["Kind bolt: 3", "11"], name)
                grouped.setExpanded(false, at: IndexPath(item: 0, section: 0))
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["Kind nut: 2", "4"], name)
                XCTAssertEqual(grouped.numberOfItems(inSection: 0), 6, name)
                // Sorted by kind, descending: the groups come last kind first.
                table.sort = [SortKey("kind", ascending: false)]
                XCTAssertTrue(GtkRuntime.iterate(until: { !grouped.hasPendingGrouping }, timeout: .seconds(10)), name)
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 0, in: manager), ["Kind washer: 1", "6"], name)
                XCTAssertEqual(Self.cellTexts(ofItem: 2, in: manager), ["Kind nut: 2", "4"], name)
            }
        }
    }

    func testAStateSavedBeforeGroupingDecodesUngrouped() throws {
        let old = Data(#"{"order":["a"],"widths":{"a":40},"hidden":[],"sort":[]}"#.utf8)
        let state = try JSONDecoder().decode(ColumnState.self, from: old)
        XCTAssertEqual(state, ColumnState(order: ["a"], widths: ["a": 40]))
        XCTAssertEqual(state.grouping, [])
        let saved = try JSONDecoder().decode(ColumnState.self, from: JSONEncoder().encode(ColumnState(grouping: ["kind", "size"])))
        XCTAssertEqual(saved.grouping, ["kind", "size"])
    }
    /// The name cell of the item row nearest the viewport's top (partly shown counts).
    @MainActor static func topRowName(_ manager: ListManager, grouped: GroupedStorage<Part>, list: ShownList) -> String? {
        let viewport = gtk_bin_get_child(gcast(list.scrolledWindow))!
        var best: (y: Int32, name: String)?
        for item in 0..<grouped.numberOfItems(inSection: 0) {
            guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), gtk_widget_get_mapped(row.widget) != 0 else {
                continue
            }
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(row.widget, viewport, 0, 0, &x, &y)
            guard y + gtk_widget_get_allocated_height(row.widget) > 0, best.map({ y < $0.y }) ?? true else { continue }
            best = (y, cellTexts(ofItem: item, in: manager).first ?? "")
        }
        return best?.name
    }

    /// The name cell of the row that has the keyboard focus.
    @MainActor private static func focusedRowName(_ manager: ListManager, grouped: GroupedStorage<Part>, list: ShownList) -> String? {
        for item in 0..<grouped.numberOfItems(inSection: 0) {
            guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { continue }
            let widget = row.hostWidget ?? row.widget
            if gtk_widget_has_focus(widget) != 0 { return cellTexts(ofItem: item, in: manager).first }
        }
        return nil
    }

    func testGroupingKeepsTheTopRowTheFocusedRowAndTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let many = (0..<150).map { Part(id: "p\($0)", kind: ["bolt", "nut", "washer"][$0 % 3], size: $0) }
            for (name, make) in TableFixture.hosts {
                let (_, grouped, manager, table, list) = Self.show(on: make(), parts: many)
                defer { list.close() }
                manager.scrollTo(IndexPath(item: 61, section: 0), alignment: .top)
                list.settleFrame()
                list.click(IndexPath(item: 64, section: 0))
                list.settleFrame()
                XCTAssertEqual(Self.topRowName(manager, grouped: grouped, list: list), "p61", name)
                XCTAssertEqual(Self.focusedRowName(manager, grouped: grouped, list: list), "p64", name)

                try Self.choose("Group by This Column", fromMenuOf: "Kind", in: table, grouped: grouped, list: list)
                XCTAssertEqual(Self.topRowName(manager, grouped: grouped, list: list), "p61", "\(name): the top row stays")
                XCTAssertEqual(Self.focusedRowName(manager, grouped: grouped, list: list), "p64", "\(name): the focus stays")
                XCTAssertEqual(
                    manager.selectedIndexPaths.compactMap { (grouped.item(at: $0) as? Part)?.id }, ["p64"], "\(name): the selection stays")

                try Self.choose("Ungroup", fromMenuOf: "Kind", in: table, grouped: grouped, list: list)
                XCTAssertEqual(Self.topRowName(manager, grouped: grouped, list: list), "p61", "\(name): ungrouped")
                XCTAssertEqual(Self.focusedRowName(manager, grouped: grouped, list: list), "p64", "\(name): ungrouped")
            }
        }
    }
    func testTheArrowAndTheKeyboardCloseAndOpenAGroupRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (_, grouped, manager, table, list) = Self.show(on: make())
                defer { list.close() }
                table.grouping = ["kind"]
                XCTAssertTrue(GtkRuntime.iterate(until: { !grouped.hasPendingGrouping }, timeout: .seconds(10)), name)
                list.settleFrame()
                // A click at the row's start edge is on the group's disclosure arrow.
                list.click(IndexPath(item: 0, section: 0))
                list.settleFrame()
                XCTAssertEqual(grouped.numberOfItems(inSection: 0), 6, "\(name): bolt's three rows hidden")
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["nut (2)", "4"], name)
                list.click(IndexPath(item: 0, section: 0))
                list.settleFrame()
                XCTAssertEqual(grouped.numberOfItems(inSection: 0), 9, "\(name): open again")
                // The keyboard on the focused group row: minus closes it, plus opens it.
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0)), name)
                let sizeCell = try XCTUnwrap(
                    containerChildren(row.widget).first {
                        atk_object_get_name(gtk_widget_get_accessible($0)).map { String(cString: $0) } == "11"
                    },
                    name)
                list.click(widget: sizeCell)
                list.settleFrame()
                XCTAssertEqual(Self.focusedRowName(manager, grouped: grouped, list: list), "bolt (3)", name)
                list.press("minus")
                list.settleFrame()
                XCTAssertEqual(grouped.outlinePlace(at: IndexPath(item: 0, section: 0))?.isExpanded, false, name)
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["nut (2)", "4"], name)
                list.press("plus")
                list.settleFrame()
                XCTAssertEqual(grouped.numberOfItems(inSection: 0), 9, name)
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["p2", "bolt", "2"], name)
            }
        }
    }
}
