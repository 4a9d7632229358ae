import CGtk

/// The picture a dragged row leaves under the pointer: the row drawn on the theme's opaque
/// drag-icon background, at the screen's scale (`GDK_SCALE=2` draws twice the pixels, sharp),
/// held where it was pressed; with a count badge (``DragCountBadge``) when the drag carries
/// several rows.
@MainActor
enum DragIcon {
    /// A new surface (the caller destroys it) showing `rowWidget`, the pointer at `offsetX`,
    /// `offsetY` (logical pixels from its top left), and, when `count` is above 1, how many
    /// rows the drag carries; nil when the row has no size.
    static func surface(
        of rowWidget: UnsafeMutablePointer<GtkWidget>, heldAt offsetX: Int32, _ offsetY: Int32, count: Int = 1
    ) -> OpaquePointer? {
        let width = gtk_widget_get_allocated_width(rowWidget), height = gtk_widget_get_allocated_height(rowWidget)
        let scale = gtk_widget_get_scale_factor(rowWidget)
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)
        else { return nil }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)
        let style = gtk_widget_get_style_context(rowWidget)
        gtk_style_context_add_class(style, ListTheme.StyleClass.dragIcon)  // an opaque background (theme.css)
        gtk_widget_draw(rowWidget, cairo)
        gtk_style_context_remove_class(style, ListTheme.StyleClass.dragIcon)
        if count > 1 { DragCountBadge.draw(count, on: cairo, over: rowWidget) }
        cairo_destroy(cairo)
        // The offset is in device pixels.
        cairo_surface_set_device_offset(surface, -Double(offsetX * scale), -Double(offsetY * scale))
        return surface
    }
}
