import CGtk
import GtkTestSupport
import ModelStorage
import SeededRandom
import XCTest

@testable import GtkListManager

/// Seeded random sequences with a cell editor open, on both hosts: an editor opened at a random
/// editable cell, then random insertions, deletions, moves, sorts, reloads, columns hidden and
/// shown, scrolls both ways and editors ended or opened. After every step the editor, read back
/// from GTK, sits over its item's cell (in the row bound to the item, where the column is, as
/// wide, centred on the row) and nowhere else, or it has ended exactly when its item was
/// deleted, its column hidden or the list reloaded.
final class TableRandomizedEditingTests: XCTestCase {
    typealias Fixture = TableCellEditingFixture

    private static let widths = ["name": 140, "note": 140, "hours": 120, "priority": 140]
    private static let order = ["name", "note", "hours", "priority"]
    private static let editable = ["name", "hours", "priority"]

    func testAnOpenEditorFollowsItsItemThroughRandomChangesOnBothHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for seed in SeedCount.seeds(4).map({ $0 + 100 }) {
                for (name, make) in TableFixture.hosts {
                    try Self.run(seed: seed, host: make(), context: "seed \(seed), \(name)")
                }
            }
        }
    }

    @MainActor private static func run(seed: UInt64, host: any ListHost, context: String) throws {
        var random = SplitMix64(seed: seed)
        let shown = Fixture(rows: 40, on: host, width: 360)
        defer { shown.close() }
        let storage = shown.storage
        var hidden = Set<String>()
        var edited: (job: Fixture.Job, column: String)?
        var nextJob = 1000

        @MainActor func jobs() -> [Fixture.Job] { storage.items(inSection: 0) as? [Fixture.Job] ?? [] }
        @MainActor func open(_ context: String) {
            let items = jobs()
            let columns = editable.filter { !hidden.contains($0) }
            guard !items.isEmpty, let column = columns.randomElement(using: &random) else { return }
            let item = Int.random(in: 0..<items.count, using: &random)
            XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: item, section: 0), column: column), "\(context): opened")
            edited = (items[item], column)
        }

        open("\(context), first")
        for step in 0..<12 {
            let items = jobs()
            let where_ = "\(context), step \(step)"
            // Mostly with an editor open.
            if edited == nil, Int.random(in: 0..<3, using: &random) > 0 { open("\(where_), reopened") }
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                nextJob += 1
                let job = Fixture.Job(name: "new \(nextJob)", note: "", hours: 1, priority: "low")
                try storage.insertItem(job, to: IndexPath(item: Int.random(in: 0...items.count, using: &random), section: 0))
            case 1 where !items.isEmpty:
                // The edited item half the time.
                let job =
                    Bool.random(using: &random) ? edited?.job ?? items.randomElement(using: &random)! : items.randomElement(using: &random)!
                try storage.removeItem(job)
                if job == edited?.job { edited = nil }
            case 2 where items.count > 1:
                storage.moveItem(
                    at: IndexPath(item: Int.random(in: 0..<items.count, using: &random), section: 0),
                    to: IndexPath(item: Int.random(in: 0..<items.count, using: &random), section: 0))
            case 3:
                // A sort, diffed: the items move.
                let sorted =
                    Bool.random(using: &random)
                    ? items.shuffled(using: &random) : items.sorted { ($0.hours, $0.name) > ($1.hours, $1.name) }
                storage.setItems(sorted, diffing: true)
            case 4:
                // A reload: the editor ends.
                storage.setItems(items)
                edited = nil
            case 5:
                if !hidden.isEmpty, Bool.random(using: &random) {
                    let column = hidden.sorted().randomElement(using: &random)!
                    shown.table.setHidden(false, ofColumn: column)
                    hidden.remove(column)
                } else if hidden.count < order.count - 1 {
                    // The edited column half the time.
                    let column =
                        Bool.random(using: &random)
                        ? edited?.column ?? order.filter { !hidden.contains($0) }.randomElement(using: &random)!
                        : order.filter { !hidden.contains($0) }.randomElement(using: &random)!
                    shown.table.setHidden(true, ofColumn: column)
                    hidden.insert(column)
                    if column == edited?.column { edited = nil }
                }
            case 6:
                let shownWidth = order.filter { !hidden.contains($0) }.reduce(0) { $0 + widths[$1]! }
                TableFixture.scrollSideways(shown.list, to: Double(Int.random(in: 0...max(shownWidth - 200, 0), using: &random)))
            case 7:
                if edited != nil {
                    XCTAssertTrue(shown.table.endEditing(committing: Bool.random(using: &random)), "\(where_): ended")
                    edited = nil
                } else {
                    open(where_)
                }
            default:
                let adjustment = gtk_scrolled_window_get_vadjustment(gcast(shown.list.scrolledWindow))!
                gtk_adjustment_set_value(
                    adjustment, Double.random(in: 0...max(gtk_adjustment_get_upper(adjustment) - 300, 0), using: &random))
            }
            shown.list.settleFrame()
            shown.list.settleFrame()
            check(shown, edited, hidden: hidden, context: where_)
        }
    }

    /// The editor GTK shows, against where `edited` says it is.
    @MainActor private static func check(
        _ shown: Fixture, _ edited: (job: Fixture.Job, column: String)?, hidden: Set<String>, context: String
    ) {
        guard let edited else {
            XCTAssertNil(shown.table.editedCell.map { "\($0.indexPath) \($0.column)" }, "\(context): no cell edited")
            XCTAssertEqual(shown.itemsShowingAnEditor(), [], "\(context): no editor shown")
            return
        }
        guard let item = (shown.storage.items(inSection: 0) as? [Fixture.Job])?.firstIndex(of: edited.job) else {
            return XCTFail("\(context): the edited job is gone")
        }
        let indexPath = IndexPath(item: item, section: 0)
        XCTAssertEqual(shown.table.editedCell?.indexPath, indexPath, "\(context): edited item")
        XCTAssertEqual(shown.table.editedCell?.column, edited.column, "\(context): edited column")
        guard let row = shown.rowWidget(item) else {
            XCTAssertEqual(shown.itemsShowingAnEditor(), [], "\(context): its row is not bound: no editor shown")
            return
        }
        XCTAssertEqual(shown.itemsShowingAnEditor(), [item], "\(context): the editor in its item's row only")
        guard let editor = shown.editor(inItem: item) else { return }
        // Where its column starts among the shown columns, from the row's leading edge.
        let shownColumns = order.filter { !hidden.contains($0) }
        let start = shownColumns.prefix { $0 != edited.column }.reduce(0) { $0 + widths[$1]! }
        let (x, width) = Fixture.place(of: editor, in: row)
        XCTAssertEqual("\(x) \(width)", "\(start) \(widths[edited.column]!)", "\(context): over its cell")
        var editorX: Int32 = 0, editorY: Int32 = 0
        gtk_widget_translate_coordinates(editor, row, 0, 0, &editorX, &editorY)
        let middle = 2 * editorY + gtk_widget_get_allocated_height(editor)
        XCTAssertLessThanOrEqual(abs(middle - gtk_widget_get_allocated_height(row)), 2, "\(context): centred on its row")
    }
}
