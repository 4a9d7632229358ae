import CGtk

/// What the X server shows of a widget, at the window's scale, as opaque RGB, row by row: what
/// a user sees, kept pixels and all.
@MainActor
enum ScreenPixels {
    /// The widget's pixels as the screen shows them now.
    static func read(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UInt32] {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        guard let window = gtk_widget_get_window(widget),
            let pixbuf = gdk_pixbuf_get_from_window(window, 0, 0, allocation.width, allocation.height)
        else { return [] }
        defer { g_object_unref(gpointer(pixbuf)) }
        let surface = gdk_cairo_surface_create_from_pixbuf(pixbuf, 1, nil)!
        defer { cairo_surface_destroy(surface) }
        return rgb(of: surface)
    }

    /// Makes `widget` draw everything again, as when its window loses the focus and gets it
    /// back, and waits for the frames.
    static func redrawAfresh(_ widget: UnsafeMutablePointer<GtkWidget>, in list: ShownList) {
        gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_BACKDROP, 0)
        list.settleFrame()
        gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_BACKDROP)
        list.settleFrame()
    }

    private static func rgb(of surface: OpaquePointer) -> [UInt32] {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                pixels.append(pixel & 0x00FF_FFFF)
            }
        }
        return pixels
    }
}
