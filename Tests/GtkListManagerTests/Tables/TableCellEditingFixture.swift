import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// What the cell editing suites share: a table of jobs whose name, hours and priority the user
/// edits (its note not), on a host, and the editor GTK shows.
@MainActor
final class TableCellEditingFixture {
    struct Job: Hashable {
        var name: String
        var note: String
        var hours: Double
        var priority: String
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "A job needs a name" }
    }

    let manager: ListManager
    let table: ListTable
    let list: ShownList
    var activations = 0

    var storage: MemoryStorage { manager.memoryStorage! }

    /// - Parameter save: saves a new name for a job (as the editor opened on it) before the
    ///   storage takes it (an `async` commit of the names); nil commits names at once.
    init(
        rows: Int = 12, on host: any ListHost, width: Int32 = 640,
        savingNamesWith save: (@MainActor (String, Job) async throws -> Void)? = nil
    ) {
        manager = ListManager(host: host)
        // A double click is a gesture of its own (the list box activates on a single click).
        manager.activatesOnSingleClick = false
        table = manager.makeTable(of: Job.self) {
            ModelColumn("Job", id: "name", text: \.name).width(.fixed(140))
            ModelColumn("Note", id: "note", text: \.note).width(.fixed(140))
            ModelColumn("Hours", id: "hours", number: \.hours, digits: 2).width(.fixed(120))
            ModelColumn("Priority", id: "priority", choice: \.priority, from: ["low", "normal", "high"]).width(.fixed(140))
        }
        manager.memoryStorage?.setItems(
            (0..<rows).map { Job(name: "job \($0)", note: "note \($0)", hours: Double($0) + 0.5, priority: "normal") })
        let storage = manager.memoryStorage!
        if let save {
            table.saveTextEdit(Job.self, column: "name") { text, job, _ in
                try await save(text, job)
                var changed = job
                changed.name = text
                // Found again by value: the job may have moved while it was saved.
                try storage.replaceItem(job, with: changed)
            }
        } else {
            table.commitTextEdit(Job.self, column: "name") { text, job, indexPath in
                guard !text.isEmpty else { throw Refused() }
                var changed = job
                changed.name = text
                try storage.replaceItem(at: indexPath, with: changed)
            }
        }
        table.commitNumberEdit(Job.self, column: "hours") { hours, job, indexPath in
            var changed = job
            changed.hours = hours
            try storage.replaceItem(at: indexPath, with: changed)
        }
        table.commitTextEdit(Job.self, column: "priority") { priority, job, indexPath in
            var changed = job
            changed.priority = priority
            try storage.replaceItem(at: indexPath, with: changed)
        }
        list = ShownList(manager, width: width, height: 400)
        table.didActivate(Job.self) { [unowned self] _, _, _ in activations += 1 }
        list.settleFrame()
    }

    func close() { list.close() }

    func job(_ item: Int) -> Job? { storage.item(at: IndexPath(item: item, section: 0), as: Job.self) }

    /// The editor shown in the row at `item`: the overlay child that is an entry, spin button or
    /// combo box.
    func editor(inItem item: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
        return containerChildren(row.widget).first { child in
            gtk_widget_get_mapped(child) != 0
                && (isA(child, gtk_entry_get_type()) || isA(child, gtk_combo_box_get_type()))
        }
    }

    /// The rows that show an editor.
    func itemsShowingAnEditor() -> [Int] {
        (0..<manager.shownItemCount).filter { editor(inItem: $0) != nil }
    }

    /// The text an editor holds (a combo box's entry, or its choice).
    static func text(of editor: UnsafeMutablePointer<GtkWidget>) -> String {
        if isA(editor, gtk_entry_get_type()) { return String(cString: gtk_entry_get_text(gcast(editor))) }
        if let entry = gtk_bin_get_child(gcast(editor)), isA(entry, gtk_entry_get_type()) {
            return String(cString: gtk_entry_get_text(gcast(entry)))
        }
        guard let text = gtk_combo_box_text_get_active_text(gcast(editor)) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The cell widget of `column` (by shown index) in the row at `item`.
    func cell(ofItem item: Int, column: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard let view = manager.boundRow(at: IndexPath(item: item, section: 0))?.view as? TableRowView,
            view.cells.indices.contains(column)
        else { return nil }
        return view.cells[column]?.widget
    }

    /// What the cell of `column` in the row at `item` shows, as screen readers are told.
    func shownText(ofItem item: Int, column: Int) -> String? {
        cell(ofItem: item, column: column).flatMap { atk_object_get_name(gtk_widget_get_accessible($0)).map { String(cString: $0) } }
    }

    /// Where a widget is in its row, from the row's leading edge, and how wide.
    static func place(of widget: UnsafeMutablePointer<GtkWidget>, in row: UnsafeMutablePointer<GtkWidget>) -> (Int32, Int32) {
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(widget, row, 0, 0, &x, &y)
        let width = gtk_widget_get_allocated_width(widget)
        return (TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(row) - x - width : x, width)
    }

    func rowWidget(_ item: Int) -> UnsafeMutablePointer<GtkWidget>? {
        manager.boundRow(at: IndexPath(item: item, section: 0))?.widget
    }

    /// Types `text` in place of what the focused editor holds.
    func replaceText(with text: String) {
        list.press("ctrl+a")
        if text.isEmpty {
            list.press("BackSpace")
        } else {
            list.xdotool(["type", "--delay", "20", text])
        }
    }
}
