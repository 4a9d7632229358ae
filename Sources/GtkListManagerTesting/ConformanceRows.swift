import CGtk
import GtkListManager

/// What a conformance row shows: its model's text.
protocol ConformanceModel {
    var text: String { get }
}

/// An item of the conformance suite's lists: its identity, a revision an update changes, and
/// how many lines its row shows (so rows differ in height).
struct ConformanceItem: ConformanceModel, Hashable, Sendable {
    let id: Int
    var revision = 0
    var lines = 1

    var text: String {
        let first = "item \(id) r\(revision)"
        return lines > 1 ? ([first] + (2...lines).map { "line \($0)" }).joined(separator: "\n") : first
    }
}

/// A section's header or footer in the conformance suite's lists.
struct ConformanceTitle: ConformanceModel, Hashable, Sendable {
    let text: String
}

/// The label row items, headers and footers are shown in. Each counts itself alive, so the
/// suite can tell that every row is released with its manager.
final class ConformanceRow<Model: ConformanceModel>: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)

    init() {
        ConformanceRowCount.alive += 1
        ConformanceWidgets.current?.watch(widget, as: "a row's label")
    }

    isolated deinit { ConformanceRowCount.alive -= 1 }

    func update(with model: Model) {
        gtk_label_set_text(gcast(widget), model.text)
    }
}

/// The conformance rows alive (a generic class has no static stored property).
@MainActor
enum ConformanceRowCount {
    static var alive = 0
}

/// The text GTK shows in a conformance row's label.
@MainActor
func shownText(of row: BoundRow) -> String? {
    guard isA(row.widget, gtk_label_get_type()) else { return nil }
    return String(cString: gtk_label_get_text(gcast(row.widget)))
}
