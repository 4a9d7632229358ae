import CGtk

/// The `GtkListBoxRow` subclass a ``ListBoxHost`` puts its rows in ("GtkListManagerRow"),
/// holding the row's ``BoundRow`` (see ``BoundRowWidgetType``).
enum ListBoxRowType {
    static let shared = BoundRowWidgetType<GtkListBoxRow>(
        subclassing: gtk_list_box_row_get_type(), name: "GtkListManagerRow",
        accessibleType: RowAccessibility.accessibleType(forRowsSubclassing: gtk_list_box_row_get_type()))

    static var type: GType { shared.type }
    static func make() -> UnsafeMutablePointer<GtkListBoxRow> { shared.make() }
    static func boundRow(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? { shared.boundRow(of: listRow) }
    static func attach(_ row: BoundRow, to listRow: UnsafeMutablePointer<GtkListBoxRow>) { shared.attach(row, to: listRow) }
    static func detachBoundRow(from listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? { shared.detachBoundRow(from: listRow) }
}
