import CGtk
import GtkListManager

/// Renders a realized widget (the whole toplevel, header bar included) into a PNG file.
@MainActor
enum WindowSnapshot {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Shows `window`, lets GTK lay it out and paint a first frame, then writes it to `path`.
    static func capture(_ window: UnsafeMutablePointer<GtkWidget>, to path: String) throws {
        var painted = false
        let handler = Signal.connectEvent(window, "draw", argument: OpaquePointer.self, after: true) { _, _ in
            painted = true
            return false
        }
        defer { Signal.disconnect(window, handler) }

        gtk_widget_show_all(window)
        gtk_widget_queue_draw(window)  // a window shown already paints again
        guard GtkRuntime.iterate(until: { painted }, timeout: .seconds(10)) else {
            throw Failure(description: "the window was never painted (is the X server alive?)")
        }
        GtkRuntime.iteratePending()  // finish pending relayouts, such as scrollbars appearing
        try writePNG(of: window, to: path)
    }

    /// Draws `widget` with `gtk_widget_draw` into an ARGB image surface: deterministic, and
    /// independent of the X server's colour depth or of other windows covering it. At the
    /// window's scale (`GDK_SCALE=2`), as many device pixels as the screen shows: text and icons
    /// drawn sharp, not a logical-size picture.
    private static func writePNG(of widget: UnsafeMutablePointer<GtkWidget>, to path: String) throws {
        let width = gtk_widget_get_allocated_width(widget)
        let height = gtk_widget_get_allocated_height(widget)
        guard width > 1, height > 1 else {
            throw Failure(description: "the window has no size (\(width)×\(height))")
        }
        let scale = gtk_widget_get_scale_factor(widget)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
