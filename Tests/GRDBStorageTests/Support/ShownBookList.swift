import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// Skips the test when GTK cannot open a display (run the tests under `xvfb-run -a`).
@MainActor
func requireGtk() throws {
    guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
}

/// A book's row: its title.
final class BookRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with book: Book) { gtk_label_set_text(gcast(widget), book.title) }
}

/// A shelf's header row: its name.
final class ShelfRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with shelf: String) { gtk_label_set_text(gcast(widget), shelf) }
}

/// A ListManager over a GtkListBox in a mapped window, showing a database storage of books in
/// shelves with a header per shelf.
@MainActor
final class ShownBookList {
    let manager: ListManager
    let storage: DatabaseStorage<Book, String>
    let window: UnsafeMutablePointer<GtkWidget>
    /// Every update the manager was handed, in order.
    private(set) var updates: [StorageUpdate] = []

    init(_ database: BookDatabase, reordering: DatabaseReordering<Int64, String>? = nil, externalChangeInterval: Duration? = .milliseconds(100)) throws {
        storage = try DatabaseStorage(
            database.queue, request: BookDatabase.request, sectionedBy: { $0.shelf }, reordering: reordering,
            externalChangeInterval: externalChangeInterval, handOff: GLibMainActorHandOff())
        storage.sectionHeader = { "shelf \($0)" }
        manager = ListManager(host: .listBox, storage: storage)
        manager.register(BookRow.self)
        manager.registerHeader(ShelfRow.self)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), 300, 400)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
        gtk_widget_show_all(window)
        GtkRuntime.iterate(until: { gtk_widget_get_mapped(self.manager.widget) != 0 })
        manager.willUpdateContent = { [weak self] update in self?.updates.append(update) }
    }

    func close() {
        gtk_widget_destroy(window)
    }

    /// The rows the GtkListBox holds, read through GTK: "shelf NAME" for a header, "book
    /// TITLE#ID" for a book.
    var shownRows: [String] {
        let listBox = manager.listBox!
        let children = gtk_container_get_children(gcast(listBox))
        defer { g_list_free(children) }
        return (0..<Int(g_list_length(children))).map { index in
            guard let row = ListBoxHost.boundRow(of: gtk_list_box_get_row_at_index(listBox, Int32(index))) else { return "<not hosted>" }
            switch row.model {
            case let book as Book: return "book \(book)"
            case let shelf as String: return shelf
            default: return "<\(row.model)>"
            }
        }
    }

    /// Lets the GLib loop run until the list shows what a fresh query returns and the storage
    /// has nothing pending; false on timeout.
    @discardableResult
    func settle(matching database: BookDatabase, timeout: Duration = .seconds(5)) -> Bool {
        GtkRuntime.iterate(
            until: { !self.storage.hasPendingChanges && (try? database.expectedRows()) == self.shownRows },
            timeout: timeout)
    }
}
