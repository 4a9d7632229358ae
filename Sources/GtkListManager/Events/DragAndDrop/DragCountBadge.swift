import CGtk

/// The number of rows a drag carries, on its icon: a pill in the theme's selection colour,
/// ringed in the list's background colour, with the count in bold, at the row's top end corner
/// (its right, or its left right to left).
///
/// Drawn with cairo and pango in logical pixels on a context whose surface has the screen's
/// device scale, so it is as sharp as the row under `GDK_SCALE=2`.
@MainActor
enum DragCountBadge {
    /// The badge's height and its distance from the row's edges, in logical pixels.
    static let height = 20.0
    static let margin = 4.0

    /// Draws `count` on `cairo` over the drawing of `rowWidget`.
    static func draw(_ count: Int, on cairo: OpaquePointer?, over rowWidget: UnsafeMutablePointer<GtkWidget>) {
        guard let layout = gtk_widget_create_pango_layout(rowWidget, String(count)) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let base = pango_context_get_font_description(gtk_widget_get_pango_context(rowWidget)),
            let font = pango_font_description_copy(base)
        {
            pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD)
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
        }
        pango_cairo_update_layout(cairo, layout)
        var textWidth: Int32 = 0, textHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &textWidth, &textHeight)

        let rowWidth = Double(gtk_widget_get_allocated_width(rowWidget))
        let width = max(height, Double(textWidth) + height / 2)
        let x = gtk_widget_get_direction(rowWidget) == GTK_TEXT_DIR_RTL ? margin : rowWidth - margin - width
        let radius = height / 2

        cairo_save(cairo)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, margin + radius, radius, -Double.pi / 2, Double.pi / 2)
        cairo_arc(cairo, x + radius, margin + radius, radius, Double.pi / 2, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        let fill = color(named: "theme_selected_bg_color", in: rowWidget) ?? GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)
        cairo_set_source_rgba(cairo, fill.red, fill.green, fill.blue, 1)
        cairo_fill_preserve(cairo)
        // A ring in the list's background colour: the pressed row is selected, drawn in the
        // selection colour too.
        let ring = color(named: "theme_base_color", in: rowWidget) ?? GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        cairo_set_source_rgba(cairo, ring.red, ring.green, ring.blue, 1)
        cairo_set_line_width(cairo, 1.5)
        cairo_stroke(cairo)
        let text = color(named: "theme_selected_fg_color", in: rowWidget) ?? GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        cairo_set_source_rgba(cairo, text.red, text.green, text.blue, 1)
        cairo_move_to(cairo, x + (width - Double(textWidth)) / 2, margin + (height - Double(textHeight)) / 2)
        pango_cairo_show_layout(cairo, layout)
        cairo_restore(cairo)
    }

    /// A colour the theme defines (`@define-color`), as the row's style context sees it.
    static func color(named name: String, in rowWidget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA? {
        var rgba = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(rowWidget), name, &rgba) != 0 else { return nil }
        return rgba
    }
}
