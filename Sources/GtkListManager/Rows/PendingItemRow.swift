import CGtk
import ModelStorage

/// The built-in row of a position whose row is still being read (a paged storage's
/// `PendingRow`), shown when no row class is registered for `PendingRow`: a dimmed "Loading…",
/// which the row replaces once read. In a table, each cell of such a row is empty instead.
/// Styled by the theme's `list-pending` class (``ListTheme/StyleClass/pending``).
@MainActor
public final class PendingItemRow: RowView, AccessibleRow {
    public let widget = gtk_label_new(PendingItemRow.text)!

    public init() {
        gtk_label_set_xalign(gcast(widget), 0)
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), "dim-label")
        ListTheme.set(ListTheme.StyleClass.pending, true, on: widget)
    }

    public func update(with pending: PendingRow) {}

    /// What the row says.
    public static let text = "Loading…"

    public static func accessibleName(for pending: PendingRow) -> String { text }
}
