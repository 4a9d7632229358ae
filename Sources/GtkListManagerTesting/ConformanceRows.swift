import CGtk
import GtkListManager

/// An item of the conformance suite's lists: its identity, a revision an update changes, and
/// how many lines its row shows (so rows differ in height).
struct ConformanceItem: Hashable, Sendable {
    let id: Int
    var revision = 0
    var lines = 1

    /// What its row shows.
    var text: String {
        let first = "item \(id) r\(revision)"
        return lines > 1 ? ([first] + (2...lines).map { "line \($0)" }).joined(separator: "\n") : first
    }
}

/// A section's header or footer in the conformance suite's lists.
struct ConformanceTitle: Hashable, Sendable {
    let text: String
}

/// The label row every item is shown in. It counts the rows alive, so the suite can tell that
/// each is released with its manager.
final class ConformanceItemRow: RowView, ModelTransfer {
    static var liveCount = 0
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)

    init() {
        Self.liveCount += 1
        ConformanceWidgets.current?.watch(widget, as: "an item row's label")
    }

    isolated deinit { Self.liveCount -= 1 }

    func update(with item: ConformanceItem) {
        gtk_label_set_text(gcast(widget), item.text)
    }
}

/// The label row headers and footers are shown in.
final class ConformanceTitleRow: RowView, ModelTransfer {
    static var liveCount = 0
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)

    init() {
        Self.liveCount += 1
        ConformanceWidgets.current?.watch(widget, as: "a title row's label")
    }

    isolated deinit { Self.liveCount -= 1 }

    func update(with title: ConformanceTitle) {
        gtk_label_set_text(gcast(widget), title.text)
    }
}

/// The text GTK shows in a conformance row's label.
@MainActor
func shownText(of row: BoundRow) -> String? {
    guard g_type_check_instance_is_a(gcast(row.widget), gtk_label_get_type()) != 0 else { return nil }
    return String(cString: gtk_label_get_text(gcast(row.widget)))
}
