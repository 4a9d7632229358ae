import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// What the user does to a table's columns through its headers, with real input: a drag of an
/// edge resizes, a double click there fits, a click sorts, the header's menu hides, shows and
/// moves columns. What the headers and the cells show is read back from GTK, on both hosts;
/// the state the app saves follows, and restores the same table.
final class TableColumnTests: XCTestCase {
    func testDraggingAHeaderEdgeResizesTheColumnAndItsCells() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var saved: [ColumnState] = []
                let (manager, table, list) = TableFixture.show(rows: 50, columns: TableFixture.columns(6), on: make()) { _, table in
                    table.stateDidChange = { saved.append($0) }
                }
                defer { list.close() }
                let button = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
                TableFixture.drag(button, fromX: TableFixture.trailingEdge(of: button), by: 60, in: list)
                list.settleFrame()
                XCTAssertEqual(TableFixture.headers(of: table).prefix(2).map(\.width), [220, 160], name)
                let cells = TableFixture.cells(ofItem: 4, in: manager, list: list)
                XCTAssertEqual(cells.prefix(2).map(\.width), [220, 160], name)
                XCTAssertEqual(cells.prefix(2).map(\.x), [0, 220], name)
                XCTAssertEqual(saved.map(\.widths), [["c0": 220]], "\(name): the state is reported once, on the release")
            }
        }
    }

    func testADoubleClickOnAHeaderEdgeFitsTheColumnToItsContent() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let columns =
                    [TableColumn("c0", title: "Column 0", width: .fixed(100), measure: { _ in 150 })]
                    + TableFixture.columns(3).dropFirst()
                let (_, table, list) = TableFixture.show(rows: 50, columns: columns, on: make())
                defer { list.close() }
                let button = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
                let (x, y) = list.screenPoint(in: button, x: TableFixture.trailingEdge(of: button))
                list.xdotool(["mousemove", String(x), String(y), "click", "--repeat", "2", "--delay", "40", "1"])
                list.settleFrame()
                XCTAssertEqual(TableFixture.headers(of: table).first?.width, 150, name)
                XCTAssertEqual(table.state.widths, ["c0": 150], name)
                XCTAssertEqual(table.sort, [], "\(name): a click on an edge never sorts")
            }
        }
    }

    func testAFitContentColumnIsNeverNarrowerThanItsStyledHeader() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let title = "A rather long column title"
                let columns =
                    [TableColumn("c0", title: title, width: .fitContent, measure: { _ in 10 })] + TableFixture.columns(3).dropFirst()
                let (_, table, list) = TableFixture.show(rows: 20, columns: columns, on: make())
                defer { list.close() }
                let button = try XCTUnwrap(TableFixture.headerButton(title, of: table), name)
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_get_preferred_width(button, &minimum, &natural)
                XCTAssertEqual(
                    TableFixture.headers(of: table).first?.width, natural, "\(name): as wide as its header asks, in the header")
                let label = containerChildren(containerChildren(button)[0])[0]
                XCTAssertEqual(pango_layout_is_ellipsized(gtk_label_get_layout(gcast(label))), 0, "\(name): the title shows whole")
            }
        }
    }

    func testClickingHeadersSortsReversesAndAddsKeysShowingTheArrows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var reported: [[SortKey]] = []
                let (_, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(4), on: make()) { _, table in
                    table.didChangeSort { reported.append($0) }
                }
                defer { list.close() }
                let second = try XCTUnwrap(TableFixture.headerButton("Column 1", of: table))
                let third = try XCTUnwrap(TableFixture.headerButton("Column 2", of: table))
                list.click(widget: second)
                XCTAssertEqual(TableFixture.sortArrow(of: "Column 1", in: table), "pan-down-symbolic", name)
                list.click(widget: second)
                XCTAssertEqual(TableFixture.sortArrow(of: "Column 1", in: table), "pan-up-symbolic", name)
                list.click(widget: third, modifiers: ["shift"])
                XCTAssertEqual(TableFixture.sortArrow(of: "Column 2", in: table), "pan-down-symbolic", name)
                XCTAssertNil(TableFixture.sortArrow(of: "Column 0", in: table), name)
                list.click(widget: third)
                XCTAssertEqual(
                    reported,
                    [
                        [SortKey("c1")], [SortKey("c1", ascending: false)], [SortKey("c1", ascending: false), SortKey("c2")],
                        [SortKey("c2")],
                    ],
                    name)
                XCTAssertNil(TableFixture.sortArrow(of: "Column 1", in: table), name)
            }
        }
    }

    func testReplacingTheColumnsWithoutTheSortedOneReportsTheSortItDropped() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var sorts: [[SortKey]] = []
                var states: [ColumnState] = []
                let (_, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(4), on: make()) { _, table in
                    table.didChangeSort { sorts.append($0) }
                    table.stateDidChange = { states.append($0) }
                }
                defer { list.close() }
                table.sort = [SortKey("c2"), SortKey("c0", ascending: false)]
                list.settleFrame()
                sorts.removeAll()
                states.removeAll()
                table.setColumns(TableFixture.columns(4).filter { $0.id != "c2" })
                list.settleFrame()
                XCTAssertEqual(sorts, [[SortKey("c0", ascending: false)]], "\(name): the sort without c2, said once")
                XCTAssertEqual(states.map(\.sort), [[SortKey("c0", ascending: false)]], "\(name): the state said once")
                XCTAssertEqual(table.sort, [SortKey("c0", ascending: false)], name)
                XCTAssertNil(TableFixture.headerButton("Column 2", of: table), "\(name): the column left")
                XCTAssertEqual(TableFixture.sortArrow(of: "Column 0", in: table), "pan-up-symbolic", name)

                table.setColumns(TableFixture.columns(4))
                list.settleFrame()
                XCTAssertEqual(sorts.count, 1, "\(name): a column coming back changes no sort")
                XCTAssertNotNil(TableFixture.headerButton("Column 2", of: table), "\(name): the column is back")
                XCTAssertNil(TableFixture.sortArrow(of: "Column 2", in: table), "\(name): unsorted")
            }
        }
    }

    func testAColumnSortedWhileHiddenShowsItsArrowWhenShownAgain() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (_, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(4), on: make())
                defer { list.close() }
                table.setHidden(true, ofColumn: "c1")
                table.sort = [SortKey("c1", ascending: false)]
                list.settleFrame()
                XCTAssertNil(TableFixture.headerButton("Column 1", of: table), "\(name): hidden, no header")
                table.setHidden(false, ofColumn: "c1")
                list.settleFrame()
                XCTAssertEqual(TableFixture.sortArrow(of: "Column 1", in: table), "pan-up-symbolic", "\(name): shown again, sorted")
                XCTAssertNil(TableFixture.sortArrow(of: "Column 0", in: table), name)
            }
        }
    }

    func testTheHeaderMenuHidesShowsAndMovesColumns() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(4), on: make())
                defer { list.close() }
                try Self.choose("Column 1", fromMenuOf: "Column 0", in: table, list: list)
                XCTAssertEqual(TableFixture.headers(of: table).map(\.text), ["Column 0", "Column 2", "Column 3"], name)
                XCTAssertEqual(TableFixture.cells(ofItem: 1, in: manager, list: list).map(\.text), ["r1 c0", "r1 c2", "r1 c3"], name)
                // Right to left, the next column is on the left: "Move Left" moves it later.
                let later = TestTextDirection.isRightToLeft ? "Move Left" : "Move Right"
                try Self.choose(later, fromMenuOf: "Column 0", in: table, list: list)
                XCTAssertEqual(TableFixture.headers(of: table).map(\.text), ["Column 2", "Column 0", "Column 3"], name)
                XCTAssertEqual(TableFixture.cells(ofItem: 1, in: manager, list: list).map(\.x), [0, 160, 320], name)
                try Self.choose("Column 1", fromMenuOf: "Column 3", in: table, list: list)
                // A hidden column shown again comes back where it was among the others.
                XCTAssertEqual(TableFixture.headers(of: table).map(\.text), ["Column 1", "Column 2", "Column 0", "Column 3"], name)
                XCTAssertEqual(table.state.order, ["c1", "c2", "c0", "c3"], name)
            }
        }
    }

    func testDraggingAHeaderMovesItsColumnWithoutSorting() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var saved: [ColumnState] = []
                let (manager, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(4), on: make()) { _, table in
                    table.stateDidChange = { saved.append($0) }
                }
                defer { list.close() }
                let button = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
                // From the header's middle to the middle of the third column's.
                let middle = TableFixture.leadingX(80, in: button)
                TableFixture.drag(button, fromX: middle, by: 2 * 160 + 10, in: list)
                list.settleFrame()
                XCTAssertEqual(TableFixture.headers(of: table).map(\.text), ["Column 1", "Column 2", "Column 0", "Column 3"], name)
                XCTAssertEqual(TableFixture.headers(of: table).map(\.x), [0, 160, 320, 480], name)
                XCTAssertEqual(
                    TableFixture.cells(ofItem: 2, in: manager, list: list).map(\.text), ["r2 c1", "r2 c2", "r2 c0", "r2 c3"], name)
                XCTAssertEqual(table.sort, [], "\(name): the drag's release sorts nothing")
                XCTAssertEqual(saved.map(\.order), [["c1", "c2", "c0", "c3"]], name)
                // A drag that ends where it began moves nothing.
                let moved = try XCTUnwrap(TableFixture.headerButton("Column 0", of: table))
                TableFixture.drag(moved, fromX: TableFixture.leadingX(80, in: moved), by: 30, in: list)
                list.settleFrame()
                XCTAssertEqual(TableFixture.headers(of: table).map(\.x), [0, 160, 320, 480], name)
                XCTAssertEqual(saved.count, 1, name)
            }
        }
    }

    func testTheStateRoundTripsThroughCodableAndRestoresTheSameTable() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, table, list) = TableFixture.show(rows: 20, columns: TableFixture.columns(5), on: VirtualListHost())
            table.moveColumn("c3", to: 0)
            table.setHidden(true, ofColumn: "c1")
            table.setWidth(210, ofColumn: "c4")
            table.sort = [SortKey("c2", ascending: false)]
            list.settleFrame()
            let shown = TableFixture.headers(of: table)
            list.close()
            let data = try JSONEncoder().encode(table.state)
            let (manager, restored, again) = TableFixture.show(rows: 20, columns: TableFixture.columns(5), on: VirtualListHost()) {
                _, restored in restored.state = try! JSONDecoder().decode(ColumnState.self, from: data)
            }
            defer { again.close() }
            XCTAssertEqual(TableFixture.headers(of: restored), shown)
            XCTAssertEqual(shown.map(\.text), ["Column 3", "Column 0", "Column 2", "Column 4"])
            XCTAssertEqual(shown.map(\.width), [160, 160, 160, 210])
            XCTAssertEqual(TableFixture.sortArrow(of: "Column 2", in: restored), "pan-up-symbolic")
            XCTAssertEqual(TableFixture.cells(ofItem: 0, in: manager, list: again).map(\.text).prefix(3), ["r0 c3", "r0 c0", "r0 c2"])
        }
    }

    func testAStateTheColumnsDoNotAllowIsCorrectedWhenRestored() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let columns = [
                TableColumn("c0", title: "Column 0", width: .fixed(160), isHideable: false),
                TableColumn("c1", title: "Column 1", width: .fixed(160), isSortable: false),
                TableColumn("c2", title: "Column 2", width: .fixed(160)),
            ]
            let (_, table, list) = TableFixture.show(rows: 5, columns: columns, on: VirtualListHost())
            defer { list.close() }
            // Edited by hand: a column that may not hide hidden, a sort by one that may not sort.
            table.state = ColumnState(hidden: ["c0", "c2"], sort: [SortKey("c1"), SortKey("c2", ascending: false)])
            list.settleFrame()
            XCTAssertEqual(TableFixture.headers(of: table).map(\.text), ["Column 0", "Column 1"])
            XCTAssertEqual(table.state.hidden, ["c2"])
            XCTAssertEqual(table.sort, [SortKey("c2", ascending: false)])
            // Every column hidden: the first in the user's order stays.
            table.setColumns(
                columns.map {
                    var column = $0; column.isHideable = true; return column
                })
            table.state = ColumnState(order: ["c2", "c1", "c0"], hidden: ["c0", "c1", "c2"])
            list.settleFrame()
            XCTAssertEqual(TableFixture.headers(of: table).map(\.text), ["Column 2"])
        }
    }

    /// Opens the menu of the header `header` with a right click and activates its entry `entry`.
    @MainActor private static func choose(_ entry: String, fromMenuOf header: String, in table: ListTable, list: ShownList) throws {
        let button = try XCTUnwrap(TableFixture.headerButton(header, of: table))
        list.click(widget: button, button: 3)
        let strip = containerChildren(table.widget)[0]
        let menu = try XCTUnwrap(attachedMenus(of: strip).first, "no menu")
        let item = try XCTUnwrap(menuItem(menu, entry), "no \(entry) in \(menuTitles(menu))")
        gtk_menu_item_activate(gcast(item))
        gtk_menu_shell_deactivate(gcast(menu))
        list.settleFrame()
        list.settleFrame()
    }
}
