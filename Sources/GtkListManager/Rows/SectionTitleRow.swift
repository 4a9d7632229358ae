import CGtk

/// The built-in header or footer row for a `String` model: a left-aligned label with the
/// `list-section-title` style class (bold), shown when no header or footer class is registered.
@MainActor
public final class SectionTitleRow: RowView, ModelTransfer {
    public let widget: UnsafeMutablePointer<GtkWidget>

    public init() {
        widget = gtk_label_new(nil)
        gtk_label_set_xalign(gcast(widget), 0)
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_top(widget, 8)
        gtk_widget_set_margin_bottom(widget, 4)
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), "list-section-title")
    }

    /// The title shown.
    public var title: String {
        String(cString: gtk_label_get_text(gcast(widget)))
    }

    public func update(with title: String) {
        let escaped = g_markup_escape_text(title, -1)
        defer { g_free(escaped) }
        gtk_label_set_markup(gcast(widget), "<b>\(String(cString: escaped!))</b>")
    }
}

/// The row shown where a model cannot be shown (nil, or no mapping accepts it), so the list
/// keeps one row per storage item; the reason is reported as an anomaly.
@MainActor
final class UnmappedRow: RowView {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
}
