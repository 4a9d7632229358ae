import CGtk
import GtkListManager

/// The row of one package: name in bold and version on the first line, the one-line
/// description under them. Built once, refilled by `update(with:)` when reused.
@MainActor
final class PackageRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let name = singleLineLabel(xalign: 0)
    private let version = singleLineLabel(xalign: 1)
    private let summary = singleLineLabel(xalign: 0)

    init() {
        setBold(name)
        gtk_widget_set_hexpand(name, 1)
        addStyleClass("dim-label", to: version)
        addStyleClass("dim-label", to: summary)

        let titleLine: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_box_pack_start(titleLine, name, 1, 1, 0)
        gtk_box_pack_end(titleLine, version, 0, 0, 0)

        let column: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
        gtk_box_pack_start(column, gcast(titleLine), 0, 0, 0)
        gtk_box_pack_start(column, summary, 0, 0, 0)
        widget = gcast(column)
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_top(widget, 6)
        gtk_widget_set_margin_bottom(widget, 6)
    }

    func update(with package: InstalledPackage) {
        gtk_label_set_text(gcast(name), package.name)
        gtk_label_set_text(gcast(version), package.version)
        gtk_label_set_text(gcast(summary), package.summary)
    }
}

/// The header of one Debian section: its name and how many packages it holds.
struct SectionHeading: Hashable, Sendable {
    var title: String
    var packageCount: Int
}

/// Shows a ``SectionHeading`` on a tinted band (styled by the window's CSS).
@MainActor
final class SectionHeadingRow: RowView, ModelTransfer {
    /// The CSS class of header rows.
    static let styleClass = "section-header"
    let widget = singleLineLabel(xalign: 0)

    init() {
        addStyleClass(Self.styleClass, to: widget)
    }

    func update(with heading: SectionHeading) {
        let count = heading.packageCount
        gtk_label_set_text(gcast(widget), "\(heading.title)  ·  \(count) package\(count == 1 ? "" : "s")")
    }
}

/// A single-line label that ellipsizes instead of widening the window.
@MainActor
private func singleLineLabel(xalign: Float) -> UnsafeMutablePointer<GtkWidget> {
    let widget = gtk_label_new(nil)!
    let label: UnsafeMutablePointer<GtkLabel> = gcast(widget)
    gtk_label_set_xalign(label, xalign)
    gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(label, 1)
    return widget
}

/// Bold through a Pango attribute rather than markup, so names need no escaping.
@MainActor
private func setBold(_ widget: UnsafeMutablePointer<GtkWidget>) {
    let attributes = pango_attr_list_new()
    pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD))
    gtk_label_set_attributes(gcast(widget), attributes)
    pango_attr_list_unref(attributes)
}

/// Adds a CSS style class (such as GTK's `dim-label`) to a widget.
@MainActor
func addStyleClass(_ name: String, to widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
}
