// The fixture's rows and grid cells, and the table's columns (see main.swift).
import CGtk
import GtkListManager

/// The content of every item row and tile: "Item k" and "detail k" in two labels, so that the
/// library's fallback name ("Item k, detail k") has two texts to join.
@MainActor
struct TwoLabels {
    let box: UnsafeMutablePointer<GtkWidget>
    private let title = gtk_label_new(nil)!
    private let detail = gtk_label_new(nil)!

    init(_ orientation: GtkOrientation) {
        box = gtk_box_new(orientation, 8)
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        gtk_box_pack_start(gcast(box), title, 0, 0, 0)
        gtk_box_pack_start(gcast(box), detail, 0, 0, 0)
    }

    func show(_ ordinal: Int) {
        gtk_label_set_text(gcast(title), "Item \(ordinal)")
        gtk_label_set_text(gcast(detail), "detail \(ordinal)")
    }
}

/// The size of every grid cell, so the virtual grid knows its height up front.
let tileSize = GridSize(width: 100, height: 60)

@MainActor
func makeTile() -> TwoLabels {
    let labels = TwoLabels(GTK_ORIENTATION_VERTICAL)
    gtk_widget_set_size_request(labels.box, Int32(tileSize.width), Int32(tileSize.height))
    return labels
}

/// A list row that leaves its name to the library (its labels' texts).
final class ItemRow: RowView, ModelTransfer {
    private let labels = TwoLabels(GTK_ORIENTATION_HORIZONTAL)
    var widget: UnsafeMutablePointer<GtkWidget> { labels.box }
    init() {}
    func update(with ordinal: Int) { labels.show(ordinal) }
}

/// A list row that names itself, with or without a widget (`--named-rows`).
final class NamedItemRow: RowView, ModelTransfer, AccessibleRow {
    private let labels = TwoLabels(GTK_ORIENTATION_HORIZONTAL)
    var widget: UnsafeMutablePointer<GtkWidget> { labels.box }
    init() {}
    func update(with ordinal: Int) { labels.show(ordinal) }
    static func accessibleName(for ordinal: Int) -> String { "Item \(ordinal)" }
}

/// A grid cell that leaves its name to the library.
final class ItemTile: RowView, ModelTransfer {
    private let labels = makeTile()
    var widget: UnsafeMutablePointer<GtkWidget> { labels.box }
    init() {}
    func update(with ordinal: Int) { labels.show(ordinal) }
}

/// A grid cell that names itself (`--named-rows`).
final class NamedItemTile: RowView, ModelTransfer, AccessibleRow {
    private let labels = makeTile()
    var widget: UnsafeMutablePointer<GtkWidget> { labels.box }
    init() {}
    func update(with ordinal: Int) { labels.show(ordinal) }
    static func accessibleName(for ordinal: Int) -> String { "Item \(ordinal)" }
}

/// The table's columns (`--table`): identifier, title and what its cells show before k.
let tableColumns: [(id: String, title: String, prefix: String)] = [
    ("item", "Item", "Item"), ("detail", "Detail", "detail"), ("size", "Size", "size"), ("kind", "Kind", "kind"),
    ("note", "Note", "note"), ("extra", "Extra", "extra"),
]
