import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// The library's toggle cell, read back from GTK on both table hosts: the theme's `check` and
/// `radio` indicator nodes with the value in their state flags, drawn as GtkTreeView's toggle renderer
/// draws (its pixels on screen, beside a tree view in the same window), placed by xalign and
/// mirrored right to left, and showing its new model's value when reused.
final class ToggleCellTests: XCTestCase {
    func testCellsAreTheThemesCheckAndRadioNodesWithTheirValueInStateFlags() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let fresh = ToggleCell()
            XCTAssertEqual(fresh.style, .check)
            XCTAssertEqual([fresh.isOn, fresh.isInconsistent, fresh.isActivatable], [false, false, true])
            XCTAssertEqual(fresh.xalign, 0.5)
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.inconsistent = [3]
                values.locked = [5]
                let (manager, _, list) = ToggleFixture.show(on: make(), values: values)
                defer { list.close() }
                for item in 0..<6 {
                    let check = try ToggleFixture.toggle(0, ofItem: item, in: manager)
                    let radio = try ToggleFixture.toggle(1, ofItem: item, in: manager)
                    let context = "\(name), row \(item)"
                    XCTAssertEqual([check.node, radio.node], ["check", "radio"], context)
                    XCTAssertEqual(check.isChecked, [0, 2, 4].contains(item), context)
                    XCTAssertEqual(radio.isChecked, item == 1, context)
                    XCTAssertEqual(check.isInconsistent, item == 3, context)
                    XCTAssertEqual([check.isInsensitive, radio.isInsensitive], [item == 5, item == 5], context)
                    XCTAssertEqual([check.x, radio.x], [120, 240], "\(context): the cells of columns c1 and c2")
                    XCTAssertEqual(gtk_widget_get_allocated_width(check.widget), 120, context)
                }
                // A new value never restyles the cell's widget (only its indicator's state, whose
                // style GTK keeps once computed): it draws again, that is all.
                var restyles = 0, stateChanges = 0
                let cell = try ToggleFixture.toggle(0, ofItem: 0, in: manager).widget
                Signal.connect(cell, "style-updated") { _ in restyles += 1 }
                Signal.connect(cell, "state-flags-changed", argument: UnsafeMutableRawPointer.self) { _, _ in stateChanges += 1 }
                manager.memoryStorage?.reloadItem(at: IndexPath(item: 0, section: 0))
                list.settleFrame()
                values.on["c1"] = []
                manager.memoryStorage?.reloadItem(at: IndexPath(item: 0, section: 0))
                list.settleFrame()
                XCTAssertEqual([restyles, stateChanges], [0, 0], "\(name): the same value again, then a new value")
                XCTAssertEqual(gtk_widget_get_state_flags(cell).rawValue & GTK_STATE_FLAG_CHECKED.rawValue, 0, name)
                XCTAssertFalse(try ToggleFixture.toggle(0, ofItem: 0, in: manager).isChecked, name)
            }
        }
    }

    func testItDrawsAsGtkTreeViewsToggleRendererDoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.inconsistent = [3]
                values.locked = [5]
                let (manager, table, list) = ToggleFixture.show(rows: 8, on: make(), values: values)
                defer { list.close() }
                let reference = TreeViewReference(rows: 6, values: values, beside: table.widget, in: list)
                for item in 0..<6 {
                    for (index, column) in [(0, reference.check), (1, reference.radio)] {
                        let ours = ScreenInk.of(try ToggleFixture.toggle(index, ofItem: item, in: manager).widget, in: list.window)
                        let theirs = reference.ink(row: item, column: column)
                        let context = "\(name), row \(item), \(index == 0 ? "check" : "radio")"
                        XCTAssertGreaterThan(ours.width, 8, "\(context): the indicator is drawn")
                        XCTAssertTrue(ours.matches(theirs), "\(context): as GtkCellRendererToggle draws it: \(ours) against \(theirs)")
                    }
                }
                let checked = ScreenInk.of(try ToggleFixture.toggle(0, ofItem: 0, in: manager).widget, in: list.window)
                let unchecked = ScreenInk.of(try ToggleFixture.toggle(0, ofItem: 1, in: manager).widget, in: list.window)
                XCTAssertNotEqual(checked.pixels, unchecked.pixels, "\(name): checked and unchecked look different")
            }
        }
    }

    func testTheIndicatorSitsWhereXalignPutsItMirroredRightToLeft() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (direction, xalign, expected) in [
                (GTK_TEXT_DIR_LTR, Float(0), 2), (GTK_TEXT_DIR_LTR, 1, 100 - 2 - 16), (GTK_TEXT_DIR_LTR, 0.5, 42),
                (GTK_TEXT_DIR_RTL, 0, 100 - 2 - 16), (GTK_TEXT_DIR_RTL, 1, 2), (GTK_TEXT_DIR_RTL, 0.5, 42),
            ] {
                let cell = ToggleCell()
                cell.xalign = xalign
                gtk_widget_set_direction(cell.widget, direction)
                let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
                defer { gtk_widget_destroy(window) }
                gtk_window_set_default_size(gcast(window), 100, 30)
                gtk_container_add(gcast(window), cell.widget)
                gtk_widget_show_all(window)
                _ = GtkRuntime.iterate(until: { gtk_widget_get_allocated_width(cell.widget) == 100 }, timeout: .seconds(2))
                let height = gtk_widget_get_allocated_height(cell.widget)
                let pixels = WidgetPixels.read(cell.widget, region: (0, 0, max(100, height)))
                let columns = pixels.indices.filter { pixels[$0] >> 24 != 0 }.map { $0 % 100 }
                let context = "direction \(direction.rawValue), xalign \(xalign)"
                XCTAssertEqual(columns.min(), expected, "\(context): the indicator's start, 2 pixels in at the edges")
                XCTAssertEqual(columns.max().map { $0 + 1 - expected }, 16, "\(context): as wide as the theme's check")
            }
        }
    }

    func testAReusedCellShowsItsNewModelsValue() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = ToggleFixture.Values()
                values.on["c1"] = Set(stride(from: 0, to: 4000, by: 3))
                values.on["c2"] = Set(stride(from: 1, to: 4000, by: 5))
                values.inconsistent = Set(stride(from: 0, to: 4000, by: 7))
                let (manager, _, list) = ToggleFixture.show(rows: 300, on: make(), values: values)
                defer { list.close() }
                @MainActor func assertRowsShowTheirValues(_ context: String) throws {
                    var checked = 0
                    for item in 0..<300 {
                        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)),
                            let model = row.model as? Int, gtk_widget_get_mapped(row.widget) != 0
                        else { continue }
                        let check = try ToggleFixture.toggle(0, ofItem: item, in: manager)
                        let radio = try ToggleFixture.toggle(1, ofItem: item, in: manager)
                        XCTAssertEqual(check.isChecked, model % 3 == 0, "\(context): row \(item) shows \(model)")
                        XCTAssertEqual(check.isInconsistent, model % 7 == 0, "\(context): row \(item) shows \(model)")
                        XCTAssertEqual(radio.isChecked, model % 5 == 1, "\(context): row \(item) shows \(model)")
                        checked += 1
                    }
                    XCTAssertGreaterThan(checked, 10, context)
                }
                try assertRowsShowTheirValues("\(name), first shown")
                // Scrolled far: the virtualized list's rows show other items in the same cells.
                manager.scrollTo(IndexPath(item: 200, section: 0), alignment: .top)
                list.settleFrame()
                try assertRowsShowTheirValues("\(name), scrolled")
                // Other items: the cells of the rows let go are reused for them.
                manager.memoryStorage?.setItems(Array(1001..<1301))
                list.settleFrame()
                try assertRowsShowTheirValues("\(name), other items")
            }
        }
    }
}

/// The ink of a widget on screen (the X server's pixels): the smallest box around what differs
/// from the widget's top-left pixel (its background), and the pixels in it.
struct ScreenInk: Equatable, CustomStringConvertible {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    var description: String { "\(width)×\(height) ink" }

    /// Whether `other` is the same ink, each pixel's channels within `tolerance` (what
    /// antialiasing over two backgrounds of the same colour leaves).
    func matches(_ other: ScreenInk, tolerance: Int = 3) -> Bool {
        guard width == other.width, height == other.height, pixels.count == other.pixels.count else { return false }
        return zip(pixels, other.pixels).allSatisfy { mine, theirs in
            [0, 8, 16].allSatisfy { shift in abs(Int((mine >> shift) & 0xFF) - Int((theirs >> shift) & 0xFF)) <= tolerance }
        }
    }

    /// The ink of `widget`, or of the `area` of it (its own coordinates), in `window`.
    @MainActor static func of(
        _ widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>, area: GdkRectangle? = nil
    ) -> ScreenInk {
        let area =
            area ?? GdkRectangle(x: 0, y: 0, width: gtk_widget_get_allocated_width(widget), height: gtk_widget_get_allocated_height(widget))
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(widget, window, area.x, area.y, &x, &y)
        guard let pixbuf = gdk_pixbuf_get_from_window(gtk_widget_get_window(window), x, y, area.width, area.height) else {
            return ScreenInk(width: 0, height: 0, pixels: [])
        }
        defer { g_object_unref(gpointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let data = gdk_pixbuf_get_pixels(pixbuf)!
        func pixel(_ px: Int, _ py: Int) -> UInt32 {
            let base = data.advanced(by: py * stride + px * channels)
            return UInt32(base[0]) << 16 | UInt32(base[1]) << 8 | UInt32(base[2])
        }
        let background = pixel(0, 0)
        var minX = width, minY = height, maxX = -1, maxY = -1
        for py in 0..<height {
            for px in 0..<width where pixel(px, py) != background {
                minX = min(minX, px)
                maxX = max(maxX, px)
                minY = min(minY, py)
                maxY = max(maxY, py)
            }
        }
        guard maxX >= minX else { return ScreenInk(width: 0, height: 0, pixels: []) }
        var pixels: [UInt32] = []
        for py in minY...maxY {
            for px in minX...maxX { pixels.append(pixel(px, py)) }
        }
        return ScreenInk(width: maxX - minX + 1, height: maxY - minY + 1, pixels: pixels)
    }
}

/// A GtkTreeView with GtkCellRendererToggle columns (a check and a radio) beside a table in the
/// same window: the same values as the table's first rows, drawn by GTK itself.
@MainActor
final class TreeViewReference {
    let view: UnsafeMutablePointer<GtkWidget>
    let check: UnsafeMutablePointer<GtkTreeViewColumn>
    let radio: UnsafeMutablePointer<GtkTreeViewColumn>
    private let window: UnsafeMutablePointer<GtkWidget>

    init(rows: Int, values: ToggleFixture.Values, beside table: UnsafeMutablePointer<GtkWidget>, in list: ShownList) {
        window = list.window
        var types: [GType] = Array(repeating: GType(5 << 2), count: 4)  // G_TYPE_BOOLEAN
        let store = gtk_list_store_newv(4, &types)!
        for row in 0..<rows {
            var iter = GtkTreeIter()
            gtk_list_store_append(store, &iter)
            let fields: [(Int32, Bool)] = [
                (0, values.on["c1", default: []].contains(row)), (1, values.inconsistent.contains(row)),
                (2, !values.locked.contains(row)), (3, values.on["c2", default: []].contains(row)),
            ]
            for (column, flag) in fields {
                var value = GValue()
                g_value_init(&value, GType(5 << 2))
                g_value_set_boolean(&value, flag ? 1 : 0)
                gtk_list_store_set_value(store, &iter, column, &value)
                g_value_unset(&value)
            }
        }
        let view = gtk_tree_view_new_with_model(OpaquePointer(store))!
        self.view = view
        g_object_unref(gpointer(store))
        gtk_widget_set_can_focus(view, 0)
        func column(radio: Bool) -> UnsafeMutablePointer<GtkTreeViewColumn> {
            let renderer = gtk_cell_renderer_toggle_new()!
            gtk_cell_renderer_toggle_set_radio(gcast(renderer), radio ? 1 : 0)
            let column = gtk_tree_view_column_new()!
            gtk_tree_view_column_pack_start(column, renderer, 1)
            gtk_tree_view_column_add_attribute(column, renderer, "active", radio ? 3 : 0)
            gtk_tree_view_column_add_attribute(column, renderer, "activatable", 2)
            if !radio { gtk_tree_view_column_add_attribute(column, renderer, "inconsistent", 1) }
            gtk_tree_view_column_set_fixed_width(column, 120)
            gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED)
            gtk_tree_view_append_column(gcast(view), column)
            return column
        }
        check = column(radio: false)
        radio = column(radio: true)
        // The table and the tree view side by side, nothing focused, the pointer away.
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_ref(gpointer(table))
        gtk_container_remove(gcast(list.window), table)
        gtk_box_pack_start(gcast(box), table, 1, 1, 0)
        g_object_unref(gpointer(table))
        gtk_box_pack_start(gcast(box), view, 0, 0, 0)
        gtk_container_add(gcast(list.window), box)
        gtk_widget_show_all(box)
        gtk_window_set_focus(gcast(list.window), nil)
        list.xdotool(["mousemove", "1900", "1000"])
        list.settleFrame()
        list.settleFrame()
    }

    /// The ink GTK draws in the cell of `column` at `row`.
    func ink(row: Int, column: UnsafeMutablePointer<GtkTreeViewColumn>) -> ScreenInk {
        var indices = [Int32(row)]
        let path = gtk_tree_path_new_from_indicesv(&indices, 1)
        defer { gtk_tree_path_free(path) }
        var area = GdkRectangle()
        gtk_tree_view_get_cell_area(gcast(view), path, column, &area)
        var x: Int32 = 0, y: Int32 = 0
        gtk_tree_view_convert_bin_window_to_widget_coords(gcast(view), area.x, area.y, &x, &y)
        return ScreenInk.of(view, in: window, area: GdkRectangle(x: x, y: y, width: area.width, height: area.height))
    }
}
