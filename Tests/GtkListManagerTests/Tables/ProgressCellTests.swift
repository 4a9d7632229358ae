import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// The library's progress cell, read back from GTK on both table hosts: the tree view's node
/// (`treeview.view`, as GtkCellRendererProgress draws on it), drawn as that renderer draws a
/// value and a text (its pixels on screen, beside a tree view in the same window), its text as
/// the renderer formats it, the bar mirrored right to left, the pulse's tick callback only while
/// mapped and indeterminate, and its new model's value when reused.
final class ProgressCellTests: XCTestCase {
    func testCellsAreTreeViewNodesShowingTheirRowsProgress() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let fresh = ProgressCell()
            XCTAssertEqual(fresh.fraction, 0)
            XCTAssertNil(fresh.text)
            XCTAssertEqual(fresh.shownText, "0\u{200A}%", "GTK's percentage, a hair space before its sign")
            XCTAssertFalse(fresh.isIndeterminate)
            XCTAssertEqual(fresh.textXAlign, 0.5)
            for (value, clamped) in [(-0.5, 0.0), (1.5, 1.0), (Double.nan, 0.0), (0.25, 0.25)] {
                fresh.fraction = value
                XCTAssertEqual(fresh.fraction, clamped, "\(value)")
            }
            for (fraction, shown) in [(0.42, "42\u{200A}%"), (0.055, "6\u{200A}%"), (1.0, "100\u{200A}%"), (0.999, "100\u{200A}%")] {
                fresh.fraction = fraction
                XCTAssertEqual(fresh.shownText, shown, "\(fraction)")
            }
            fresh.text = "Paused"
            XCTAssertEqual(fresh.shownText, "Paused")
            fresh.text = ""
            XCTAssertNil(fresh.shownText, "an empty text shows nothing")
            fresh.text = nil
            fresh.isIndeterminate = true
            XCTAssertNil(fresh.shownText, "an indeterminate cell shows no percentage")
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.texts[3] = "Paused"
                let (manager, _, list) = CellsFixture.show(on: make(), values: values)
                defer { list.close() }
                for item in 0..<8 {
                    let shown = try CellsFixture.cell(CellsFixture.progressNode, ofItem: item, in: manager)
                    let progress = try XCTUnwrap(ProgressCell.shown(by: shown.widget))
                    let context = "\(name), row \(item)"
                    XCTAssertEqual(shown.x, 240, "\(context): the cell of column c2")
                    XCTAssertEqual(CellsFixture.styleClasses(of: shown.widget), ["view"], context)
                    XCTAssertEqual(progress.fraction, values.fraction(item), accuracy: 1e-9, context)
                    XCTAssertEqual(progress.label, item == 3 ? "Paused" : Self.percentage(values.fraction(item)), context)
                    let width = Int32(gtk_widget_get_allocated_width(shown.widget))
                    XCTAssertEqual(progress.bar.width, Int32(Double(width) * values.fraction(item) + 1e-9), "\(context): the bar")
                }
            }
        }
    }

    /// "42 %" as GtkCellRendererProgress shows it (untranslated, a hair space before the sign).
    static func percentage(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))\u{200A}%"
    }

    func testItDrawsAsGtkTreeViewsProgressRendererDoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.texts[3] = "Paused"
                let (manager, table, list) = CellsFixture.show(rows: 12, on: make(), values: values)
                defer { list.close() }
                let first = try CellsFixture.cell(CellsFixture.progressNode, ofItem: 0, in: manager).widget
                let height = gtk_widget_get_allocated_height(first)
                let rows = (0..<12).map { item -> [RendererReference.Value] in
                    [.int(Int32((values.fraction(item) * 100).rounded())), .string(values.texts[item])]
                }
                let reference = RendererReference(
                    rows: rows,
                    columns: [
                        .init(
                            renderer: gtk_cell_renderer_progress_new()!, attributes: [("value", 0), ("text", 1)], width: 120,
                            height: height)
                    ], beside: table.widget, in: list)
                XCTAssertEqual(reference.cellArea(row: 0, column: reference.columns[0]).height, height, name)
                for item in 0..<12 {
                    let widget = try CellsFixture.cell(CellsFixture.progressNode, ofItem: item, in: manager).widget
                    let ours = ScreenInk.of(widget, in: list.window), theirs = reference.ink(row: item, column: 0)
                    let context = "\(name), row \(item), \(values.texts[item] ?? Self.percentage(values.fraction(item)))"
                    XCTAssertGreaterThan(ours.width, 8, "\(context): drawn")
                    XCTAssertTrue(ours.matches(theirs), "\(context): as GtkCellRendererProgress draws it: \(ours) against \(theirs)")
                }
                // A selected row's bar, as the tree view draws a selected row's (the theme's
                // :selected): the bar is opaque; the trough shows the row's own background (a
                // list's selected rows differ from a tree view's).
                let selected = try CellsFixture.cell(CellsFixture.progressNode, ofItem: 5, in: manager).widget
                let unselected = ScreenInk.of(selected, in: list.window)
                XCTAssertTrue(manager.selectItem(at: IndexPath(item: 5, section: 0)), name)
                var indices: [Int32] = [5]
                let path = gtk_tree_path_new_from_indicesv(&indices, 1)
                gtk_tree_selection_select_path(gtk_tree_view_get_selection(gcast(reference.view)), path)
                gtk_tree_path_free(path)
                list.wait { ScreenInk.of(selected, in: list.window) != unselected }
                list.settleFrame()
                XCTAssertNotEqual(ScreenInk.of(selected, in: list.window), unselected, "\(name): a selected row's looks different")
                let bar = try XCTUnwrap(ProgressCell.shown(by: selected)?.bar, name)
                let ours = ScreenInk.of(selected, in: list.window, area: bar)
                let theirs = reference.ink(row: 5, column: 0, within: bar)
                XCTAssertGreaterThan(ours.width, 0, "\(name): the text over the selected bar")
                XCTAssertTrue(ours.matches(theirs), "\(name), selected row 5's bar: \(ours) against \(theirs)")
            }
        }
    }

    func testTheBarStartsAtTheLeadingEdgeAndTheTextWhereTextXAlignPutsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
                for textXAlign in [Float(0), 1] {
                    let cell = ProgressCell()
                    cell.fraction = 0.25
                    cell.text = "ab"
                    cell.textXAlign = textXAlign
                    gtk_widget_set_direction(cell.widget, direction)
                    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
                    defer { gtk_widget_destroy(window) }
                    gtk_window_set_default_size(gcast(window), 200, 30)
                    gtk_container_add(gcast(window), cell.widget)
                    gtk_widget_show_all(window)
                    _ = GtkRuntime.iterate(until: { gtk_widget_get_allocated_width(cell.widget) == 200 }, timeout: .seconds(2))
                    let rtl = direction == GTK_TEXT_DIR_RTL
                    let context = "\(rtl ? "right to left" : "left to right"), text xalign \(textXAlign)"
                    let bar = try XCTUnwrap(ProgressCell.shown(by: cell.widget)?.bar)
                    XCTAssertEqual(bar.width, 50, context)
                    XCTAssertEqual(bar.x, rtl ? 150 : 0, "\(context): the bar grows from the leading edge")
                    // The text: the pixels of the middle lines that differ from the top line's (the
                    // trough's or the bar's colour there).
                    let height = gtk_widget_get_allocated_height(cell.widget)
                    let pixels = WidgetPixels.read(cell.widget, region: (0, 0, 200))
                    let width = 200
                    XCTAssertNotEqual(pixels[rtl ? 10 : 190], pixels[rtl ? 190 : 10], "\(context): the bar is drawn")
                    var ink: [Int] = []
                    for y in 2..<Int(height) - 2 {
                        for x in 0..<width where pixels[y * width + x] != pixels[width + x] { ink.append(x) }
                    }
                    let atStart = (textXAlign == 0) != rtl
                    let context2 = "\(context): text at \(ink.min() ?? -1)…\(ink.max() ?? -1)"
                    XCTAssertFalse(ink.isEmpty, context2)
                    if atStart {
                        XCTAssertLessThan(ink.max() ?? 999, 60, context2)
                    } else {
                        XCTAssertGreaterThan(ink.min() ?? -1, 140, context2)
                    }
                }
            }
        }
    }

    func testThePulseTicksOnlyWhileMappedAndIndeterminate() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.indeterminate = Set(stride(from: 0, to: 400, by: 3))
                let (manager, _, list) = CellsFixture.show(rows: 400, columns: 12, on: make(), values: values)
                defer { list.close() }
                // The cells seen, held: a cell the pool lets go of is still asked.
                var seen: [UnsafeMutablePointer<GtkWidget>: Int] = [:]
                defer { for widget in seen.keys { g_object_unref(gpointer(widget)) } }
                @MainActor func assertPulsingCells(_ context: String) throws {
                    var checked = 0
                    for item in 0..<400 {
                        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), let model = row.model as? Int,
                            gtk_widget_get_mapped(row.widget) != 0
                        else { continue }
                        let widget = try CellsFixture.cell(CellsFixture.progressNode, ofItem: item, in: manager).widget
                        let progress = try XCTUnwrap(ProgressCell.shown(by: widget))
                        let indeterminate = values.indeterminate.contains(model)
                        XCTAssertEqual(progress.isIndeterminate, indeterminate, "\(context): row \(item) shows \(model)")
                        XCTAssertEqual(progress.isPulsing, indeterminate, "\(context): row \(item) shows \(model)")
                        if seen.updateValue(model, forKey: widget) == nil { g_object_ref(gpointer(widget)) }
                        checked += 1
                    }
                    XCTAssertGreaterThan(checked, 10, context)
                    // Every other cell the test saw is off screen now: unmapped, it runs no tick.
                    for widget in seen.keys where gtk_widget_get_mapped(widget) == 0 {
                        XCTAssertFalse(ProgressCell.shown(by: widget)?.isPulsing ?? false, "\(context): an unmapped cell")
                    }
                }
                try assertPulsingCells("\(name), first shown")
                // The block moves.
                let pulsing = try CellsFixture.cell(CellsFixture.progressNode, ofItem: 0, in: manager).widget
                let start = try XCTUnwrap(ProgressCell.shown(by: pulsing)?.bar)
                XCTAssertEqual(start.width, 120 / 5, "\(name): a fifth of the bar")
                XCTAssertTrue(list.wait { ProgressCell.shown(by: pulsing)?.bar.x != start.x }, "\(name): the block bounces")
                manager.scrollTo(IndexPath(item: 300, section: 0), alignment: .top)
                list.settleFrame()
                try assertPulsingCells("\(name), scrolled")
                // The column scrolled out of view sideways: its cells are parked, unmapped.
                TableFixture.scrollSideways(list, to: 12 * 120)
                list.settleFrame()
                let mappedProgress = seen.keys.filter { gtk_widget_get_mapped($0) != 0 }
                XCTAssertTrue(mappedProgress.isEmpty, "\(name): no progress cell on screen")
                try Self.assertNoneTicking(Array(seen.keys), "\(name), scrolled sideways")
                TableFixture.scrollSideways(list, to: 0)
                list.settleFrame()
                // Known progress after all: the tick callbacks go.
                values.indeterminate = []
                manager.memoryStorage?.setItems(Array(0..<400))
                list.settleFrame()
                try assertPulsingCells("\(name), determinate")
            }
        }
    }

    @MainActor private static func assertNoneTicking(_ widgets: [UnsafeMutablePointer<GtkWidget>], _ context: String) throws {
        for widget in widgets { XCTAssertFalse(ProgressCell.shown(by: widget)?.isPulsing ?? false, context) }
    }

    func testAReusedCellShowsItsNewModelsProgress() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.texts = Dictionary(uniqueKeysWithValues: stride(from: 0, to: 1400, by: 7).map { ($0, "text \($0)") })
                let (manager, _, list) = CellsFixture.show(rows: 300, on: make(), values: values)
                defer { list.close() }
                @MainActor func assertRowsShowTheirProgress(_ context: String) throws {
                    var checked = 0
                    for item in 0..<300 {
                        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), let model = row.model as? Int,
                            gtk_widget_get_mapped(row.widget) != 0
                        else { continue }
                        let widget = try CellsFixture.cell(CellsFixture.progressNode, ofItem: item, in: manager).widget
                        let progress = try XCTUnwrap(ProgressCell.shown(by: widget))
                        XCTAssertEqual(progress.fraction, values.fraction(model), "\(context): row \(item) shows \(model)")
                        XCTAssertEqual(
                            progress.label, values.texts[model] ?? Self.percentage(values.fraction(model)),
                            "\(context): row \(item) shows \(model)")
                        checked += 1
                    }
                    XCTAssertGreaterThan(checked, 10, context)
                }
                try assertRowsShowTheirProgress("\(name), first shown")
                manager.scrollTo(IndexPath(item: 200, section: 0), alignment: .top)
                list.settleFrame()
                try assertRowsShowTheirProgress("\(name), scrolled")
                manager.memoryStorage?.setItems(Array(1001..<1301))
                list.settleFrame()
                try assertRowsShowTheirProgress("\(name), other items")
            }
        }
    }
}
