import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The columns of the folder tree table. Name is the outline column: the tree's indentation and
/// disclosure arrow go before its cells, and it takes the width the others leave. Size,
/// Modified and Type are as wide as the texts they typically show, measured once with a real
/// cell: fitting to content would measure the rows there are when the list loads, and a tree
/// read as it opens has only its top then. None sorts: an `OutlineStorage` keeps the order it
/// is given (directories first, then by name, as `FolderEntry.children` reads them).
@MainActor
enum FolderColumns {
    static let name = "name"
    static let size = "size"
    static let modified = "modified"
    static let type = "type"

    /// The columns in their declared order; the name says which entry a row is: it cannot be
    /// hidden.
    static func all() -> [TableColumn] {
        [
            TableColumn(name, title: "Name", width: .share(1), minimumWidth: 160, isHideable: false),
            TableColumn(
                size, title: "Size",
                width: .fixed(TextCell.naturalWidth(of: ["999 bytes", "999.9 MB", "9,999 items", "unreadable"])),
                minimumWidth: 48),
            TableColumn(
                modified, title: "Modified", width: .fixed(TextCell.naturalWidth(of: longDates.map(modifiedText))),
                minimumWidth: 64),
            TableColumn(
                type, title: "Type",
                width: .fixed(TextCell.naturalWidth(of: [FolderEntry.typeDescription(ofFileNamed: "notes.txt")])),
                minimumWidth: 64),
        ]
    }

    /// How each column sorts the entries a header click orders, at every level; entries equal
    /// for every key by path.
    static let comparisons = ColumnComparisons<FolderEntry>(breakingTiesBy: { $0.path < $1.path })
        .column(name, byText: \.name)
        .column(size, by: \.size)
        .column(modified, by: \.modified)
        .column(type, byText: \.type)

    /// A modification date as the Modified column shows it: the short date and time, local.
    static func modifiedText(_ date: Date) -> String {
        dateFormatter.string(from: date)
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .short
        return formatter
    }()

    /// Dates whose short forms are among the longest: two-digit months and days, and the hours
    /// that read longest in 12- and 24-hour clocks, before and after noon (which of "AM" and "PM"
    /// is wider depends on the font), local time.
    private static var longDates: [Date] {
        [0, 10, 12, 22, 23].flatMap { hour in
            [10, 11, 12].compactMap { month in
                Calendar.current.date(from: DateComponents(year: 2028, month: month, day: 28, hour: hour, minute: 58))
            }
        }
    }
}

/// The Name cell: the entry's icon and its name, ellipsized in the middle. It names the cell,
/// and the row (the table's first column names its rows), "name, size" for screen readers.
@MainActor
final class FolderNameCell: RowView, ModelTransfer, AccessibleRow, FindableRow {
    let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    private let icon = gtk_image_new()!
    private let name = gtk_label_new(nil)!

    init() {
        gtk_widget_set_margin_top(widget, 3)
        gtk_widget_set_margin_bottom(widget, 3)
        gtk_label_set_xalign(gcast(name), 0)
        gtk_label_set_ellipsize(gcast(name), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_single_line_mode(gcast(name), 1)
        gtk_widget_set_hexpand(name, 1)
        for child in [icon, name] { gtk_container_add(gcast(widget), child) }
        insetLikeHeaderTitles(widget)
    }

    /// The name, then the size or the number of items.
    static func accessibleName(for entry: FolderEntry) -> String {
        "\(entry.name), \(FolderSizeCell.text(for: entry))"
    }

    /// Typing on the tree table finds entries by name (those of open folders).
    static func findableText(for entry: FolderEntry) -> String { entry.name }

    func update(with entry: FolderEntry) {
        gtk_image_set_from_icon_name(gcast(icon), entry.isDirectory ? "folder" : "text-x-generic", GTK_ICON_SIZE_MENU)
        gtk_label_set_text(gcast(name), entry.name)
    }
}

/// The Size cell: a file's size as people read it, a folder's number of items; right-aligned so
/// the units line up.
@MainActor
final class FolderSizeCell: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!

    init() {
        gtk_label_set_xalign(gcast(widget), 1)
        gtk_label_set_single_line_mode(gcast(widget), 1)
        gtk_label_set_ellipsize(gcast(widget), PANGO_ELLIPSIZE_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), "dim-label")
        insetLikeHeaderTitles(widget)
    }

    func update(with entry: FolderEntry) {
        gtk_label_set_text(gcast(widget), Self.text(for: entry))
    }

    /// "3 KB" for a file, "5 items" for a folder, "unreadable" for a folder that cannot be read.
    nonisolated static func text(for entry: FolderEntry) -> String {
        guard entry.isDirectory else { return ByteCountFormatter.string(fromByteCount: entry.size, countStyle: .file) }
        if entry.size < 0 { return "unreadable" }
        return entry.size == 1 ? "1 item" : "\(entry.size.formatted()) items"
    }
}
