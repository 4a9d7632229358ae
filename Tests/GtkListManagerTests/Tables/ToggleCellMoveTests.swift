import CGtk
import CVirtualList
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Toggle cells that move as columns move and the table scrolls sideways (a column that enters
/// takes a cell its row hid, or one a row let go of), on both table hosts: each row's toggles
/// draw their indicators under one node of the row that stays (GTK keeps the styles computed
/// under it, where a cell's own node drops them as the cell moves), and a moved
/// cell draws its value (checked or not, mixed, insensitive) as GtkTreeView's toggle renderer
/// draws it, and in a selected row as the row's cells drew it before any moved.
final class ToggleCellMoveTests: XCTestCase {
    /// Cells of other kinds between the toggles, so that the kind of a column entering the view
    /// is seldom one a row kept hidden (two at most): its cell comes from another row.
    final class FirstSpacer: RowView {
        let widget = gtk_label_new(nil)!
        init() {}
    }
    final class SecondSpacer: RowView {
        let widget = gtk_label_new(nil)!
        init() {}
    }
    final class ThirdSpacer: RowView {
        let widget = gtk_label_new(nil)!
        init() {}
    }

    /// Columns `c0`…`c20` 120 pixels wide cycling text, check, three other kinds and radio
    /// (`c1`, `c8`, `c15` checks; `c4`, `c11`, `c18` radios) in a `width`-pixel window; checks
    /// show `values.on["c1"]`, radios `values.on["c2"]` (so every toggle of a row draws as the
    /// reference's row does).
    @MainActor private static func show(on host: any ListHost, values: ToggleFixture.Values, width: Int32) -> (
        ListManager, ListTable, ShownList
    ) {
        let kinds: [RowView.Type?] = [
            nil, ToggleCell.self, FirstSpacer.self, SecondSpacer.self, ToggleFixture.RadioCell.self, ThirdSpacer.self, nil,
        ]
        let columns = (0..<21).map { "c\($0)" }
        let texts = Set(columns.indices.filter { kinds[$0 % 7] == nil }.map { "c\($0)" })
        return TableFixture.show(rows: 40, columns: TableFixture.columns(21, width: .fixed(120)), on: host, width: width, cellsFor: texts) {
            manager, _ in
            manager.selectionMode = .multiple
            for (index, column) in columns.enumerated() {
                switch index % 7 {
                case 1:
                    manager.register(ToggleCell.self, for: Int.self, column: column) { cell, row, _ in
                        cell.isOn = values.on["c1", default: []].contains(row)
                        cell.isInconsistent = values.inconsistent.contains(row)
                        cell.isActivatable = !values.locked.contains(row)
                    }
                case 4:
                    manager.register(ToggleFixture.RadioCell.self, for: Int.self, column: column) { cell, row, _ in
                        cell.toggle.isOn = values.on["c2", default: []].contains(row)
                        cell.toggle.isActivatable = !values.locked.contains(row)
                    }
                case 2: manager.register(FirstSpacer.self, for: Int.self, column: column) { _, _, _ in }
                case 3: manager.register(SecondSpacer.self, for: Int.self, column: column) { _, _, _ in }
                case 5: manager.register(ThirdSpacer.self, for: Int.self, column: column) { _, _, _ in }
                default: break
                }
            }
        }
    }

    func testEveryToggleOfARowDrawsUnderOneNodeOfTheRowThatStaysAsCellsMove() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.show(on: make(), values: ToggleFixture.Values(), width: 640)
                defer { list.close() }
                @MainActor func indicatorContexts(ofItem item: Int) -> [String: Set<UnsafeMutablePointer<GtkStyleContext>>] {
                    var contexts: [String: Set<UnsafeMutablePointer<GtkStyleContext>>] = [:]
                    for toggle in ToggleFixture.toggles(ofItem: item, in: manager) {
                        let cell = try! XCTUnwrap(glm_toggle_cell_of_widget(toggle.widget))
                        let context = glm_toggle_cell_save_indicator_style(cell)!
                        gtk_style_context_restore(context)
                        XCTAssertNotEqual(
                            context, gtk_widget_get_style_context(toggle.widget), "\(name), row \(item): not the cell's own node")
                        contexts[toggle.node, default: []].insert(context)
                    }
                    return contexts
                }
                let before = (0..<6).map(indicatorContexts(ofItem:))
                for (item, contexts) in before.enumerated() {
                    XCTAssertEqual(contexts["check"]?.count, 1, "\(name), row \(item): one node for its checks")
                }
                XCTAssertEqual(Set(before.compactMap { $0["check"]?.first }).count, 6, "\(name): a node per row")
                let moved = Self.moveCells(list, manager: manager, table: table) { _ in }
                XCTAssertGreaterThan(moved, 0, "\(name): cells went to other places")
                XCTAssertEqual((0..<6).map(indicatorContexts(ofItem:)), before, "\(name): the same nodes after the cells moved")
            }
        }
    }

    func testAMovedCellDrawsItsValueAsGtkTreeViewDoesAndItsRowsSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.on = ["c1": [0, 2, 4, 6], "c2": [1, 2, 5]]
                values.inconsistent = [3]
                values.locked = [5]
                let (manager, table, list) = Self.show(on: make(), values: values, width: 640)
                defer { list.close() }
                let reference = TreeViewReference(rows: 7, values: values, beside: table.widget, in: list)
                let selected = [1, 2, 4, 5]
                for item in selected { XCTAssertTrue(manager.selectItem(at: IndexPath(item: item, section: 0)), name) }
                // The theme fades a row's background in as it is selected: compare once it is there.
                _ = GtkRuntime.iterate(until: { false }, timeout: .milliseconds(400))
                list.settleFrame()
                var compared = 0
                // GtkTreeView draws a selected row's check in the check's `:selected` state, on
                // its own selection colour; a table's draws in the row's: a selected row's
                // toggles are compared with what they showed before any cell moved.
                var firstShown: [String: ScreenInk] = [:]
                @MainActor func assertDrawnAsTheReference(_ context: String) {
                    for item in 0..<7 {
                        for toggle in ToggleFixture.toggles(ofItem: item, in: manager) where Self.isInView(toggle.widget, list) {
                            let ours = ScreenInk.of(toggle.widget, in: list.window)
                            let isSelected = selected.contains(item)
                            let state = "\(context), row \(item) (\(isSelected ? "selected" : "not selected")), \(toggle.node)"
                            XCTAssertGreaterThan(ours.width, 8, "\(state): the indicator is drawn")
                            if isSelected {
                                let key = "\(item) \(toggle.node)"
                                let before = firstShown[key] ?? ours
                                firstShown[key] = before
                                XCTAssertEqual(ours, before, "\(state): as before any cell moved")
                            } else {
                                let theirs = reference.ink(row: item, column: toggle.node == "check" ? reference.check : reference.radio)
                                XCTAssertTrue(ours.matches(theirs), "\(state): \(ours) against \(theirs)")
                            }
                            compared += 1
                        }
                    }
                }
                assertDrawnAsTheReference("\(name), first shown")
                // Rows 0 and 2 both show a checked check: the selected one differently.
                XCTAssertNotEqual(
                    ScreenInk.of(ToggleFixture.toggles(ofItem: 0, in: manager)[0].widget, in: list.window),
                    ScreenInk.of(ToggleFixture.toggles(ofItem: 2, in: manager)[0].widget, in: list.window),
                    "\(name): a selected row's check shows its row's state")
                let moved = Self.moveCells(list, manager: manager, table: table, each: assertDrawnAsTheReference)
                XCTAssertGreaterThan(moved, 0, "\(name): cells went to other places")
                XCTAssertGreaterThan(compared, 100, name)
            }
        }
    }

    /// Whether all of `cell` is in the viewport (its ink on screen is its own).
    @MainActor private static func isInView(_ cell: UnsafeMutablePointer<GtkWidget>, _ list: ShownList) -> Bool {
        let viewport = gtk_bin_get_child(gcast(list.scrolledWindow))!
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(cell, viewport, 0, 0, &x, &y)
        return x >= 0 && x + gtk_widget_get_allocated_width(cell) <= gtk_widget_get_allocated_width(viewport)
    }

    /// Moves the toggle columns to other places and scrolls the table sideways 60 pixels a step,
    /// to its end and back (cells hidden in their rows and taken again, or let go to the pool
    /// and taken by a row), `each` after each frame, and counts the toggle cells of the first
    /// rows found in another row or place than before.
    @MainActor private static func moveCells(_ list: ShownList, manager: ListManager, table: ListTable, each: (String) -> Void) -> Int {
        var placeOfCell: [UnsafeMutablePointer<GtkWidget>: String] = [:]
        var moved = 0
        func record() {
            for item in 0..<7 {
                for toggle in ToggleFixture.toggles(ofItem: item, in: manager) {
                    let place = "\(Int(bitPattern: gtk_widget_get_parent(toggle.widget))) \(toggle.x)"
                    if let previous = placeOfCell[toggle.widget], previous != place { moved += 1 }
                    placeOfCell[toggle.widget] = place
                }
            }
        }
        record()
        for (column, place) in [("c1", 3), ("c4", 0), ("c1", 0), ("c4", 1), ("c1", 1), ("c4", 4)] {
            table.moveColumn(column, to: place)
            list.settleFrame()
            record()
            each("\(column) moved to \(place)")
        }
        let adjustment = gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow))!
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let offsets = Array(stride(from: 60, through: end, by: 60)) + [end] + Array(stride(from: end - 60, through: 0, by: -60)) + [0]
        for offset in offsets {
            TableFixture.scrollSideways(list, to: offset)
            record()
            each("scrolled to \(Int(offset))")
        }
        return moved
    }
}
