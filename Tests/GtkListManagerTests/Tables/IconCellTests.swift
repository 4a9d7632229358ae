import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// The library's icon cell, read back from GTK on both table hosts: the theme's `image` node,
/// drawn as GtkTreeView's pixbuf renderer draws an icon name and a picture (its pixels on
/// screen, beside a tree view in the same window), from surfaces at the widget's scale factor
/// kept process-wide and dropped when the icon theme changes, placed by xalign and mirrored
/// right to left, and showing its new model's icon when reused.
final class IconCellTests: XCTestCase {
    func testCellsAreImageNodesShowingTheirRowsIcons() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let fresh = IconCell()
            XCTAssertEqual(fresh.pixelSize, 16)
            XCTAssertEqual(fresh.xalign, 0.5)
            XCTAssertNil(fresh.iconName)
            XCTAssertNil(fresh.accessibleDescription)
            XCTAssertEqual(IconCell(pixelSize: 48).pixelSize, 48)
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                let (manager, _, list) = CellsFixture.show(on: make(), values: values)
                defer { list.close() }
                for item in 0..<8 {
                    let shown = try CellsFixture.cell(CellsFixture.iconNode, ofItem: item, in: manager)
                    let icon = try XCTUnwrap(IconCell.shown(by: shown.widget))
                    let context = "\(name), row \(item)"
                    XCTAssertEqual(shown.x, 120, "\(context): the cell of column c1")
                    XCTAssertEqual(icon.iconName, values.iconName(item), context)
                    XCTAssertEqual(icon.description, "icon \(item)", context)
                    XCTAssertEqual([icon.area.width, icon.area.height], [16, 16], context)
                    XCTAssertEqual(gtk_widget_get_allocated_width(shown.widget), 120, context)
                }
            }
        }
    }

    func testItDrawsAsGtkTreeViewsPixbufRendererDoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                let (manager, table, list) = CellsFixture.show(rows: 8, on: make(), values: values)
                defer { list.close() }
                let renderer = gtk_cell_renderer_pixbuf_new()!
                let rows = (0..<8).map { [RendererReference.Value.string(values.iconName($0))] }
                let reference = RendererReference(
                    rows: rows, columns: [.init(renderer: renderer, attributes: [("icon-name", 0)], width: 120)],
                    beside: table.widget, in: list)
                for item in 0..<8 {
                    let ours = ScreenInk.of(try CellsFixture.cell(CellsFixture.iconNode, ofItem: item, in: manager).widget, in: list.window)
                    let theirs = reference.ink(row: item, column: 0)
                    let context = "\(name), row \(item), \(values.iconName(item))"
                    XCTAssertGreaterThan(ours.width, 8, "\(context): the icon is drawn")
                    XCTAssertTrue(ours.matches(theirs), "\(context): as GtkCellRendererPixbuf draws it: \(ours) against \(theirs)")
                }
                let folder = ScreenInk.of(try CellsFixture.cell(CellsFixture.iconNode, ofItem: 0, in: manager).widget, in: list.window)
                let find = ScreenInk.of(try CellsFixture.cell(CellsFixture.iconNode, ofItem: 1, in: manager).widget, in: list.window)
                XCTAssertNotEqual(folder.pixels, find.pixels, "\(name): two icons look different")
            }
        }
    }

    func testAPictureDrawsAsTheRenderersPixbufDoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            // A picture with a gradient and a hole: every pixel tells where it was drawn.
            let picture = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 16, 12)!
            defer { g_object_unref(gpointer(picture)) }
            let stride = Int(gdk_pixbuf_get_rowstride(picture)), data = gdk_pixbuf_get_pixels(picture)!
            for y in 0..<12 {
                for x in 0..<16 {
                    let base = data.advanced(by: y * stride + x * 4)
                    (base[0], base[1], base[2], base[3]) = (UInt8(x * 16), UInt8(y * 20), 200, x == 5 && y == 5 ? 0 : 255)
                }
            }
            for (name, make) in TableFixture.hosts {
                let host = make()
                let (manager, table, list) = TableFixture.show(
                    rows: 3, columns: TableFixture.columns(2, width: .fixed(120)), on: host, cellsFor: ["c0"]
                ) { manager, _ in
                    manager.register(IconCell.self, for: Int.self, column: "c1") { cell, _, _ in cell.setPixbuf(picture) }
                }
                defer { list.close() }
                let reference = RendererReference(
                    rows: (0..<3).map { _ in [.pixbuf(picture)] },
                    columns: [.init(renderer: gtk_cell_renderer_pixbuf_new()!, attributes: [("pixbuf", 0)], width: 120)],
                    beside: table.widget, in: list)
                for item in 0..<3 {
                    let widget = try CellsFixture.cell(CellsFixture.iconNode, ofItem: item, in: manager).widget
                    XCTAssertEqual(IconCell.shown(by: widget)?.pixbuf, picture)
                    let ours = ScreenInk.of(widget, in: list.window), theirs = reference.ink(row: item, column: 0)
                    // At scale 2 both draw the 16 × 12 picture twice as large (it has no more pixels),
                    // smoothed a pixel past its edges.
                    let scale = Int(gtk_widget_get_scale_factor(widget)), smoothing = scale == 1 ? 0 : 2
                    XCTAssertTrue((16 * scale...16 * scale + smoothing).contains(ours.width), "\(name), row \(item): \(ours)")
                    XCTAssertTrue((12 * scale...12 * scale + smoothing).contains(ours.height), "\(name), row \(item): \(ours)")
                    XCTAssertTrue(ours.matches(theirs), "\(name), row \(item): \(ours) against \(theirs)")
                }
            }
        }
    }

    func testIconsAreDrawnAtTheScaleFactorFromSurfacesKeptForTheProcess() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                let (manager, _, list) = CellsFixture.show(rows: 200, on: make(), values: values)
                defer { list.close() }
                var surfaces = Set<OpaquePointer>()
                for item in 0..<12 {
                    let widget = try CellsFixture.cell(CellsFixture.iconNode, ofItem: item, in: manager).widget
                    let surface = try XCTUnwrap(IconCell.shown(by: widget)?.drawnSurface, "\(name), row \(item): drawn")
                    let scale = Double(gtk_widget_get_scale_factor(widget))
                    var xScale = 0.0, yScale = 0.0
                    cairo_surface_get_device_scale(surface, &xScale, &yScale)
                    let context = "\(name), row \(item)"
                    XCTAssertEqual([xScale, yScale], [scale, scale], "\(context): the surface has the widget's scale")
                    XCTAssertEqual(Double(cairo_image_surface_get_width(surface)), 16 * scale, "\(context): as many pixels")
                    surfaces.insert(surface)
                }
                XCTAssertEqual(surfaces.count, values.iconNames.count, "\(name): one surface per icon, shared by the rows")
                // A theme change empties the cache; the cells draw from new surfaces.
                let cached = IconCell.cachedSurfaceCount
                XCTAssertGreaterThanOrEqual(cached, values.iconNames.count, name)
                let theme = gtk_icon_theme_get_for_screen(gtk_widget_get_screen(list.window))
                var instance = GValue()
                g_value_init(&instance, gtk_icon_theme_get_type())
                g_value_set_object(&instance, gpointer(theme))
                g_signal_emitv(&instance, g_signal_lookup("changed", gtk_icon_theme_get_type()), 0, nil)
                g_value_unset(&instance)
                XCTAssertEqual(IconCell.cachedSurfaceCount, 0, "\(name): the theme changed")
                let first = try CellsFixture.cell(CellsFixture.iconNode, ofItem: 0, in: manager).widget
                gtk_widget_queue_draw(first)
                XCTAssertTrue(
                    list.wait { IconCell.shown(by: first)?.drawnSurface.map { !surfaces.contains($0) } ?? false },
                    "\(name): drawn from a new surface")
                XCTAssertGreaterThanOrEqual(IconCell.cachedSurfaceCount, 1, name)
            }
        }
    }

    func testTheIconSitsWhereXalignPutsItMirroredRightToLeft() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (direction, xalign, expected) in [
                (GTK_TEXT_DIR_LTR, Float(0), 0), (GTK_TEXT_DIR_LTR, 1, 100 - 16), (GTK_TEXT_DIR_LTR, 0.5, 42),
                (GTK_TEXT_DIR_RTL, 0, 100 - 16), (GTK_TEXT_DIR_RTL, 1, 0), (GTK_TEXT_DIR_RTL, 0.5, 42),
            ] {
                let cell = IconCell()
                cell.iconName = "edit-find-symbolic"
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
                XCTAssertEqual(IconCell.shown(by: cell.widget)?.area.x, Int32(expected), context)
                XCTAssertGreaterThanOrEqual(columns.min() ?? -1, expected, "\(context): the icon starts in its box")
                XCTAssertLessThan(columns.max() ?? 999, expected + 16, "\(context): and ends in it")
                XCTAssertGreaterThan(columns.count, 20, "\(context): drawn")
            }
        }
    }

    func testAReusedCellShowsItsNewModelsIcon() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.iconNames = ["folder", "edit-find-symbolic", "text-x-generic", "emblem-ok-symbolic", "user-home"]
                let (manager, _, list) = CellsFixture.show(rows: 300, on: make(), values: values)
                defer { list.close() }
                @MainActor func assertRowsShowTheirIcons(_ context: String) throws {
                    var checked = 0
                    for item in 0..<300 {
                        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), let model = row.model as? Int,
                            gtk_widget_get_mapped(row.widget) != 0
                        else { continue }
                        let icon = try XCTUnwrap(
                            IconCell.shown(by: try CellsFixture.cell(CellsFixture.iconNode, ofItem: item, in: manager).widget))
                        XCTAssertEqual(icon.iconName, values.iconName(model), "\(context): row \(item) shows \(model)")
                        XCTAssertEqual(icon.description, "icon \(model)", "\(context): row \(item) shows \(model)")
                        checked += 1
                    }
                    XCTAssertGreaterThan(checked, 10, context)
                }
                try assertRowsShowTheirIcons("\(name), first shown")
                manager.scrollTo(IndexPath(item: 200, section: 0), alignment: .top)
                list.settleFrame()
                try assertRowsShowTheirIcons("\(name), scrolled")
                manager.memoryStorage?.setItems(Array(1001..<1301))
                list.settleFrame()
                try assertRowsShowTheirIcons("\(name), other items")
            }
        }
    }
}
