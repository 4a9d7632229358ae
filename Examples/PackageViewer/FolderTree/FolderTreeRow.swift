import CGtk
import Foundation
import GtkListManager

/// An entry of the folder tree: its icon, its name, and its size or number of items, dimmed.
@MainActor
final class FolderTreeRow: RowView, ModelTransfer, AccessibleRow {
    let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    private let icon = gtk_image_new()!
    private let name = gtk_label_new(nil)!
    private let detail = gtk_label_new(nil)!

    init() {
        gtk_widget_set_margin_top(widget, 3)
        gtk_widget_set_margin_bottom(widget, 3)
        gtk_widget_set_margin_end(widget, 12)
        gtk_label_set_xalign(gcast(name), 0)
        gtk_label_set_ellipsize(gcast(name), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(name, 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(detail), "dim-label")
        for child in [icon, name, detail] { gtk_container_add(gcast(widget), child) }
    }

    /// The name, then the size or the number of items.
    static func accessibleName(for entry: FolderEntry) -> String {
        "\(entry.name), \(detail(of: entry))"
    }

    nonisolated static func detail(of entry: FolderEntry) -> String {
        guard entry.isDirectory else { return ByteCountFormatter.string(fromByteCount: entry.size, countStyle: .file) }
        if entry.size < 0 { return "unreadable" }
        return entry.size == 1 ? "1 item" : "\(entry.size.formatted()) items"
    }

    func update(with entry: FolderEntry) {
        gtk_image_set_from_icon_name(gcast(icon), entry.isDirectory ? "folder" : "text-x-generic", GTK_ICON_SIZE_MENU)
        gtk_label_set_text(gcast(name), entry.name)
        gtk_label_set_text(gcast(detail), Self.detail(of: entry))
    }

    /// The name shown.
    var shownName: String { String(cString: gtk_label_get_text(gcast(name))) }
}
