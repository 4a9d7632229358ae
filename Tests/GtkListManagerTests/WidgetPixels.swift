import CGtk

/// What GTK draws of a widget, read back from an image surface: what a user sees, not what the
/// library meant to draw.
@MainActor
enum WidgetPixels {
    /// The pixels (ARGB) of the square at `region` of `widget`, row by row, cut to the widget.
    static func read(_ widget: UnsafeMutablePointer<GtkWidget>, region: (x: Int32, y: Int32, size: Int32)) -> [UInt32] {
        let width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        for y in max(region.y, 0)..<min(region.y + region.size, height) {
            for x in max(region.x, 0)..<min(region.x + region.size, width) {
                pixels.append(
                    data.advanced(by: Int(y) * stride + Int(x) * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee })
            }
        }
        return pixels
    }

    /// The pixel at `x`, `y` of `widget`.
    static func pixel(of widget: UnsafeMutablePointer<GtkWidget>, x: Int32, y: Int32) -> UInt32 {
        read(widget, region: (x, y, 1))[0]
    }
}
