import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A tree in a table (a file manager's list view): the outline column's cells are indented by
/// level and show the disclosure arrow, which opens the row; the other columns stay under their
/// headers. Real clicks, read back from GTK, both hosts.
final class TableTreeTests: XCTestCase {
    final class NameCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
    }

    func testTheOutlineColumnIndentsItsCellsAndItsArrowOpensTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (storage, manager, table, list) = Self.showFiles(on: make()) { "\($0.count) B" }
                defer { list.close() }
                let home = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0)))
                let container = try XCTUnwrap(home.hostWidget)
                let nameCell = try XCTUnwrap(Self.cell(showing: "home", in: home))
                // The arrow goes just before the name cell's content, inside the cell's margin.
                var cellFrame = GtkAllocation(), containerFrame = GtkAllocation()
                gtk_widget_get_allocation(nameCell, &cellFrame)
                gtk_widget_get_allocation(container, &containerFrame)
                let arrowX =
                    TestTextDirection.isRightToLeft
                    ? cellFrame.x + cellFrame.width - containerFrame.x + 8 : cellFrame.x - containerFrame.x - 8
                let (x, y) = list.screenPoint(in: container, x: arrowX, y: containerFrame.height / 2)
                list.xdotool(["mousemove", String(x), String(y), "click", "1"])
                list.settleFrame()
                XCTAssertTrue(storage.outline(of: "Places").isExpanded("home"), name)
                XCTAssertEqual(manager.selectedIndexPaths, [], "\(name): the arrow opens without selecting")
                let docs = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0)))
                let docsName = try XCTUnwrap(Self.cell(showing: "docs", in: docs))
                XCTAssertEqual(
                    gtk_widget_get_margin_start(docsName) - gtk_widget_get_margin_start(nameCell), Int32(manager.indentationWidth),
                    "\(name): a level deeper, the name cell indents one step further")
                // The other column stays under its header, unindented.
                let sizes = [home, docs].map { row in TableFixture.cells(ofItem: row === home ? 0 : 1, in: manager, list: list)[0] }
                XCTAssertEqual(sizes.map(\.text), ["4 B", "4 B"], name)
                XCTAssertEqual(sizes.map(\.x), [0, 0], name)
                XCTAssertEqual(sizes.map(\.width), [80, 80], name)
                XCTAssertEqual(TableFixture.headers(of: table).map(\.x), [0, 80], name)
            }
        }
    }

    func testAnArrowWhoseColumnScrollsUnderTheFrozenStripDoesNotShowThereNorOpensThere() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let columns = [
                TableColumn("size", title: "Size", width: .fixed(80), isFrozen: true),
                TableColumn("name", title: "Name", width: .fixed(600)),
            ]
            let (storage, manager, _, list) = Self.showFiles(on: VirtualListHost(), expanding: ["home"], columns: columns) {
                "\($0.count) B"
            }
            defer { list.close() }
            TableFixture.holdStillForPixels(list)
            defer { DesktopAnimations.set(true) }
            let before = TableFixture.leadingStrip(of: manager.widget, width: 80)
            XCTAssertFalse(before.isEmpty)
            // The name cells' arrows (16 pixels before their text) slide under the strip and past it.
            for offset in stride(from: 4, through: 100, by: 8) {
                TableFixture.scrollSideways(list, to: Double(offset))
                let shown = TableFixture.leadingStrip(of: manager.widget, width: 80)
                XCTAssertEqual(
                    TableFixture.pixelDifferences(shown, before), 0, "scrolled \(offset) px: only the frozen cells show in the strip")
            }
            // A click where the arrow lies under the strip goes to the frozen cell: nothing opens.
            TableFixture.scrollSideways(list, to: 20)
            let home = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.hostWidget)
            let width = gtk_widget_get_allocated_width(home)
            let (x, y) = list.screenPoint(
                in: home, x: TestTextDirection.isRightToLeft ? width - 70 : 70, y: gtk_widget_get_allocated_height(home) / 2)
            list.xdotool(["mousemove", String(x), String(y), "click", "1"])
            list.settleFrame()
            XCTAssertTrue(storage.outline(of: "Places").isExpanded("home"), "home stays open")
        }
    }

    func testMovingTheOutlineToAnotherColumnKeepsTheRowsAndTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (_, manager, table, list) = Self.showFiles(on: make(), expanding: ["home"]) { "\($0)·" }
                defer { list.close() }
                let docsPath = IndexPath(item: 1, section: 0)
                manager.selectItem(at: docsPath)
                let rowsBefore = (0..<2).map { manager.boundRow(at: IndexPath(item: $0, section: 0)).map(ObjectIdentifier.init) }
                let docs = try XCTUnwrap(manager.boundRow(at: docsPath))
                let docsName = try XCTUnwrap(Self.cell(showing: "docs", in: docs))
                let docsSize = try XCTUnwrap(Self.cell(showing: "docs·", in: docs))
                XCTAssertGreaterThan(gtk_widget_get_margin_start(docsName), 0, "\(name): the name column is indented first")
                XCTAssertEqual(gtk_widget_get_margin_start(docsSize), 0, name)

                table.outlineColumn = "size"
                list.settleFrame()
                XCTAssertEqual(
                    (0..<2).map { manager.boundRow(at: IndexPath(item: $0, section: 0)).map(ObjectIdentifier.init) }, rowsBefore,
                    "\(name): the same row widgets, not a reload")
                XCTAssertEqual(manager.selectedIndexPaths, [docsPath], "\(name): the selection stays")
                XCTAssertGreaterThan(gtk_widget_get_margin_start(docsSize), 0, "\(name): the size column is indented now")
                XCTAssertEqual(gtk_widget_get_margin_start(docsName), 0, "\(name): the name column no longer")
                let homeRow = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0)))
                let homeSize = try XCTUnwrap(Self.cell(showing: "home·", in: homeRow))
                XCTAssertEqual(
                    gtk_widget_get_margin_start(docsSize) - gtk_widget_get_margin_start(homeSize), Int32(manager.indentationWidth),
                    "\(name): a level deeper, one step further")
            }
        }
    }

    func testAHeaderClickSortsEveryLevelKeepingWhatIsOpenAndTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (storage, manager, table, list) = Self.showFiles(on: make(), expanding: ["home", "docs"]) { "\($0.count) B" }
                defer { list.close() }
                let comparisons = ColumnComparisons<String>().column("name", byText: \.self).column("size", by: \.count)
                var sorted = 0
                table.didChangeSort { keys in storage.sort(by: keys, using: comparisons) { sorted += 1 } }
                manager.selectItem(at: IndexPath(item: 4, section: 0))
                let shownNames = { (0..<6).map { TableFixture.cells(ofItem: $0, in: manager, list: list).last?.text ?? "–" } }
                XCTAssertEqual(shownNames(), ["home", "docs", "a", "b", "music", "etc"], name)

                let header = try XCTUnwrap(TableFixture.headerButton("Name", of: table), name)
                let ascending = ["etc", "home", "docs", "a", "b", "music"], descending = ["home", "music", "docs", "b", "a", "etc"]
                for (clicks, expected) in [(1, ascending), (2, descending)] {
                    let (x, y) = list.screenPoint(in: header, x: 20, y: gtk_widget_get_allocated_height(header) / 2)
                    list.xdotool(["mousemove", String(x), String(y), "click", "1"])
                    XCTAssertTrue(GtkRuntime.iterate(until: { sorted == clicks }, timeout: .seconds(10)), "\(name): the sort never came")
                    list.settleFrame()
                    XCTAssertEqual(shownNames(), expected, "\(name): every level sorted, click \(clicks)")
                    let music = try XCTUnwrap(expected.firstIndex(of: "music"))
                    XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: music, section: 0)], "\(name): the selection follows music")
                    XCTAssertTrue(storage.isExpanded("home") && storage.isExpanded("docs") && !storage.isExpanded("etc"), name)
                    let indentation = try ["docs", "a"].map { text in
                        let place = try XCTUnwrap(expected.firstIndex(of: text))
                        let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: place, section: 0)))
                        return gtk_widget_get_margin_start(try XCTUnwrap(Self.cell(showing: text, in: row)))
                    }
                    XCTAssertEqual(indentation[1] - indentation[0], Int32(manager.indentationWidth), "\(name): levels kept")
                }
                XCTAssertEqual(table.sort, [SortKey("name", ascending: false)], name)
            }
        }
    }

    /// The files tree as a table of a size column (showing `size` of each name) and the name
    /// column holding the outline, `expanded` open, in a 400 × 300 window, a frame drawn.
    @MainActor private static func showFiles(
        on host: any ListHost, expanding expanded: [String] = [],
        columns: [TableColumn] = [
            TableColumn("size", title: "Size", width: .fixed(80)), TableColumn("name", title: "Name", width: .fixed(200)),
        ],
        size: @escaping (String) -> String
    ) -> (OutlineStorage<String, String>, ListManager, ListTable, ShownList) {
        let storage = OutlineStorage<String, String>(handOff: GLibMainActorHandOff())
        storage.apply(TreeFixture.files(), to: "Places")
        storage.expand(expanded)
        let manager = ListManager(host: host, storage: storage)
        let table = manager.makeTable(columns: columns)
        table.outlineColumn = "name"
        manager.register(NameCell.self, column: "name")
        manager.register(NameCell.self, for: String.self, column: "size") { cell, model, _ in
            gtk_label_set_text(gcast(cell.widget), size(model))
        }
        let list = ShownList(manager, width: 400, height: 300)
        list.settleFrame()
        return (storage, manager, table, list)
    }

    /// The cell of `row` whose label reads `text`.
    @MainActor private static func cell(showing text: String, in row: BoundRow) -> UnsafeMutablePointer<GtkWidget>? {
        containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == text }
    }
}
