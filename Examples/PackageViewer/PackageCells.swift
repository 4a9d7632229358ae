import CGtk
import GtkListManager

/// The Name cell of the packages table: the package's name, and a ★ after it for a favourite
/// (styled by the window's CSS, as in the package rows of the dependency tree).
@MainActor
final class PackageNameCell: RowView, ModelTransfer, FindableRow {
    let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    private let name = gtk_label_new(nil)!
    private let star = gtk_label_new("★")!
    /// The id of the package shown, for the window to star it when the favourites change.
    private(set) var packageID = ""

    init() {
        gtk_label_set_xalign(gcast(name), 0)
        gtk_label_set_ellipsize(gcast(name), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(gcast(name), 1)
        gtk_widget_set_tooltip_text(star, "A favourite")
        addStyleClass("favourite-star", to: star)
        gtk_box_pack_start(gcast(widget), name, 0, 1, 0)
        gtk_box_pack_start(gcast(widget), star, 0, 0, 0)
        insetLikeHeaderTitles(widget)
        // Shown by `showsStar` alone: showing the whole window must not show it.
        gtk_widget_show(name)
        gtk_widget_set_no_show_all(star, 1)
    }

    /// Typing on the table finds packages by name.
    static func findableText(for package: InstalledPackage) -> String { package.name }

    func update(with package: InstalledPackage) {
        packageID = package.id
        gtk_label_set_text(gcast(name), package.name)
    }

    /// Whether the cell shows the ★ of a favourite. Set by the window, which knows the
    /// favourites: the package alone does not say.
    var showsStar: Bool {
        get { gtk_widget_get_visible(star) != 0 }
        set { gtk_widget_set_visible(star, newValue ? 1 : 0) }
    }
}

/// The Size cell: the installed size as people read it, right-aligned so the units line up.
@MainActor
final class PackageSizeCell: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!

    init() {
        gtk_label_set_xalign(gcast(widget), 1)
        gtk_label_set_single_line_mode(gcast(widget), 1)
        insetLikeHeaderTitles(widget)
    }

    func update(with package: InstalledPackage) {
        gtk_label_set_text(gcast(widget), PackageColumns.text(of: package, in: PackageColumns.size))
    }

    /// What a package whose status file gives no size shows.
    static let unknownSize = "—"
}
