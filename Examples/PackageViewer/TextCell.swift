import CGtk
import GtkListManager

/// A one-line text cell, ellipsized when its column is narrower than the text, filled by its
/// registration's handler: the packages table's Version, Section and Description, the folder
/// table's Modified and Type. One class for all of them, so a cell that left one column's
/// screen can serve another.
@MainActor
final class TextCell: RowView {
    let widget = gtk_label_new(nil)!

    init() {
        let label: UnsafeMutablePointer<GtkLabel> = gcast(widget)
        gtk_label_set_xalign(label, 0)
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label, 1)
        insetLikeHeaderTitles(widget)
    }

    func show(_ text: String) {
        gtk_label_set_text(gcast(widget), text)
    }

    /// The widest of `texts` in a cell of this class, its margins included: a column's width.
    static func naturalWidth(of texts: [String]) -> Int {
        let cell = TextCell()
        g_object_ref_sink(gcast(cell.widget))
        defer { g_object_unref(gcast(cell.widget)) }
        gtk_widget_show(cell.widget)  // a hidden widget asks for no width
        var widest: Int32 = 0
        for text in texts {
            cell.show(text)
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_get_preferred_width(cell.widget, &minimum, &natural)
            widest = max(widest, natural)
        }
        return Int(widest)
    }
}

/// Insets a cell's content by 6 pixels on each side, as the headers' titles are, so text lines
/// up under its title and neighbouring columns never touch.
///
/// Workaround: the library's stylesheet insets cells with CSS padding (`theme.css`), but at the
/// theme's priority the desktop theme's own `* { padding: 0 }` wins, and a fit-content column
/// measures its cells outside their rows, where no such rule applies. Margins count in both.
@MainActor
func insetLikeHeaderTitles(_ widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_set_margin_start(widget, 6)
    gtk_widget_set_margin_end(widget, 6)
}
