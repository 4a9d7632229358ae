import CGtk
import XCTest

@testable import GtkListManager

/// The drag icon is the row at the screen's scale: under `GDK_SCALE=2` (`make test` runs this
/// suite at both scales) twice the pixels of its logical size, sharp, held where it was pressed.
final class DragIconTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    func testTheIconHasAsManyPixelsAsTheScreenShowsAndIsHeldWhereThePointerPressed() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let manager = ListManager(host: VirtualListHost())
            manager.register(NameRow.self)
            manager.memoryStorage?.setItems(["first row", "second row"])
            let list = ShownList(manager, width: 320, height: 200)
            defer { list.close() }
            let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.hostWidget)
            let scale = gtk_widget_get_scale_factor(row)
            let width = gtk_widget_get_allocated_width(row), height = gtk_widget_get_allocated_height(row)

            let surface = try XCTUnwrap(DragIcon.surface(of: row, heldAt: 10, 5))
            defer { cairo_surface_destroy(surface) }

            XCTAssertEqual(cairo_image_surface_get_width(surface), width * scale, "device pixels across, at scale \(scale)")
            XCTAssertEqual(cairo_image_surface_get_height(surface), height * scale, "device pixels down, at scale \(scale)")
            var scaleX = 0.0, scaleY = 0.0, offsetX = 0.0, offsetY = 0.0
            cairo_surface_get_device_scale(surface, &scaleX, &scaleY)
            cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
            XCTAssertEqual([scaleX, scaleY], [Double(scale), Double(scale)], "GTK draws it in logical pixels")
            XCTAssertEqual([offsetX, offsetY], [-10 * Double(scale), -5 * Double(scale)], "held where pressed")
            // The row is drawn over all of it, not into its top left quarter.
            let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            let lowerHalf = (Int(height * scale / 2)..<Int(height * scale)).flatMap { y in
                (0..<Int(width * scale)).map { x in data[y * stride + x * 4 + 3] }
            }
            XCTAssertTrue(lowerHalf.contains { $0 > 0 }, "the row's text reaches the icon's lower half")
        }
    }

    func testTheIconOfADragOfThreeRowsCarriesACountBadgeAtTheScreensScale() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let manager = ListManager()
            manager.register(NameRow.self)
            manager.memoryStorage?.setItems(["first row"])
            let list = ShownList(manager, width: 320, height: 200)
            defer { list.close() }
            let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.hostWidget)
            let scale = Int(gtk_widget_get_scale_factor(row))
            let width = Int(gtk_widget_get_allocated_width(row)), height = Int(gtk_widget_get_allocated_height(row))

            let single = try XCTUnwrap(DragIcon.surface(of: row, heldAt: 10, 5))
            let triple = try XCTUnwrap(DragIcon.surface(of: row, heldAt: 10, 5, count: 3))
            defer { cairo_surface_destroy(single); cairo_surface_destroy(triple) }
            XCTAssertEqual(cairo_image_surface_get_width(triple), cairo_image_surface_get_width(single), "the same size")
            XCTAssertEqual(cairo_image_surface_get_height(triple), cairo_image_surface_get_height(single))

            let one = try XCTUnwrap(cairo_image_surface_get_data(single))
            let three = try XCTUnwrap(cairo_image_surface_get_data(triple))
            let stride = Int(cairo_image_surface_get_stride(triple))
            // The badge: 20 logical pixels high, 4 from the top and the end edge (the left right to left).
            let rightToLeft = gtk_widget_get_direction(row) == GTK_TEXT_DIR_RTL
            var changed = 0, outside = 0
            for y in 0..<height * scale {
                for x in 0..<width * scale {
                    let offset = y * stride + x * 4
                    guard (0..<4).contains(where: { one[offset + $0] != three[offset + $0] }) else { continue }
                    changed += 1
                    let logicalX = rightToLeft ? x / scale : width - 1 - x / scale
                    if y / scale >= 25 || logicalX >= 60 { outside += 1 }
                }
            }
            XCTAssertGreaterThan(changed, 200 * scale * scale, "a badge of about 20×20 logical pixels, drawn at scale \(scale)")
            XCTAssertEqual(outside, 0, "only the top end corner changes")

            // Its fill is the theme's selection colour: a point inside the pill, left of the digit.
            let fill = try XCTUnwrap(DragCountBadge.color(named: "theme_selected_bg_color", in: row))
            let pointX = (rightToLeft ? 7 : width - 21) * scale, pointY = 14 * scale
            let offset = pointY * stride + pointX * 4  // BGRA, opaque
            let expected = [fill.blue, fill.green, fill.red].map { Int(($0 * 255).rounded()) }
            let read = (0..<3).map { Int(three[offset + $0]) }
            for (value, wanted) in zip(read, expected) { XCTAssertEqual(value, wanted, accuracy: 2, "pixel \(read)") }
        }
    }
}
