import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// The library's spinner cell, read back from GTK on both table hosts: the theme's `spinner`
/// node, checked while active (not while parked in its row), drawn as a GtkSpinner in the same window draws (its
/// pixels on screen), placed by xalign and mirrored right to left, animated only while mapped
/// and active, and showing its new model's state when reused.
final class SpinnerCellTests: XCTestCase {
    func testCellsAreSpinnerNodesCheckedWhileActive() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let fresh = SpinnerCell()
            XCTAssertFalse(fresh.isActive)
            XCTAssertEqual(fresh.xalign, 0.5)
            fresh.isActive = true
            XCTAssertNotEqual(gtk_widget_get_state_flags(fresh.widget).rawValue & GTK_STATE_FLAG_CHECKED.rawValue, 0, "active")
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                let (manager, _, list) = CellsFixture.show(on: make(), values: values)
                defer { list.close() }
                for item in 0..<8 {
                    let shown = try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: item, in: manager)
                    let context = "\(name), row \(item)"
                    XCTAssertEqual(shown.x, 360, "\(context): the cell of column c3")
                    XCTAssertEqual(SpinnerCell.shown(by: shown.widget)?.isActive, values.spins(item), context)
                    XCTAssertEqual(shown.isChecked, values.spins(item), context)
                }
                // A value set again changes no state: only a new value restyles the cell.
                var changes = 0
                let cell = try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: 0, in: manager).widget
                Signal.connect(cell, "state-flags-changed", argument: UnsafeMutableRawPointer.self) { _, _ in changes += 1 }
                manager.memoryStorage?.reloadItem(at: IndexPath(item: 0, section: 0))
                list.settleFrame()
                XCTAssertEqual(changes, 0, "\(name): the same value again")
                values.idle = [0]
                manager.memoryStorage?.reloadItem(at: IndexPath(item: 0, section: 0))
                list.settleFrame()
                XCTAssertEqual(changes, 1, "\(name): a new value")
                XCTAssertFalse(try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: 0, in: manager).isChecked, name)
            }
        }
    }

    func testItDrawsAsAGtkSpinnerDoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            // Still: both at the animation's first frame.
            DesktopAnimations.set(false)
            defer { DesktopAnimations.set(true) }
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                let (manager, table, list) = CellsFixture.show(rows: 6, on: make(), values: values)
                defer { list.close() }
                // A GtkSpinner in a list box's row: the colours of a list, as the table's rows have.
                let spinner = gtk_spinner_new()!
                gtk_spinner_start(gcast(spinner))
                gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
                let reference = gtk_list_box_new()!
                gtk_container_add(gcast(reference), spinner)
                gtk_widget_set_valign(reference, GTK_ALIGN_START)
                let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
                g_object_ref(gpointer(table.widget))
                gtk_container_remove(gcast(list.window), table.widget)
                gtk_box_pack_start(gcast(box), table.widget, 1, 1, 0)
                g_object_unref(gpointer(table.widget))
                gtk_box_pack_start(gcast(box), reference, 0, 0, 8)
                gtk_container_add(gcast(list.window), box)
                gtk_widget_show_all(box)
                gtk_window_set_focus(gcast(list.window), nil)
                list.xdotool(["mousemove", "1900", "1000"])
                // A cell mapped anew is checked then, and shows from the frame after.
                let first = try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: 0, in: manager).widget
                XCTAssertTrue(list.wait { ScreenInk.of(first, in: list.window).width > 0 }, "\(name): shown")
                list.settleFrame()
                let theirs = ScreenInk.of(spinner, in: list.window)
                XCTAssertGreaterThan(theirs.width, 8, "\(name): GtkSpinner draws")
                for item in 0..<6 {
                    let ours = ScreenInk.of(
                        try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: item, in: manager).widget, in: list.window)
                    let context = "\(name), row \(item)"
                    if values.spins(item) {
                        XCTAssertTrue(ours.matches(theirs), "\(context): as GtkSpinner draws: \(ours) against \(theirs)")
                    } else {
                        XCTAssertEqual(ours.width, 0, "\(context): an inactive spinner shows nothing")
                    }
                }
            }
        }
    }

    func testTheSpinnerSitsWhereXalignPutsItMirroredRightToLeft() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (direction, xalign, expected) in [
                (GTK_TEXT_DIR_LTR, Float(0), 0), (GTK_TEXT_DIR_LTR, 1, 100 - 16), (GTK_TEXT_DIR_LTR, 0.5, 42),
                (GTK_TEXT_DIR_RTL, 0, 100 - 16), (GTK_TEXT_DIR_RTL, 1, 0), (GTK_TEXT_DIR_RTL, 0.5, 42),
            ] {
                let cell = SpinnerCell()
                cell.isActive = true
                cell.xalign = xalign
                gtk_widget_set_direction(cell.widget, direction)
                let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
                defer { gtk_widget_destroy(window) }
                gtk_window_set_default_size(gcast(window), 100, 30)
                gtk_container_add(gcast(window), cell.widget)
                gtk_widget_show_all(window)
                // Checked when mapped, it shows once restyled.
                var columns: [Int] = []
                _ = GtkRuntime.iterate(
                    until: {
                        guard gtk_widget_get_allocated_width(cell.widget) == 100 else { return false }
                        let height = gtk_widget_get_allocated_height(cell.widget)
                        let pixels = WidgetPixels.read(cell.widget, region: (0, 0, max(100, height)))
                        columns = pixels.indices.filter { pixels[$0] >> 24 != 0 }.map { $0 % 100 }
                        return !columns.isEmpty
                    }, timeout: .seconds(2))
                let context = "direction \(direction.rawValue), xalign \(xalign)"
                XCTAssertEqual(SpinnerCell.shown(by: cell.widget)?.area.x, Int32(expected), context)
                XCTAssertGreaterThanOrEqual(columns.min() ?? -1, expected, "\(context): the spinner starts in its box")
                XCTAssertLessThan(columns.max() ?? 999, expected + 16, "\(context): and ends in it")
                XCTAssertGreaterThan(columns.count, 20, "\(context): drawn")
            }
        }
    }

    func testItAnimatesOnlyWhileMappedAndActive() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            DesktopAnimations.set(true)
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.idle = Set(0..<300)
                let (manager, _, list) = CellsFixture.show(rows: 300, columns: 12, on: make(), values: values)
                defer { list.close() }
                list.settle(milliseconds: 400)
                XCTAssertLessThan(CellsFixture.frames(of: list.window, during: 300), 3, "\(name): inactive spinners draw no frame")
                // Active: the theme's animation turns it, frame after frame.
                values.idle = []
                manager.memoryStorage?.setItems(Array(0..<300))
                list.settleFrame()
                let spinning = try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: 0, in: manager).widget
                g_object_ref(gpointer(spinning))  // asked after the table lets go of it
                defer { g_object_unref(gpointer(spinning)) }
                XCTAssertTrue(list.wait { ScreenInk.of(spinning, in: list.window).width > 0 }, "\(name): shown")
                let before = ScreenInk.of(spinning, in: list.window)
                XCTAssertGreaterThan(CellsFixture.frames(of: list.window, during: 300), 5, "\(name): active spinners animate")
                let after = ScreenInk.of(spinning, in: list.window)
                XCTAssertGreaterThan(before.width, 8, name)
                XCTAssertNotEqual(before.pixels, after.pixels, "\(name): the spinner turned")
                // Scrolled sideways, the column away: its cells are parked, unmapped, unchecked.
                TableFixture.scrollSideways(list, to: 12 * 120)
                XCTAssertTrue(CellsFixture.cells(CellsFixture.spinnerNode, ofItem: 0, in: manager).isEmpty, name)
                // Parked in its row (unmapped, realized): not checked; pooled (unrealized): no frame clock.
                XCTAssertEqual(gtk_widget_get_mapped(spinning), 0, name)
                if gtk_widget_get_realized(spinning) != 0 {
                    XCTAssertEqual(
                        gtk_widget_get_state_flags(spinning).rawValue & GTK_STATE_FLAG_CHECKED.rawValue, 0, "\(name): unchecked")
                }
                // The scrollbar fades for a second after a scroll; then nothing draws.
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { CellsFixture.frames(of: list.window, during: 300) < 3 }, timeout: .seconds(4)),
                    "\(name): no spinner on screen, no frame")
                TableFixture.scrollSideways(list, to: 0)
                XCTAssertTrue(try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: 0, in: manager).isChecked, name)
            }
        }
    }

    func testAReusedCellShowsItsNewModelsState() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let values = CellsFixture.Values()
                values.idle = Set(stride(from: 0, to: 1400, by: 4))
                let (manager, _, list) = CellsFixture.show(rows: 300, on: make(), values: values)
                defer { list.close() }
                @MainActor func assertRowsShowTheirState(_ context: String) throws {
                    var checked = 0
                    for item in 0..<300 {
                        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), let model = row.model as? Int,
                            gtk_widget_get_mapped(row.widget) != 0
                        else { continue }
                        let shown = try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: item, in: manager)
                        XCTAssertEqual(SpinnerCell.shown(by: shown.widget)?.isActive, values.spins(model), "\(context): row \(item)")
                        XCTAssertEqual(shown.isChecked, values.spins(model), "\(context): row \(item) shows \(model)")
                        checked += 1
                    }
                    XCTAssertGreaterThan(checked, 10, context)
                }
                try assertRowsShowTheirState("\(name), first shown")
                manager.scrollTo(IndexPath(item: 200, section: 0), alignment: .top)
                list.settleFrame()
                try assertRowsShowTheirState("\(name), scrolled")
                manager.memoryStorage?.setItems(Array(1001..<1301))
                list.settleFrame()
                try assertRowsShowTheirState("\(name), other items")
            }
        }
    }
}
