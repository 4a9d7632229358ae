import CGtk
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A ListManager over the virtualized host in a mapped window, showing a lazy database storage
/// of books in shelves, a header per shelf ("shelf NAME"): the set-up for tables too large to
/// read whole.
@MainActor
final class ShownLazyBookList {
    let storage: LazyDatabaseStorage<Book, String>
    /// The storage's rows filtered by id, which the list shows when asked for.
    let filtered: FilteredStorage<Int64>?
    let host = VirtualListHost()
    let list: ShownList
    var manager: ListManager { list.manager }
    /// Every update the manager was handed, in order.
    private(set) var updates: [StorageUpdate] = []
    /// The anomalies the storage reported, in order.
    private(set) var anomalies: [DatabaseStorageAnomaly] = []

    init(
        _ database: BookDatabase, reordering: DatabaseReordering<Int64, String>? = nil,
        externalChangeInterval: Duration? = .milliseconds(100), filteredByID: Bool = false
    ) throws {
        storage = try LazyDatabaseStorage(
            database.queue, request: BookDatabase.request, sectionedBy: Column("shelf"),
            changeMarker: Column("revision"), reordering: reordering,
            externalChangeInterval: externalChangeInterval, handOff: GLibMainActorHandOff())
        storage.sectionHeader = { "shelf \($0)" }
        filtered = filteredByID ? FilteredStorage(keysOf: storage, handOff: GLibMainActorHandOff()) : nil
        let manager = ListManager(host: host, storage: filtered ?? storage)
        manager.register(BookRow.self)
        manager.registerHeader(ShelfRow.self)
        list = ShownList(manager)
        manager.willUpdateContent = { [weak self] update in self?.updates.append(update) }
        storage.anomalyHandler.action = { [weak self] in self?.anomalies.append($0) }
    }

    func close() {
        list.close()
    }

    /// The rows bound on screen by position, read through GTK: "shelf NAME" for a header (its
    /// label), "book TITLE#ID" for a book (its label's title and its model's id).
    var boundRows: [Int: String] {
        var rows: [Int: String] = [:]
        host.forEachBoundRow { position, row in
            let label = String(cString: gtk_label_get_text(gcast(row.view.widget)))
            rows[position] = row.role == .header ? label : "book \(label)#\((row.model as? Book)?.id ?? -1)"
        }
        return rows
    }

    /// The bound rows that differ from what a fresh query puts at their positions, and a row
    /// count that differs; empty when the list shows the database.
    func differences(from database: BookDatabase) -> [String] {
        guard let expected = try? database.expectedRows() else { return ["the database cannot be read"] }
        var differences = host.rowCount == expected.count ? [] : ["\(host.rowCount) rows, \(expected.count) expected"]
        for (position, shown) in boundRows.sorted(by: { $0.key < $1.key }) {
            let wanted = expected.indices.contains(position) ? expected[position] : "nothing"
            if shown != wanted { differences.append("row \(position) shows \(shown), not \(wanted)") }
        }
        return differences
    }

    /// The changes handed to the list since `start`, every update a change set.
    func changes(since start: Int) -> [StorageChange] {
        changeLog(of: updates[start...])
    }

    /// Lets the GLib loop run until the storage has nothing pending, its ids are those of a
    /// fresh query in order, and every bound row shows the database; false on timeout.
    @discardableResult
    func settle(matching database: BookDatabase, timeout: Duration = .seconds(5)) -> Bool {
        GtkRuntime.iterate(
            until: {
                guard !self.storage.hasPendingChanges, let fresh = try? database.freshRecords() else { return false }
                return fresh.map(\.id) == self.shownIDs && self.differences(from: database).isEmpty
            },
            timeout: timeout)
    }

    /// The ids of the records the storage shows, in order, read without reading the records.
    var shownIDs: [Int64] {
        (0..<storage.numberOfSections).flatMap { section in
            (0..<storage.numberOfItems(inSection: section)).compactMap {
                storage.id(at: IndexPath(item: $0, section: section))
            }
        }
    }

    /// Scrolls the viewport's top to `fraction` of the list's height and lets it draw.
    func scroll(toFraction fraction: Double) {
        let adjustment = host.verticalAdjustment!
        gtk_adjustment_set_value(adjustment, fraction * (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)))
        list.settle(milliseconds: 40)
    }
}
