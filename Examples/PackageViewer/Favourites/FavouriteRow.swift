import CGtk
import GtkListManager

/// A row of the favourites pane: the package name in bold, its one-line description dimmed
/// under it ("not installed" when the status file has no such package), and the user's note,
/// which F2 edits in place (``EditableRow``).
///
/// The name and description are filled by the pane's registration handler, which knows the
/// installed packages; a favourite alone holds only the package id and the note.
@MainActor
final class FavouriteRow: RowView, EditableRow {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
    private let name = gtk_label_new(nil)!
    private let summary = gtk_label_new(nil)!
    private let note = gtk_label_new(nil)!

    init() {
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_top(widget, 6)
        gtk_widget_set_margin_bottom(widget, 6)
        for label in [name, summary, note] {
            gtk_label_set_xalign(gcast(label), 0)
            gtk_label_set_ellipsize(gcast(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(gcast(label), 1)
            gtk_box_pack_start(gcast(widget), label, 0, 1, 0)
        }
        let italic = pango_attr_list_new()
        pango_attr_list_insert(italic, pango_attr_style_new(PANGO_STYLE_ITALIC))
        gtk_label_set_attributes(gcast(note), italic)
        pango_attr_list_unref(italic)
        let bold = pango_attr_list_new()
        pango_attr_list_insert(bold, pango_attr_weight_new(PANGO_WEIGHT_BOLD))
        gtk_label_set_attributes(gcast(name), bold)
        pango_attr_list_unref(bold)
        addStyleClass("dim-label", to: summary)
    }

    /// Shows `favourite`, described by its installed `package` when there is one.
    func show(_ favourite: Favourite, package: InstalledPackage?) {
        gtk_label_set_text(gcast(name), package?.name ?? favourite.id)
        gtk_label_set_text(gcast(summary), package?.summary ?? "not installed")
    }

    /// Shows the favourite's note, when it has one.
    func update(with favourite: Favourite) {
        gtk_label_set_text(gcast(note), favourite.note)
        gtk_widget_set_visible(note, favourite.note.isEmpty ? 0 : 1)
    }

    static func editableText(of favourite: Favourite) -> String { favourite.note }

    /// The editor goes under the description, in the note's place.
    func showEditor(_ editor: UnsafeMutablePointer<GtkWidget>?) {
        if let editor { gtk_box_pack_start(gcast(widget), editor, 0, 1, 0) }
        gtk_widget_set_visible(note, editor == nil && !shownNote.isEmpty ? 1 : 0)
    }

    /// The package name shown.
    var shownName: String {
        String(cString: gtk_label_get_text(gcast(name)))
    }

    /// The note shown; empty when none.
    var shownNote: String {
        String(cString: gtk_label_get_text(gcast(note)))
    }
}
