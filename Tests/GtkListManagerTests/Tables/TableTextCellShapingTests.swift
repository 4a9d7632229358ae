import CGtk
import GtkListManager
import GtkTestSupport
import XCTest

/// A table's text cells scrolled sideways take the texts their row kept shaped (CONTRIBUTING,
/// Hot paths: 23): what a column shows when it comes back is its text now, measured as a cell
/// made for it now would measure it, after its models changed or the font did while it was away.
final class TableTextCellShapingTests: XCTestCase {
    /// The texts and natural widths of the text cells the bound row at `item` shows, in the
    /// columns' order.
    @MainActor private static func shownCells(ofItem item: Int, in manager: ListManager) -> [(text: String, natural: Int)] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        var cells: [(x: Int32, text: String, natural: Int)] = []
        for cell in containerChildren(row.widget) where gtk_widget_get_mapped(cell) != 0 {
            var x: Int32 = 0, y: Int32 = 0, minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_translate_coordinates(cell, row.widget, 0, 0, &x, &y)
            gtk_widget_get_preferred_width(cell, &minimum, &natural)
            let name = atk_object_get_name(gtk_widget_get_accessible(cell)).map { String(cString: $0) } ?? ""
            cells.append((x, name, Int(natural)))
        }
        let rightToLeft = TestTextDirection.isRightToLeft
        cells.sort { rightToLeft ? $0.x > $1.x : $0.x < $1.x }
        return cells.map { ($0.text, $0.natural) }
    }

    /// Checks that row 2 shows `expected` texts, each as wide as a new cell measures it.
    @MainActor private static func assertRowShows(
        _ expected: [String], in manager: ListManager, _ context: String, line: UInt = #line
    ) {
        let shown = Self.shownCells(ofItem: 2, in: manager)
        XCTAssertEqual(shown.map(\.text), expected, context, line: line)
        for cell in shown {
            XCTAssertEqual(cell.natural, TextCell.naturalWidth(of: [cell.text]), "\(context): \(cell.text)", line: line)
        }
    }

    func testAColumnScrolledBackShowsItsTextsNowMeasuredAsNow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let columns = TableFixture.columns(12)
                let (manager, _, list) = TableFixture.show(rows: 30, columns: columns, on: make(), cellsFor: []) { manager, _ in
                    for column in columns {
                        // Texts of several lengths, so that a width kept for another text shows.
                        manager.register(TextCell.self, for: Int.self, column: column.id) { cell, row, _ in
                            cell.text = "r\(row) \(column.id)" + String(repeating: "m", count: row % 7)
                        }
                    }
                }
                defer { list.close() }
                let end = Double(12 * 160) - Double(TableFixture.viewportWidth(list))
                let firstColumns = 0..<(Int(TableFixture.viewportWidth(list)) + 159) / 160
                func texts(_ row: Int) -> [String] {
                    firstColumns.map { "r\(row) c\($0)" + String(repeating: "m", count: row % 7) }
                }
                Self.assertRowShows(texts(2), in: manager, "\(name): first shown")

                // Away and back: the cells of the first columns went to the last ones.
                TableFixture.scrollSideways(list, to: end)
                TableFixture.scrollSideways(list, to: 0)
                Self.assertRowShows(texts(2), in: manager, "\(name): scrolled back")

                // The models change while their columns are away.
                TableFixture.scrollSideways(list, to: end)
                manager.memoryStorage?.setItems(Array(0..<30).map { $0 + 1000 })
                list.settleFrame()
                TableFixture.scrollSideways(list, to: 0)
                Self.assertRowShows(texts(1002), in: manager, "\(name): new models")

                // The font changes while the columns are away (the texts they showed stay the same).
                TableFixture.scrollSideways(list, to: end)
                let before = TextCell.naturalWidth(of: [texts(1002)[0]])
                let provider = gtk_css_provider_new()!
                gtk_css_provider_load_from_data(provider, "label { font-size: 23px; }", -1, nil)
                let screen = gdk_screen_get_default()
                gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_USER))
                defer {
                    gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
                    g_object_unref(provider)
                }
                list.settleFrame()
                TableFixture.scrollSideways(list, to: 0)
                let larger = TextCell.naturalWidth(of: [texts(1002)[0]])
                XCTAssertGreaterThan(larger, before, "\(name): the font is larger")
                Self.assertRowShows(texts(1002), in: manager, "\(name): a larger font")
            }
        }
    }
}
