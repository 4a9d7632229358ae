import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Seeded random column changes (added, removed, moved, resized, hidden, shown, frozen) interleaved
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
        /// The state's frozen count; `pins`: whether the host keeps them put (not the list box).
        var frozen = 0
        var pins = true

        /// The shown columns that stay put.
        var frozenShown: Int { pins ? min(frozen, shown.count) : 0 }
        var frozenWidth: Int { shown.prefix(frozenShown).reduce(0) { $0 + $1.width } }

        var shown: [(id: String, width: Int)] { order.filter { !hidden.contains($0) }.map { ($0, widths[$0]!) } }
        /// Each shown column's start from the leading edge.
        var starts: [Int] {
            let shown = shown
            return shown.indices.map { index in shown.prefix(index).reduce(0) { $0 + $1.width } }
        }
        var totalWidth: Int { shown.reduce(0) { $0 + $1.width } }

        /// A move; refused when it changes which shown columns are frozen.
        mutating func move(_ id: String, to index: Int) {
            var moved = order
            moved.removeAll { $0 == id }
            moved.insert(id, at: min(max(index, 0), moved.count))
            let frozenBefore = Set(order.filter { !hidden.contains($0) }.prefix(frozen))
            guard Set(moved.filter { !hidden.contains($0) }.prefix(frozen)) == frozenBefore else { return }
            order = moved
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
        expected.pins = host is any PinnedLeadingArea
        let (manager, table, list) = TableFixture.show(rows: 60, columns: TableFixture.columns(8), on: host, width: 500) { manager, _ in
            // The list box's refusal to pin is reported (FrozenColumnTests): not a failure here.
            manager.anomalyHandler.action = { _ in }
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
            switch Int.random(in: 0..<11, using: &random) {
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
            case 9:
                let count = Int.random(in: 0...3, using: &random)
                table.frozenColumnCount = count
                expected.frozen = count
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
        XCTAssertEqual(table.frozenColumnCount, expected.frozen, "\(context): frozen")
        XCTAssertEqual(
            Self.inOrder(TableFixture.headers(of: table).map { ($0.x, "\($0.text) \($0.x) \($0.width)") }),
            Self.inOrder(
                expected.shown.indices.map { index in
                    let x = starts[index] - (index < expected.frozenShown ? 0 : offset)
                    return (x, "\(Self.title(of: expected.shown[index].id)) \(x) \(expected.shown[index].width)")
                }),
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
            rows[item] = inOrder(TableFixture.cells(ofItem: item, in: manager, list: list).map { ($0.x, "\($0.text) \($0.x) \($0.width)") })
        }
        return rows
    }

    /// The cells each bound row should show, by item: the model's, for the columns on screen.
    @MainActor private static func expectedCells(_ manager: ListManager, _ list: ShownList, _ expected: ExpectedColumns) -> [Int: [String]]
    {
        let (offset, page) = sidewaysScroll(list)
        let starts = expected.starts
        // The frozen columns at their starts; the others past the strip, scrolled.
        let frozen = expected.frozenShown, strip = expected.frozenWidth
        let onScreen = expected.shown.indices.filter {
            $0 < frozen || max(starts[$0], offset + strip) < min(starts[$0] + expected.shown[$0].width, offset + page)
        }
        let models = manager.memoryStorage?.items(inSection: 0) as? [Int] ?? []
        var rows: [Int: [String]] = [:]
        for (item, model) in models.enumerated() where manager.boundRow(at: IndexPath(item: item, section: 0)) != nil {
            rows[item] = inOrder(
                onScreen.map { index in
                    let x = starts[index] - (index < frozen ? 0 : offset)
                    return (x, "r\(model) \(expected.shown[index].id) \(x) \(expected.shown[index].width)")
                })
        }
        return rows
    }

    /// Descriptions in the order of their x, then their text (a scrolled cell may start where a
    /// frozen one does, under the strip).
    private static func inOrder(_ entries: [(x: Int32, text: String)]) -> [String] {
        entries.sorted { ($0.x, $0.text) < ($1.x, $1.text) }.map(\.text)
    }

    private static func inOrder(_ entries: [(x: Int, text: String)]) -> [String] {
        inOrder(entries.map { (Int32($0.x), $0.text) })
    }
}
