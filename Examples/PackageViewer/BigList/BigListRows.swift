import CGtk
import Foundation
import GtkListManager

/// The label a big list's row is: at the start, with a little air around it.
@MainActor
func bigListLabel() -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    gtk_widget_set_halign(label, GTK_ALIGN_START)
    gtk_widget_set_margin_start(label, 12)
    gtk_widget_set_margin_top(label, 3)
    gtk_widget_set_margin_bottom(label, 3)
    return label
}

/// A generated row: its number and a line of text, every fifth one with a second line.
@MainActor
final class SyntheticRow: RowView, ModelTransfer, FindableRow {
    let widget = bigListLabel()

    nonisolated static func title(of number: Int) -> String { "Row \(number)" }

    /// Typing on the list finds rows by their title (`row 42`).
    static func findableText(for number: Int) -> String { title(of: number) }

    func update(with number: Int) {
        let title = Self.title(of: number)
        gtk_label_set_text(gcast(widget), number % 5 == 0 ? "\(title)\nevery fifth row has a second line" : title)
    }
}

/// A file: its name, and its size dimmed after it.
@MainActor
final class FileRow: RowView, ModelTransfer, FindableRow {
    let widget = bigListLabel()

    init() {
        gtk_label_set_ellipsize(gcast(widget), PANGO_ELLIPSIZE_MIDDLE)
    }

    static func findableText(for file: FileTreeSource.File) -> String { file.name }

    func update(with file: FileTreeSource.File) {
        let size = ByteCountFormatter.string(fromByteCount: file.size, countStyle: .file)
        gtk_label_set_markup(gcast(widget), "\(Self.escaped(file.name))  <span alpha=\"55%\">\(Self.escaped(size))</span>")
    }

    /// `text` with Pango markup's special characters escaped.
    private static func escaped(_ text: String) -> String {
        guard let raw = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }
}
