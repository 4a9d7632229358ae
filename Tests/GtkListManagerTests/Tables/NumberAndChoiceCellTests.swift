import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// Number and choice cells, declared and registered, on both table hosts: each shows its value as
/// GTK draws it (read back through what screen readers are told, and its ink), a number lined
/// up at the end with its digits, and a copy holds what the cell shows.
final class NumberAndChoiceCellTests: XCTestCase {
    struct Task: Hashable {
        let name: String
        var hours: Double
        var priority: String
    }

    /// The texts the mapped cells of the row at `item` show, in reading order.
    @MainActor static func cellTexts(ofItem item: Int, in manager: ListManager) -> [String] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        return containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }.sorted { left, right in
            var leftX: Int32 = 0, rightX: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(left, row.widget, 0, 0, &leftX, &y)
            gtk_widget_translate_coordinates(right, row.widget, 0, 0, &rightX, &y)
            return TestTextDirection.isRightToLeft ? leftX > rightX : leftX < rightX
        }.map { cell in atk_object_get_name(gtk_widget_get_accessible(cell)).map { String(cString: $0) } ?? "" }
    }

    func testDeclaredNumberAndChoiceColumnsShowTheirValuesAndCopyThem() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                let table = manager.makeTable(of: Task.self) {
                    ModelColumn("Task", text: \.name).width(.fixed(120))
                    ModelColumn("Hours", number: \.hours, digits: 2).width(.fixed(100))
                    ModelColumn("Priority", choice: \.priority, from: ["low", "normal", "high"]).width(.fixed(100))
                }
                let tasks = [
                    Task(name: "write", hours: 3.5, priority: "high"), Task(name: "test", hours: -0.25, priority: "low"),
                    Task(name: "ship", hours: 1234.567, priority: "urgent"),
                ]
                manager.memoryStorage?.setItems(tasks)
                let list = ShownList(manager, width: 400, height: 300)
                defer { list.close() }
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 0, in: manager), ["write", "3.50", "high"], name)
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["test", "-0.25", "low"], name)
                XCTAssertEqual(Self.cellTexts(ofItem: 2, in: manager), ["ship", "1234.57", "urgent"], "\(name): a custom text shows")
                try manager.memoryStorage?.replaceItem(
                    at: IndexPath(item: 1, section: 0), with: Task(name: "test", hours: 8, priority: "normal"))
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["test", "8.00", "normal"], "\(name): a changed model")

                TableCopyTests.resetClipboard()
                for (item, copied) in [(1, "test\t8.00\tnormal\n"), (2, "ship\t1234.57\turgent\n")] {
                    manager.selectItem(at: IndexPath(item: item, section: 0))
                    XCTAssertTrue(table.copySelection(), name)
                    XCTAssertEqual(TableCopyTests.clipboard("UTF8_STRING"), copied, "\(name): a copy holds what the cells show")
                }
            }
        }
    }

    func testANumberSitsAtTheEndWithItsDigitsAndAChoiceAtTheStart() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            ListTheme.install()
            let number = NumberCell(), choice = ChoiceCell()
            // Kept between the windows they are shown in.
            g_object_ref_sink(gcast(number.widget))
            g_object_ref_sink(gcast(choice.widget))
            number.digits = 1
            number.value = 2.75
            XCTAssertEqual(number.text, "2.8", "rounded to its digits")
            number.digits = 0
            number.value = 41
            choice.text = "low"
            for (direction, atStart) in [(GTK_TEXT_DIR_LTR, true), (GTK_TEXT_DIR_RTL, false)] {
                for (cell, xalign) in [(number.widget, Float(1)), (choice.widget, 0)] {
                    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
                    defer { gtk_widget_destroy(window) }
                    gtk_widget_set_direction(cell, direction)
                    gtk_window_set_default_size(gcast(window), 200, 30)
                    gtk_container_add(gcast(window), cell)
                    gtk_widget_show_all(window)
                    _ = GtkRuntime.iterate(until: { gtk_widget_get_allocated_width(cell) == 200 }, timeout: .seconds(2))
                    let height = gtk_widget_get_allocated_height(cell)
                    let pixels = WidgetPixels.read(cell, region: (0, 0, max(200, height)))
                    let columns = pixels.indices.filter { pixels[$0] >> 24 != 0 }.map { Int32($0 % 200) }
                    let ink = try XCTUnwrap(columns.min().flatMap { first in columns.max().map { first...$0 } }, "drawn")
                    let context = "direction \(direction.rawValue), xalign \(xalign): ink \(ink)"
                    // The number at the end (mirrored right to left), the choice at the start.
                    if (xalign == 0) == atStart {
                        XCTAssertTrue((6...9).contains(ink.lowerBound), "\(context): at the left")
                    } else {
                        XCTAssertTrue((191...194).contains(ink.upperBound), "\(context): at the right")
                    }
                    XCTAssertEqual(
                        atk_object_get_name(gtk_widget_get_accessible(cell)).map { String(cString: $0) }, xalign == 1 ? "41" : "low")
                    gtk_container_remove(gcast(window), cell)
                }
            }
            g_object_unref(gcast(number.widget))
            g_object_unref(gcast(choice.widget))
        }
    }
}
