import CGtk
import GtkListManager

/// Builds the widget of one package row: name in bold and version on the first line, the
/// one-line description under them.
@MainActor
enum PackageRowWidget {
    static func make(for package: InstalledPackage) -> UnsafeMutablePointer<GtkWidget> {
        let name = label(package.name, xalign: 0)
        setBold(name)
        gtk_widget_set_hexpand(name, 1)
        let version = label(package.version, xalign: 1)
        addStyleClass("dim-label", to: version)

        let titleLine: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_box_pack_start(titleLine, name, 1, 1, 0)
        gtk_box_pack_end(titleLine, version, 0, 0, 0)

        let summary = label(package.summary, xalign: 0)
        addStyleClass("dim-label", to: summary)

        let row: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
        gtk_box_pack_start(row, gcast(titleLine), 0, 0, 0)
        gtk_box_pack_start(row, summary, 0, 0, 0)
        let widget: UnsafeMutablePointer<GtkWidget> = gcast(row)
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_top(widget, 6)
        gtk_widget_set_margin_bottom(widget, 6)
        return widget
    }

    /// A single-line label that ellipsizes instead of widening the window.
    private static func label(_ text: String, xalign: Float) -> UnsafeMutablePointer<GtkWidget> {
        let widget = gtk_label_new(text)!
        let label: UnsafeMutablePointer<GtkLabel> = gcast(widget)
        gtk_label_set_xalign(label, xalign)
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label, 1)
        return widget
    }

    /// Bold through a Pango attribute rather than markup, so names need no escaping.
    private static func setBold(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD))
        gtk_label_set_attributes(gcast(widget), attributes)
        pango_attr_list_unref(attributes)
    }
}

/// Adds a CSS style class (such as GTK's `dim-label`) to a widget.
@MainActor
func addStyleClass(_ name: String, to widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
}
