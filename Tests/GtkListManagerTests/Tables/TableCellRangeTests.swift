import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A range of cells (`selectsCells`), made with real keys and clicks as in a spreadsheet: Left
/// and Right move the cell cursor, Shift with an arrow or a click extends the range from the
/// cell it started from, Ctrl+A spans everything. Its rows are the manager's selection, its
/// cells carry `list-table-selected-cell` as they bind (scrolled to or not), and Ctrl+C copies
/// it. Both hosts that show tables; right to left, the arrows mirror.
final class TableCellRangeTests: XCTestCase {
    /// A table of `rows` × 8 columns 160 wide that selects cells; a click selects its row alone.
    @MainActor static func show(rows: Int = 30, on host: any ListHost) -> (ListManager, ListTable, ShownList) {
        TableFixture.show(rows: rows, columns: TableFixture.columns(8), on: host) { manager, table in
            manager.selectionMode = .multiple
            manager.activatesOnSingleClick = false
            table.selectsCells = true
        }
    }

    /// The cell of `column` in the bound row of `item`.
    @MainActor static func cell(_ item: Int, _ column: Int, in manager: ListManager) -> UnsafeMutablePointer<GtkWidget>? {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
        return containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == "r\(item) c\(column)" }
    }

    /// The cells marked as in the range among the mapped cells of the bound rows `items`, as
    /// "r c" of their labels, in order.
    @MainActor static func marked(_ items: Range<Int>, in manager: ListManager) -> [String] {
        var marked: [String] = []
        for item in items {
            guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { continue }
            for cell in containerChildren(row.widget) where gtk_widget_get_mapped(cell) != 0 {
                if gtk_style_context_has_class(gtk_widget_get_style_context(cell), ListTheme.StyleClass.tableSelectedCell) != 0 {
                    marked.append(String(cString: gtk_label_get_text(gcast(cell))))
                }
            }
        }
        return marked.sorted()
    }

    func testArrowsMoveTheCursorShiftArrowsExtendTheRangeAndCtrlCCopiesIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.show(on: make())
                defer { list.close() }
                list.click(widget: try XCTUnwrap(Self.cell(2, 1, in: manager), name))
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 2...2, columns: ["c1"]), name)
                XCTAssertEqual(Self.marked(0..<8, in: manager), ["r2 c1"], name)

                list.press(mirroredKey("shift+Right"), mirroredKey("shift+Right"), "shift+Down", "shift+Down")
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 2...4, columns: ["c1", "c2", "c3"]), name)
                XCTAssertEqual(manager.selectedIndexPaths.map(\.item), [2, 3, 4], "\(name): the range's rows are the selection")
                XCTAssertEqual(table.cursorColumn, "c3", name)
                XCTAssertEqual(
                    Self.marked(0..<8, in: manager),
                    ["r2 c1", "r2 c2", "r2 c3", "r3 c1", "r3 c2", "r3 c3", "r4 c1", "r4 c2", "r4 c3"], name)

                TableCopyTests.resetClipboard()
                list.press("ctrl+c")
                XCTAssertEqual(
                    TableCopyTests.clipboard("UTF8_STRING"), "r2 c1\tr2 c2\tr2 c3\nr3 c1\tr3 c2\tr3 c3\nr4 c1\tr4 c2\tr4 c3\n", name)
                XCTAssertEqual(
                    TableCopyTests.clipboard("text/csv"), "r2 c1,r2 c2,r2 c3\r\nr3 c1,r3 c2,r3 c3\r\nr4 c1,r4 c2,r4 c3\r\n", name)
                table.copiesHeader = true
                list.press("ctrl+c")
                XCTAssertEqual(
                    TableCopyTests.clipboard("text/tab-separated-values"),
                    "Column 1\tColumn 2\tColumn 3\nr2 c1\tr2 c2\tr2 c3\nr3 c1\tr3 c2\tr3 c3\nr4 c1\tr4 c2\tr4 c3\n", name)

                // Back across the anchor: the range flips to the other side.
                list.press(mirroredKey("shift+Left"), mirroredKey("shift+Left"), mirroredKey("shift+Left"), "shift+Up")
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 2...3, columns: ["c0", "c1"]), name)
                // A plain arrow selects the cursor's cell alone.
                list.press(mirroredKey("Right"))
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 3...3, columns: ["c1"]), name)
                list.press("Up")
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 2...2, columns: ["c1"]), name)
                XCTAssertEqual(Self.marked(0..<8, in: manager), ["r2 c1"], name)
            }
        }
    }

    func testShiftClickExtendsCtrlClickSelectsRowsAndCtrlASelectsEveryCell() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.show(on: make())
                defer { list.close() }
                list.click(widget: try XCTUnwrap(Self.cell(1, 2, in: manager), name))
                list.click(widget: try XCTUnwrap(Self.cell(3, 0, in: manager), name), modifiers: ["shift"])
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 1...3, columns: ["c0", "c1", "c2"]), name)
                XCTAssertEqual(Self.marked(0..<8, in: manager).count, 9, name)

                // A Ctrl+click selects rows as rows: no range, no cell marked.
                list.click(widget: try XCTUnwrap(Self.cell(5, 1, in: manager), name), modifiers: ["ctrl"])
                XCTAssertEqual(manager.selectedIndexPaths.map(\.item), [1, 2, 3, 5], name)
                XCTAssertNil(table.selectedCellRange, name)
                XCTAssertEqual(Self.marked(0..<8, in: manager), [], name)
                TableCopyTests.resetClipboard()
                list.press("ctrl+c")
                XCTAssertEqual(
                    TableCopyTests.clipboard("UTF8_STRING")?.split(separator: "\n").first,
                    "r1 c0\tr1 c1\tr1 c2\tr1 c3\tr1 c4\tr1 c5\tr1 c6\tr1 c7", name)

                list.press("ctrl+a")
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 0...29, columns: (0..<8).map { "c\($0)" }), name)
                XCTAssertEqual(manager.selectedIndexPaths.count, 30, name)
                list.press("ctrl+c")
                let lines = TableCopyTests.clipboard("UTF8_STRING")?.split(separator: "\n") ?? []
                XCTAssertEqual(lines.count, 30, name)
                XCTAssertEqual(lines.last, "r29 c0\tr29 c1\tr29 c2\tr29 c3\tr29 c4\tr29 c5\tr29 c6\tr29 c7", name)
            }
        }
    }

    func testTheRangesCellsAreMarkedAsTheyBindAndAfterScrolling() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.show(rows: 400, on: make())
                defer { list.close() }
                table.selectedCellRange = CellRange(rows: 100...399, columns: ["c3", "c1"])
                XCTAssertEqual(table.selectedCellRange, CellRange(rows: 100...399, columns: ["c1", "c2", "c3"]), name)
                XCTAssertEqual(manager.selectedIndexPaths.count, 300, name)
                manager.scrollTo(IndexPath(item: 98, section: 0), alignment: .top)
                list.settleFrame()
                XCTAssertEqual(Self.marked(98..<101, in: manager), ["r100 c1", "r100 c2", "r100 c3"], name)
                // Sideways, the columns that come into view bind marked or not as the range says.
                TableFixture.scrollSideways(list, to: 480)
                XCTAssertEqual(Self.marked(99..<101, in: manager), ["r100 c3"], name)
                manager.scrollTo(IndexPath(item: 300, section: 0), alignment: .top)
                list.settleFrame()
                XCTAssertEqual(Self.marked(300..<301, in: manager), ["r300 c3"], name)
                TableFixture.scrollSideways(list, to: 0)
                XCTAssertEqual(
                    Self.marked(300..<302, in: manager), ["r300 c1", "r300 c2", "r300 c3", "r301 c1", "r301 c2", "r301 c3"], name)
                // Columns moved: the range spans the shown ones between its ends.
                table.moveColumn("c5", to: 2)
                list.settleFrame()
                XCTAssertEqual(table.selectedCellRange?.columns, ["c1", "c5", "c2", "c3"], name)
                XCTAssertEqual(Self.marked(300..<301, in: manager), ["r300 c1", "r300 c2", "r300 c5"], "\(name): c3 is off screen")
                // Off, the marks go; the rows stay selected.
                table.selectsCells = false
                XCTAssertNil(table.selectedCellRange, name)
                XCTAssertEqual(Self.marked(300..<302, in: manager), [], name)
                XCTAssertEqual(manager.selectedIndexPaths.count, 300, name)
            }
        }
    }

    func testATextCellInTheRangeDrawsTheThemesBackground() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let css = try XCTUnwrap(LibraryResources.data(named: "theme.css"))
            XCTAssertTrue(String(decoding: css, as: UTF8.self).contains(".\(ListTheme.StyleClass.tableSelectedCell)"))
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                manager.selectionMode = .multiple
                let table = manager.makeTable(of: Int.self) {
                    ModelColumn("A", text: { k, _ in "a\(k)" }).width(.fixed(120))
                    ModelColumn("B", text: { k, _ in "b\(k)" }).width(.fixed(120))
                }
                table.selectsCells = true
                manager.memoryStorage?.setItems(Array(0..<10))
                let list = ShownList(manager, width: 400, height: 300)
                defer { list.close() }
                list.settleFrame()
                table.selectedCellRange = CellRange(rows: 1...1, columns: ["B"])
                list.settleFrame()
                let cells = containerChildren(try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0))).widget)
                let texts = cells.map { atk_object_get_name(gtk_widget_get_accessible($0)).map { String(cString: $0) } ?? "" }
                let byText = Dictionary(zip(texts, cells), uniquingKeysWith: { first, _ in first })
                let inRange = try XCTUnwrap(byText["b1"], name)
                let outside = try XCTUnwrap(byText["a1"], name)
                var color = GdkRGBA()
                var value = GValue()
                let context = gtk_widget_get_style_context(inRange)
                gtk_style_context_get_property(context, "background-color", gtk_style_context_get_state(context), &value)
                if let boxed = g_value_get_boxed(&value) { color = boxed.assumingMemoryBound(to: GdkRGBA.self).pointee }
                g_value_unset(&value)
                XCTAssertGreaterThan(color.alpha, 0, "\(name): theme.css gives the range's cells a background")
                // What the cell draws: its background in the range, nothing outside (a text cell
                // draws no background of its own).
                XCTAssertNotEqual(WidgetPixels.pixel(of: inRange, x: 2, y: 2) >> 24, 0, name)
                XCTAssertEqual(WidgetPixels.pixel(of: outside, x: 2, y: 2) >> 24, 0, name)
            }
        }
    }
}
