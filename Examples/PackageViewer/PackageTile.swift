import CGtk
import Foundation
import GtkListManager

/// One package as a tile of the grid mode: an icon for its section from the installed icon
/// theme, its name, its version, and a bar for its installed size (on a log scale against the
/// largest package, so that small packages still show).
@MainActor
final class PackageTile: RowView, ModelTransfer, FindableRow {
    /// The largest installed size shown, in KiB: the full bar. Set by the window.
    static var largestSizeKiB = 1
    /// The tiles' size: the grid's cells are homogeneous.
    static let size = GridSize(width: 150, height: 112)

    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
    private let icon = gtk_image_new()!
    private let name = gtk_label_new(nil)!
    private let version = gtk_label_new(nil)!
    private let sizeBar = gtk_level_bar_new()!

    init() {
        gtk_container_set_border_width(gcast(widget), 6)
        for label in [name, version] {
            gtk_label_set_ellipsize(gcast(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(gcast(label), 12)
            gtk_label_set_single_line_mode(gcast(label), 1)
        }
        addStyleClass("package-tile-name", to: name)
        addStyleClass("dim-label", to: version)
        gtk_widget_set_size_request(sizeBar, 120, 6)
        gtk_widget_set_halign(sizeBar, GTK_ALIGN_CENTER)
        gtk_level_bar_set_min_value(gcast(sizeBar), 0)
        gtk_level_bar_set_max_value(gcast(sizeBar), 1)
        for child in [icon, name, version, sizeBar] { gtk_box_pack_start(gcast(widget), child, 0, 0, 0) }
    }

    /// Typing on the grid finds packages by name.
    static func findableText(for package: InstalledPackage) -> String { package.name }

    func update(with package: InstalledPackage) {
        gtk_image_set_from_icon_name(gcast(icon), Self.iconName(forSection: package.section), GTK_ICON_SIZE_DND)
        gtk_label_set_text(gcast(name), package.name)
        gtk_label_set_text(gcast(version), package.version)
        gtk_widget_set_tooltip_text(widget, package.summary)
        let size = Double(max(package.installedSizeKiB ?? 0, 0))
        gtk_level_bar_set_value(gcast(sizeBar), size < 1 ? 0 : log1p(size) / log1p(Double(max(Self.largestSizeKiB, 1))))
    }

    /// A themed icon for a Debian section, or the generic package icon.
    static func iconName(forSection section: String) -> String {
        let bySection = [
            "libs": "application-x-sharedlib", "libdevel": "applications-development", "devel": "applications-development",
            "utils": "applications-utilities", "admin": "applications-system", "fonts": "font-x-generic",
            "python": "text-x-script", "perl": "text-x-script", "interpreters": "text-x-script",
            "doc": "x-office-document", "text": "accessories-text-editor", "net": "network-workgroup",
            "web": "web-browser", "shells": "utilities-terminal", "graphics": "applications-graphics",
            "sound": "audio-x-generic", "video": "video-x-generic", "x11": "preferences-desktop-display",
        ]
        let wanted = bySection[section.split(separator: "/").last.map(String.init) ?? section] ?? "package-x-generic"
        let theme = gtk_icon_theme_get_default()
        return gtk_icon_theme_has_icon(theme, wanted) != 0 ? wanted : "package-x-generic"
    }
}
