import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The row of one package, loaded from `PackageRow.ui` (a GtkBuilder definition in the
/// viewer's resources): name in bold and version on the first line, the one-line description
/// under them, a ★ after the name for a favourite. Each row is a fresh instance of the
/// definition, refilled by `update(with:)` when reused.
@MainActor
final class PackageRow: BuilderRow, ModelTransfer, FindableRow {
    static var interfaceBundle: Bundle { .module }

    let widget: UnsafeMutablePointer<GtkWidget>
    private let name: UnsafeMutablePointer<GtkLabel>
    private let version: UnsafeMutablePointer<GtkLabel>
    private let summary: UnsafeMutablePointer<GtkLabel>
    private let star: UnsafeMutablePointer<GtkLabel>

    init(interface: RowInterface) throws(RowInterfaceError) {
        widget = interface.root
        star = try interface.object("star", of: gtk_label_get_type())
        name = try interface.object("name", of: gtk_label_get_type())
        version = try interface.object("version", of: gtk_label_get_type())
        summary = try interface.object("summary", of: gtk_label_get_type())
    }

    /// Typing on the list finds packages by name.
    static func findableText(for package: InstalledPackage) -> String { package.name }

    func update(with package: InstalledPackage) {
        gtk_label_set_text(name, package.name)
        gtk_label_set_text(
            version, package.installedSizeKiB.map { "\(package.version)  ·  \(Self.formatted(kibibytes: $0))" } ?? package.version)
        gtk_label_set_text(summary, package.summary)
    }

    /// Whether the row shows the ★ of a favourite. Set by the window, which knows the
    /// favourites: the package alone does not say.
    var showsStar: Bool {
        get { gtk_widget_get_visible(gcast(star)) != 0 }
        set { gtk_widget_set_visible(gcast(star), newValue ? 1 : 0) }
    }

    /// A size as people read it: `840 KB`, `12.4 MB`, `1.2 GB` (powers of 1024, like dpkg's own
    /// figures).
    nonisolated static func formatted(kibibytes: Int) -> String {
        if kibibytes < 1024 { return "\(kibibytes) KB" }
        if kibibytes < 1024 * 1024 { return String(format: "%.1f MB", Double(kibibytes) / 1024) }
        return String(format: "%.1f GB", Double(kibibytes) / (1024 * 1024))
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
    let widget = singleLineLabel(xalign: 0, styleClass: SectionHeadingRow.styleClass)

    func update(with heading: SectionHeading) {
        let count = heading.packageCount
        gtk_label_set_text(gcast(widget), "\(heading.title)  ·  \(count) package\(count == 1 ? "" : "s")")
    }
}

/// The total of one Debian section, shown after its packages: what they take on disk.
struct SectionTotal: Hashable, Sendable {
    /// The supplementary kind of section totals, placed after the section's items.
    static let kind: SupplementaryKind = "total"

    var installedKiB = 0
    /// Packages whose status file gives no size.
    var unsized = 0
}

/// Shows a ``SectionTotal``, right-aligned and dimmed under the section's packages.
@MainActor
final class SectionTotalRow: RowView, ModelTransfer {
    /// The CSS class of section totals.
    static let styleClass = "section-total"
    let widget = singleLineLabel(xalign: 1, styleClass: SectionTotalRow.styleClass)

    func update(with total: SectionTotal) {
        let unsized = total.unsized > 0 ? "  ·  \(total.unsized) without a size" : ""
        gtk_label_set_text(gcast(widget), "\(PackageRow.formatted(kibibytes: total.installedKiB)) installed\(unsized)")
    }
}

/// A single-line label of a CSS class that ellipsizes instead of widening the window.
@MainActor
private func singleLineLabel(xalign: Float, styleClass: String) -> UnsafeMutablePointer<GtkWidget> {
    let widget = gtk_label_new(nil)!
    addStyleClass(styleClass, to: widget)
    let label: UnsafeMutablePointer<GtkLabel> = gcast(widget)
    gtk_label_set_xalign(label, xalign)
    gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(label, 1)
    return widget
}

/// Adds a CSS style class (such as GTK's `dim-label`) to a widget.
@MainActor
func addStyleClass(_ name: String, to widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
}
