import CGtk
import GtkListManager

/// An item of the soak's memory storages: an identity and a version each update raises, both
/// in its text so a stale row shows.
struct SoakItem: Identifiable, Hashable, Sendable {
    let id: Int
    var version = 0
    var text: String { "item \(id) v\(version)" }
}

/// A label row for the soak's items, its text read back from GTK.
final class SoakLabelRow: RowView, ModelTransfer, SoakShownText {
    let widget = gtk_label_new(nil)!
    init() { gtk_label_set_xalign(gcast(widget), 0) }
    func update(with item: SoakItem) { gtk_label_set_text(gcast(widget), item.text) }
    var shownText: String { String(cString: gtk_label_get_text(gcast(widget))) }
    static func expectedText(for model: Any) -> String? { (model as? SoakItem)?.text }
}
