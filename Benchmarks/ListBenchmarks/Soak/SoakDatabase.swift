import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage

/// A `DatabaseStorage` over a temporary SQLite file of books on shelves (the database
/// benchmark's), sectioned by shelf, on the virtualized host; every change is a write through
/// GRDB that the storage observes: titles, new and deleted books, books moved within and across
/// shelves (so shelves appear and empty).
@MainActor
final class SoakDatabase: SoakSubject {
    /// A book's row: its title.
    final class TitleRow: RowView, ModelTransfer, SoakShownText {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with book: BenchmarkBook) { gtk_label_set_text(gcast(widget), book.title) }
        var shownText: String { String(cString: gtk_label_get_text(gcast(widget))) }
        static func expectedText(for model: Any) -> String? { (model as? BenchmarkBook)?.title }
    }

    let name = "database (DatabaseStorage)"
    let manager = ListManager(host: VirtualListHost.virtualized)
    private let file: BenchmarkBookFile
    private let storage: DatabaseStorage<BenchmarkBook, String>
    private let shown: BenchmarkWindow
    private var nextID: Int64 = 10_000
    private var revision = 0
    /// Writes refused by SQLite (none are expected).
    private(set) var failedWrites = 0

    init() throws {
        file = try BenchmarkBookFile(count: 300)
        storage = try DatabaseStorage(
            file.pool, request: BenchmarkBook.shown, sectionedBy: { $0.shelf }, externalChangeInterval: nil,
            handOff: GLibMainActorHandOff())
        manager.register(TitleRow.self)
        manager.storage = storage
        manager.selectionMode = .multiple
        shown = BenchmarkWindow(showing: manager.widget, width: 480, height: 400)
        gtk_window_set_title(gcast(shown.window), name)
    }

    var shownStorage: any Storage { storage }

    /// Settled when the storage has nothing in flight and holds what the file holds.
    var isSettled: Bool {
        guard !storage.hasPendingChanges else { return false }
        return (try? file.pool.read { db in try BenchmarkBook.shown.fetchAll(db) }) == storage.records
    }

    func step(_ random: inout SoakRandom) {
        revision += 1
        let count = storage.count
        switch random.below(100) {
        case 0..<20 where count < 400, _ where count < 100:
            nextID += 1
            write(
                "INSERT INTO book (id, title, shelf, position) VALUES (?, ?, ?, ?)",
                [nextID, "Book \(nextID)", Self.shelf(&random), random.below(1000)])
        case 0..<38: write("DELETE FROM book WHERE id = ?", [randomID(&random)])
        case 38..<50: write("UPDATE book SET position = ? WHERE id = ?", [random.below(1000), randomID(&random)])
        case 50..<68: write("UPDATE book SET title = ? WHERE id = ?", ["Book r\(revision)", randomID(&random)])
        case 68..<73:
            // A book to another shelf, which may open a section or empty one.
            write("UPDATE book SET shelf = ? WHERE id = ?", [Self.shelf(&random), randomID(&random)])
        case 73 where count > 150: write("DELETE FROM book WHERE shelf = ?", [Self.shelf(&random)])
        case 73: break
        case 74..<86:
            let range = shown.scrollRange
            gtk_adjustment_set_value(shown.adjustment, range * Double(random.below(1001)) / 1000)
        default:
            if let book = storage.records.randomElement(using: &random), let path = storage.indexPath(ofID: book.id) {
                _ = manager.selectItem(at: path)
            }
        }
    }

    /// One of 14 shelves: the file's ten and four that are empty at first.
    private static func shelf(_ random: inout SoakRandom) -> String { "shelf \(random.below(14))" }

    private func randomID(_ random: inout SoakRandom) -> Int64 {
        storage.records.randomElement(using: &random)?.id ?? 0
    }

    private func write(_ sql: String, _ arguments: StatementArguments) {
        do {
            try file.pool.write { db in try db.execute(sql: sql, arguments: arguments) }
        } catch {
            failedWrites += 1
        }
    }
}
