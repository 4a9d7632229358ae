import CGtk
import GtkListManager
import XCTest

/// The library's text cell, drawn by GTK and read back: its text where its alignment and
/// direction put it, ellipsized only when its column is narrower than the text (never at the
/// width it asks for), inset as header titles are, and a label named by its text to screen
/// readers, whatever it shows next.
final class TextCellTests: XCTestCase {
    /// A text cell shown alone in a window, `width` wide.
    @MainActor private final class ShownCell {
        let cell = TextCell()
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!

        init(_ text: String, width: Int32, direction: GtkTextDirection = GTK_TEXT_DIR_LTR, xalign: Float = 0) {
            ListTheme.install()
            cell.text = text
            cell.xalign = xalign
            gtk_widget_set_direction(cell.widget, direction)
            // The window's width is the cell's: it may be narrower than the text.
            gtk_window_set_default_size(gcast(window), width, 30)
            gtk_container_add(gcast(window), cell.widget)
            gtk_widget_show_all(window)
            _ = GtkRuntime.iterate(until: { gtk_widget_get_allocated_width(self.cell.widget) == width }, timeout: .seconds(2))
        }

        /// The columns where the cell's drawing has ink: its text (it draws nothing else).
        var inkColumns: ClosedRange<Int32>? {
            let width = gtk_widget_get_allocated_width(cell.widget), height = gtk_widget_get_allocated_height(cell.widget)
            let pixels = WidgetPixels.read(cell.widget, region: (0, 0, max(width, height)))
            let columns = pixels.indices.filter { pixels[$0] >> 24 != 0 }.map { Int32($0 % Int(width)) }
            guard let first = columns.min(), let last = columns.max() else { return nil }
            return first...last
        }

        func close() { gtk_widget_destroy(window) }
    }

    func testTextSitsAtTheStartOrTheEndMirroredRightToLeft() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (direction, xalign, atStart) in [
                (GTK_TEXT_DIR_LTR, Float(0), true), (GTK_TEXT_DIR_LTR, 1, false), (GTK_TEXT_DIR_RTL, 0, false), (GTK_TEXT_DIR_RTL, 1, true),
            ] {
                let shown = ShownCell("Abc", width: 200, direction: direction, xalign: xalign)
                defer { shown.close() }
                let ink = try XCTUnwrap(shown.inkColumns, "the text is drawn")
                let context = "direction \(direction.rawValue), xalign \(xalign): ink \(ink)"
                if atStart {
                    XCTAssertTrue((6...9).contains(ink.lowerBound), "\(context): at the left, after the inset")
                } else {
                    XCTAssertTrue((191...194).contains(ink.upperBound), "\(context): at the right, before the inset")
                }
                XCTAssertLessThan(ink.count, 40, context)
            }
        }
    }

    func testANarrowColumnEllipsizesTheTextAndItsNaturalWidthNever() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            ListTheme.install()
            let text = "A description far too long for a narrow column"
            let natural = TextCell.naturalWidth(of: [text, "short"])
            XCTAssertEqual(TextCell.naturalWidth(of: [""]), 12, "the inset alone: 6 px each side, as header titles")

            let narrow = ShownCell(text, width: 80)
            defer { narrow.close() }
            XCTAssertTrue(narrow.cell.isEllipsized)
            XCTAssertLessThanOrEqual(try XCTUnwrap(narrow.inkColumns).upperBound, 80 - 6, "the text stops before the inset")

            let fitting = ShownCell(text, width: Int32(natural))
            defer { fitting.close() }
            XCTAssertFalse(fitting.cell.isEllipsized, "a column as wide as the natural width shows all of it")
        }
    }

    func testANewValueOfTheSameWidthRedrawsWithoutALayoutAndAWiderOneIsLaidOut() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let shown = ShownCell("1234", width: 200)
            defer { shown.close() }
            var allocations = 0
            let handler = Signal.connect(shown.cell.widget, "size-allocate", argument: UnsafeMutableRawPointer.self) { _, _ in
                allocations += 1
            }
            defer { Signal.disconnect(shown.cell.widget, handler) }
            let before = try XCTUnwrap(shown.inkColumns)

            // Digits of one width: a number that changed, as in a monitor's column.
            shown.cell.text = "5678"
            GtkRuntime.iterate(until: { false }, timeout: .milliseconds(150))  // a few frames
            XCTAssertEqual(allocations, 0, "the cell keeps its size and place: nothing is laid out again")
            XCTAssertEqual(shown.cell.text, "5678")
            XCTAssertEqual(try XCTUnwrap(shown.inkColumns).count, before.count, accuracy: 3, "the new digits are drawn")

            shown.cell.text = "5678 and more"
            XCTAssertTrue(GtkRuntime.iterate(until: { allocations > 0 }, timeout: .seconds(2)), "a text of another width is laid out")
            XCTAssertGreaterThan(try XCTUnwrap(shown.inkColumns).count, before.count + 20, "and drawn whole")
        }
    }

    func testScreenReadersReadALabelNamedByItsText() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let shown = ShownCell("row 7", width: 120)
            defer { shown.close() }
            let accessible = try XCTUnwrap(gtk_widget_get_accessible(shown.cell.widget))
            XCTAssertEqual(atk_object_get_role(accessible), ATK_ROLE_LABEL)
            XCTAssertEqual(String(cString: atk_object_get_name(accessible)), "row 7")

            var notified = 0
            let handler = Signal.connect(accessible, "notify::accessible-name", argument: UnsafeMutableRawPointer.self) { _, _ in
                notified += 1
            }
            defer { Signal.disconnect(accessible, handler) }
            shown.cell.text = "row 8"
            XCTAssertEqual(String(cString: atk_object_get_name(accessible)), "row 8", "a reused cell reads its new text")
            XCTAssertEqual(notified, 1, "and says its name changed")

            atk_object_set_name(accessible, "Seventh row")
            XCTAssertEqual(String(cString: atk_object_get_name(accessible)), "Seventh row", "a name the app sets wins")
        }
    }
}
