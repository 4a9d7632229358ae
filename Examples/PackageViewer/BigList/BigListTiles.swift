import CGtk
import Foundation
import GtkListManager

/// A file as a tile of the big grid (`--grid --files DIR`): the icon of its content type from
/// the installed icon theme, its name, its size dimmed; an image file's icon gives way to its
/// thumbnail once decoded, off the main thread (``LateContentTransfer``), never on a tile that
/// shows another file by then.
@MainActor
final class FileTile: RowView, LateContentTransfer, FindableRow {
    /// The grid's cells: one size for every tile, so the grid knows its height up front.
    static let size = GridSize(width: 128, height: 104)
    /// The most a thumbnail takes: the tile's width, and what its name and size leave.
    static let thumbnailWidth: Int32 = 112, thumbnailHeight: Int32 = 56

    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
    private let icon = gtk_image_new()!
    private let name = gtk_label_new(nil)!
    private let size = gtk_label_new(nil)!
    /// The window's thumbnails, given by the registration's handler; nil shows icons only.
    var thumbnails: ThumbnailCache?
    /// The path of the file whose thumbnail the tile shows; nil while it shows an icon.
    private(set) var thumbnailPath: String?

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
        thumbnailPath = nil
        gtk_image_set_from_gicon(gcast(icon), Self.icon(forFileNamed: file.name), GTK_ICON_SIZE_DIALOG)
        gtk_label_set_text(gcast(name), file.name)
        gtk_label_set_text(gcast(size), ByteCountFormatter.string(fromByteCount: file.size, countStyle: .file))
        gtk_widget_set_tooltip_text(widget, file.name)
    }

    /// An image's thumbnail: from the cache at once, else decoded on the thumbnails' queue
    /// and shown only while this tile still shows `file`.
    func loadLateContent(for file: FileTreeSource.File, binding: RowBinding) {
        guard let thumbnails, Thumbnail.isImage(named: file.name) else { return }
        if let cached = thumbnails.thumbnail(of: file.path) { return show(cached, of: file.path) }
        let path = file.path, width = thumbnails.width, height = thumbnails.height
        binding.load(on: ThumbnailCache.decoding) { _ in
            Thumbnail.decode(path, width: width, height: height)
        } apply: { [weak self, weak thumbnails] thumbnail in
            guard let thumbnail else { return }
            thumbnails?.keep(thumbnail, of: path)
            self?.show(thumbnail, of: path)
        }
    }

    private func show(_ thumbnail: Thumbnail, of path: String) {
        gtk_image_set_from_pixbuf(gcast(icon), thumbnail.pixbuf)
        thumbnailPath = path
    }

    /// The image the tile shows: its thumbnail's pixels, nil while it shows an icon.
    var shownPixbuf: OpaquePointer? {
        thumbnailPath == nil ? nil : gtk_image_get_pixbuf(gcast(icon))
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
