import CGtk
import Foundation
import GtkListManager

/// A file as a tile of the big grid (`--grid --files DIR`): the icon of its content type from
/// the installed icon theme, its name, its size dimmed.
@MainActor
final class FileTile: RowView, ModelTransfer, FindableRow {
    /// The grid's cells: one size for every tile, so the grid knows its height up front.
    static let size = GridSize(width: 128, height: 104)

    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
    private let icon = gtk_image_new()!
    private let name = gtk_label_new(nil)!
    private let size = gtk_label_new(nil)!

    init() {
        gtk_container_set_border_width(gcast(widget), 6)
        gtk_label_set_ellipsize(gcast(name), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(gcast(name), 14)
        gtk_label_set_single_line_mode(gcast(name), 1)
        addStyleClass("dim-label", to: size)
        for child in [icon, name, size] { gtk_box_pack_start(gcast(widget), child, 0, 0, 0) }
    }

    static func findableText(for file: FileTreeSource.File) -> String { file.name }

    func update(with file: FileTreeSource.File) {
        gtk_image_set_from_gicon(gcast(icon), Self.icon(forFileNamed: file.name), GTK_ICON_SIZE_DIALOG)
        gtk_label_set_text(gcast(name), file.name)
        gtk_label_set_text(gcast(size), ByteCountFormatter.string(fromByteCount: file.size, countStyle: .file))
        gtk_widget_set_tooltip_text(widget, file.name)
    }

    /// The themed icon of the content type GIO guesses from the name, cached by type.
    private static func icon(forFileNamed name: String) -> OpaquePointer {
        let type = g_content_type_guess(name, nil, 0, nil)
        defer { g_free(type) }
        let key = type.map { String(cString: $0) } ?? "application/octet-stream"
        if let cached = icons[key] { return cached }
        let icon = g_content_type_get_icon(key)!
        icons[key] = icon
        return icon
    }

    private static var icons: [String: OpaquePointer] = [:]
}

/// A generated item as a tile of the big grid (`--grid --synthetic N`): its number, large.
@MainActor
final class SyntheticTile: RowView, ModelTransfer {
    static let size = GridSize(width: 96, height: 64)

    let widget = gtk_label_new(nil)!

    func update(with number: Int) {
        gtk_label_set_markup(gcast(widget), "<big>\(number.formatted())</big>")
    }
}
