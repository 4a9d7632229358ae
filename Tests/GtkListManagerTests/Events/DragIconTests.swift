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
}
