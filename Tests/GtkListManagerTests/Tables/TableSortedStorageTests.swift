import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A table over a `SortedStorage` wired to its headers as the Tables article shows
/// (`didChangeSort` → `sort(by:using:)`), read back from GTK while the main loop runs as an
/// idle app's does: after a re-sort the list keeps laying out what changes next (a row
/// upserted, a moved column, a scroll back to the top).
///
/// The virtualized list used to stop after some re-sorts, not all (about one in five): its
/// scrolled window lost a resize (`VirtualListAdjustmentTests` shows why, every time).
final class TableSortedStorageTests: XCTestCase {
    typealias Storage = SortedStorage<Crate, Unsectioned>

    /// Tries per host.
    private static let tries = 3

    /// A cell showing a crate's name.
    final class NameCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with crate: Crate) { gtk_label_set_text(gcast(widget), crate.id) }
    }

    /// `count` crates `c000`, `c001`, … with sizes counting down, shown as the Tables article's
    /// table (a column sharing the width, one fitting its content, one fixed), sorted by name;
    /// each sort the table reports is followed by the storage in the background.
    @MainActor
    private final class SortedTable {
        let storage = Storage(sortedBy: { $0.id < $1.id }, handOff: GLibMainActorHandOff())
        let manager: ListManager
        let table: ListTable
        let list: ShownList
        private var pending = 0

        init(count: Int, on host: any ListHost) {
            manager = ListManager(host: host, storage: storage)
            table = manager.makeTable(columns: [
                TableColumn("name", title: "Name", width: .share(1), minimumWidth: 120),
                TableColumn("size", title: "Size", width: .fitContent),
                TableColumn("section", title: "Section", width: .fixed(140)),
            ])
            manager.register(NameCell.self, column: "name")
            manager.register(TextCell.self, for: Crate.self, column: "size") { cell, crate, _ in cell.text = "\(crate.size)" }
            manager.register(TextCell.self, for: Crate.self, column: "section") { cell, crate, _ in cell.text = "s\(crate.size)" }
            var loaded = false
            storage.reset((0..<count).map { Crate(id: String(format: "c%03d", $0), size: count - $0, section: "") }) { loaded = true }
            list = ShownList(manager, width: 400, height: 300)
            let comparisons = ColumnComparisons<Crate>(breakingTiesBy: { $0.id < $1.id })
                .column("name", byText: \.id)
                .column("size", by: \.size)
            table.didChangeSort { [unowned self, storage] keys in
                pending += 1
                storage.sort(by: keys, using: comparisons) { self.pending -= 1 }
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { loaded }, timeout: .seconds(10)), "the crates never loaded")
            settle()
        }

        /// Runs a background change and waits for its completion and what the app does next.
        func perform(_ change: (@escaping @MainActor () -> Void) -> Void) {
            var done = false
            change { done = true }
            XCTAssertTrue(GtkRuntime.iterate(until: { done }, timeout: .seconds(10)), "the change never completed")
            settle()
        }

        /// Sorts through the table as the app or a header click does, and waits for the storage.
        func sort(_ keys: [SortKey]) {
            table.sort = keys
            XCTAssertTrue(GtkRuntime.iterate(until: { self.pending == 0 }, timeout: .seconds(10)), "the sort never completed")
            settle()
        }

        /// Lets the main loop run as an idle app's does: what a change scheduled is laid out and
        /// drawn, and nothing else asks for a frame.
        func settle() {
            list.settle(milliseconds: 150)
        }

        var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
            gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
        }

        /// The rows GTK shows in the viewport, top to bottom, each its mapped cells' texts in
        /// reading order (from the right, right to left).
        var shownRows: [[String]] {
            let viewport = gtk_bin_get_child(gcast(list.scrolledWindow))!
            let height = gtk_widget_get_allocated_height(viewport)
            return containerChildren(manager.widget).compactMap { row -> (Int32, [String])? in
                guard gtk_widget_get_mapped(row) != 0, gtk_widget_get_child_visible(row) != 0 else { return nil }
                var x: Int32 = 0, y: Int32 = 0
                gtk_widget_translate_coordinates(row, viewport, 0, 0, &x, &y)
                guard y + gtk_widget_get_allocated_height(row) > 0, y < height else { return nil }
                let rightToLeft = TestTextDirection.isRightToLeft
                return (y, cellTexts(in: row).sorted { rightToLeft ? $0.x > $1.x : $0.x < $1.x }.map(\.text))
            }.sorted { $0.0 < $1.0 }.map(\.1)
        }

        /// The texts of the mapped labels and text cells in `widget`, with their x in the list.
        private func cellTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [(x: Int32, text: String)] {
            guard gtk_widget_get_mapped(widget) != 0 else { return [] }
            let isLabel = isA(widget, gtk_label_get_type())
            if isLabel || atk_object_get_role(gtk_widget_get_accessible(widget)) == ATK_ROLE_LABEL {
                var x: Int32 = 0, y: Int32 = 0
                gtk_widget_translate_coordinates(widget, manager.widget, 0, 0, &x, &y)
                let text = isLabel ? gtk_label_get_text(gcast(widget)) : atk_object_get_name(gtk_widget_get_accessible(widget))
                return [(x, text.map { String(cString: $0) } ?? "")]
            }
            guard isA(widget, gtk_container_get_type()) else { return [] }
            return containerChildren(widget).flatMap(cellTexts(in:))
        }
    }

    func testAfterAResortTheTableLaysOutAnUpsertedRowAMovedColumnAndAScrollBack() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                for attempt in 0..<Self.tries {
                    let shown = SortedTable(count: 100, on: make())
                    defer { shown.list.close() }
                    let label = "\(name), try \(attempt)"
                    XCTAssertEqual(shown.shownRows.first, ["c000", "100", "s100"], label)
                    // c000 is the largest: sorted by size it goes to the end, and the view with it.
                    shown.sort([SortKey("size")])
                    XCTAssertEqual(shown.shownRows.last, ["c000", "100", "s100"], "\(label): the top row is followed to the end")
                    let rowsHigh = gtk_adjustment_get_upper(shown.verticalAdjustment)

                    shown.perform { shown.storage.upsert([Crate(id: "c999", size: 0, section: "")], completion: $0) }
                    XCTAssertGreaterThan(
                        gtk_adjustment_get_upper(shown.verticalAdjustment), rowsHigh, "\(label): the list grows by the upserted row")

                    gtk_adjustment_set_value(shown.verticalAdjustment, 0)
                    shown.settle()
                    XCTAssertEqual(shown.shownRows.first, ["c999", "0", "s0"], "\(label): scrolled back to the top, the new row first")

                    shown.table.moveColumn("size", to: 0)
                    shown.settle()
                    XCTAssertEqual(shown.shownRows.first, ["0", "c999", "s0"], "\(label): every row follows the moved column")
                    XCTAssertEqual(shown.shownRows.last?.first.flatMap(Int.init), shown.shownRows.count - 1, label)
                }
            }
        }
    }
}
