import CGtk

/// The `GtkListBoxRow` subclass a ``ListBoxHost`` puts its rows in ("GtkListManagerRow"),
/// holding the row's ``BoundRow`` (see ``RecordWidgetType``).
enum ListBoxRowType {
    static let shared = RecordWidgetType<GtkListBoxRow>(
        subclassing: gtk_list_box_row_get_type(), name: "GtkListManagerRow", finalize: finalizeListBoxRow)

    static var type: GType { shared.type }
    static func make() -> UnsafeMutablePointer<GtkListBoxRow> { shared.make() }
    static func record(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? { shared.record(of: listRow) }
    static func attach(_ record: BoundRow, to listRow: UnsafeMutablePointer<GtkListBoxRow>) { shared.attach(record, to: listRow) }
    static func detachRecord(from listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? { shared.detachRecord(from: listRow) }
}

/// A plain function rather than a closure formed in main-actor code, which Swift would give a
/// main-actor check on every call (one per row when a long list goes away).
private func finalizeListBoxRow(_ object: UnsafeMutablePointer<GObject>?) {
    ListBoxRowType.shared.finalize(object)
}
