import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Seeded random column changes (added, removed, moved, resized, hidden, shown) interleaved
/// with storage changes and scrolls both ways, on both hosts; after every step each bound row
/// shows, read through GTK, a cell for exactly the columns on screen, with the text of its
/// model and column, where a plain model of the columns says, under its header.
final class TableRandomizedTests: XCTestCase {
    /// The columns as the test expects them: every identifier in the order the user sees them,
    /// the hidden ones, and the widths.
    private struct ExpectedColumns {
        var order: [String]
        var hidden: Set<String> = []
        var widths: [String: Int]

        var shown: [(id: String, width: Int)] { order.filter { !hidden.contains($0) }.map { ($0, widths[$0]!) } }
        /// Each shown column's start from the leading edge.
        var starts: [Int] {
            let shown = shown
            return shown.indices.map { index in shown.prefix(index).reduce(0) { $0 + $1.width } }
        }
        var totalWidth: Int { shown.reduce(0) { $0 + $1.width } }

        mutating func move(_ id: String, to index: Int) {
            order.removeAll { $0 == id }
            order.insert(id, at: min(max(index, 0), order.count))
        }

        mutating func remove(_ id: String) {
            order.removeAll { $0 == id }
            hidden.remove(id)
            widths[id] = nil
        }
    }

    func testRandomColumnAndStorageChangesShowTheRightCellsOnBothHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for seed in SeedCount.seeds(8).map({ $0 + 1 }) {
                for (name, make) in TableFixture.hosts {
                    try Self.run(seed: seed, host: make(), context: "seed \(seed), \(name)")
                }
            }
        }
    }

    @MainActor private static func run(seed: UInt64, host: any ListHost, context: String) throws {
        var random = SplitMix64(seed: seed)
        var expected = ExpectedColumns(
            order: (0..<8).map { "c\($0)" }, widths: Dictionary(uniqueKeysWithValues: (0..<8).map { ("c\($0)", 160) }))
        let (manager, table, list) = TableFixture.show(rows: 60, columns: TableFixture.columns(8), on: host, width: 500) { manager, _ in
            // Cells for the columns steps add.
            for id in (8..<40).map({ "c\($0)" }) {
                manager.register(
                    TableFixture.TextCell.self, column: id,
                    handler: { cell, row, _ in gtk_label_set_text(gcast(cell.widget), "r\(row) \(id)") })
            }
        }
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        var nextModel = 1000
        var nextColumn = 8
        for step in 0..<30 {
            let items = storage.items(inSection: 0) as? [Int] ?? []
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                nextModel += 1
                try storage.insertItem(nextModel, to: IndexPath(item: Int.random(in: 0...items.count, using: &random), section: 0))
            case 1 where !items.isEmpty:
                try storage.removeItem(items.randomElement(using: &random)!)
            case 2 where items.count > 1:
                storage.moveItem(
                    at: IndexPath(item: Int.random(in: 0..<items.count, using: &random), section: 0),
                    to: IndexPath(item: Int.random(in: 0..<items.count, using: &random), section: 0))
            case 3 where !items.isEmpty:
                nextModel += 1
                try storage.replaceItem(at: IndexPath(item: Int.random(in: 0..<items.count, using: &random), section: 0), with: nextModel)
            case 4:
                let id = expected.shown.randomElement(using: &random)!.id
                let width = Int.random(in: 60...240, using: &random)
                table.setWidth(width, ofColumn: id)
                expected.widths[id] = width
            case 5:
                if !expected.hidden.isEmpty, Bool.random(using: &random) {
                    let id = expected.hidden.sorted().randomElement(using: &random)!
                    table.setHidden(false, ofColumn: id)
                    expected.hidden.remove(id)
                } else if expected.shown.count > 1 {
                    let id = expected.shown.randomElement(using: &random)!.id
                    table.setHidden(true, ofColumn: id)
                    expected.hidden.insert(id)
                }
            case 6:
                let id = expected.order.randomElement(using: &random)!
                let index = Int.random(in: 0..<expected.order.count, using: &random)
                table.moveColumn(id, to: index)
                expected.move(id, to: index)
            case 7:
                if Bool.random(using: &random) || expected.shown.count < 3 {
                    let id = "c\(nextColumn)"
                    nextColumn += 1
                    table.setColumns(table.columns + [TableColumn(id, title: "Column \(id)", width: .fixed(120))])
                    expected.order.append(id)
                    expected.widths[id] = 120
                } else {
                    let id = expected.shown.randomElement(using: &random)!.id
                    table.setColumns(table.columns.filter { $0.id != id })
                    expected.remove(id)
                }
            case 8:
                TableFixture.scrollSideways(list, to: Double(Int.random(in: 0...max(expected.totalWidth - 300, 0), using: &random)))
            default:
                let adjustment = gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
                gtk_adjustment_set_value(
                    adjustment, Double.random(in: 0...max(gtk_adjustment_get_upper(adjustment) - 300, 0), using: &random))
            }
            list.settleFrame()
            list.settleFrame()
            // A slow machine (a sanitizer's build) may need more frames to place every cell.
            list.wait { shownCells(manager, list) == expectedCells(manager, list, expected) }
            try check(manager, table, list, expected, context: "\(context), step \(step)")
        }
    }

    /// The title of a column: `Column 3` for the first eight (TableFixture's), `Column c9` for
    /// the ones added.
    private static func title(of id: String) -> String {
        Int(id.dropFirst()).map { $0 < 8 ? "Column \($0)" : "Column \(id)" } ?? id
    }

    @MainActor private static func check(
        _ manager: ListManager, _ table: ListTable, _ list: ShownList, _ expected: ExpectedColumns, context: String
    ) throws {
        let (offset, _) = sidewaysScroll(list)
        let starts = expected.starts
        XCTAssertEqual(
            TableFixture.headers(of: table).map { "\($0.text) \($0.x) \($0.width)" },
            expected.shown.indices.map { "\(Self.title(of: expected.shown[$0].id)) \(starts[$0] - offset) \(expected.shown[$0].width)" },
            "\(context): headers")
        let shown = shownCells(manager, list), expectedRows = expectedCells(manager, list, expected)
        for (item, cells) in shown.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(cells, expectedRows[item], "\(context), row \(item)")
        }
        let models = manager.memoryStorage?.items(inSection: 0) as? [Int] ?? []
        XCTAssertEqual(!shown.isEmpty, !models.isEmpty, "\(context): rows bound")
    }

    /// How far the table is scrolled from its leading edge, and the viewport's width.
    @MainActor private static func sidewaysScroll(_ list: ShownList) -> (offset: Int, page: Int) {
        let adjustment = gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow))!
        let page = Int(gtk_adjustment_get_page_size(adjustment))
        let end = Int(gtk_adjustment_get_upper(adjustment)) - page
        let value = Int(gtk_adjustment_get_value(adjustment))
        return (TestTextDirection.isRightToLeft ? end - value : value, page)
    }

    /// The cells GTK shows in each bound row (text, x, width), by item.
    @MainActor private static func shownCells(_ manager: ListManager, _ list: ShownList) -> [Int: [String]] {
        let count = manager.memoryStorage?.numberOfItems(inSection: 0) ?? 0
        var rows: [Int: [String]] = [:]
        for item in 0..<count where manager.boundRow(at: IndexPath(item: item, section: 0)) != nil {
            rows[item] = TableFixture.cells(ofItem: item, in: manager, list: list).map { "\($0.text) \($0.x) \($0.width)" }
        }
        return rows
    }

    /// The cells each bound row should show, by item: the model's, for the columns on screen.
    @MainActor private static func expectedCells(_ manager: ListManager, _ list: ShownList, _ expected: ExpectedColumns) -> [Int: [String]]
    {
        let (offset, page) = sidewaysScroll(list)
        let starts = expected.starts
        let onScreen = expected.shown.indices.filter { starts[$0] + expected.shown[$0].width > offset && starts[$0] < offset + page }
        let models = manager.memoryStorage?.items(inSection: 0) as? [Int] ?? []
        var rows: [Int: [String]] = [:]
        for (item, model) in models.enumerated() where manager.boundRow(at: IndexPath(item: item, section: 0)) != nil {
            rows[item] = onScreen.map { "r\(model) \(expected.shown[$0].id) \(starts[$0] - offset) \(expected.shown[$0].width)" }
        }
        return rows
    }
}
