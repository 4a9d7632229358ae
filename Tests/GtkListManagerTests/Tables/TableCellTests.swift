import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A table's rows show a cell per column on screen, each through its column's registered cell
/// class, where the header above it is; scrolling sideways binds the columns that come and lets
/// go of the ones that leave. Read back from GTK on both hosts.
final class TableCellTests: XCTestCase {
    func testRowsShowACellPerColumnOnScreenUnderItsHeader() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = TableFixture.show(rows: 1000, columns: TableFixture.columns(20), on: make())
                defer { list.close() }
                let viewport = TableFixture.viewportWidth(list)
                let onScreen = Int((viewport + 159) / 160)
                let headers = TableFixture.headers(of: table)
                XCTAssertEqual(headers.map(\.text), (0..<20).map { "Column \($0)" }, name)
                XCTAssertEqual(headers.map(\.width), Array(repeating: 160, count: 20), name)
                for item in [0, 1, 7] {
                    let cells = TableFixture.cells(ofItem: item, in: manager, list: list)
                    XCTAssertEqual(cells.map(\.text), (0..<onScreen).map { "r\(item) c\($0)" }, "\(name), row \(item)")
                    XCTAssertEqual(cells.map(\.x), (0..<onScreen).map { Int32($0 * 160) }, "\(name), row \(item)")
                    // Each cell sits under its column's header.
                    XCTAssertEqual(cells.map(\.x), Array(headers.prefix(onScreen).map(\.x)), "\(name), row \(item)")
                }
            }
        }
    }

    func testHeadersLineUpWithTheirCellsOnScreenBesideAScrollbar() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = TableFixture.show(rows: 1000, columns: TableFixture.columns(20), on: make())
                defer { list.close() }
                // A scrollbar that takes room beside the rows (on their left, right to left).
                gtk_scrolled_window_set_overlay_scrolling(gcast(list.scrolledWindow), 0)
                list.settleFrame()
                for offset in [0, 250] {
                    TableFixture.scrollSideways(list, to: Double(offset))
                    let headers = Self.screenX(ofHeadersOf: table)
                    let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 2, section: 0)), name)
                    let cells = containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }
                    XCTAssertGreaterThan(cells.count, 2, name)
                    for cell in cells {
                        let column = String(cString: gtk_label_get_text(gcast(cell))).replacingOccurrences(of: "r2 c", with: "Column ")
                        XCTAssertEqual(Self.screenX(of: cell), headers[column], "\(name), scrolled \(offset): \(column) under its header")
                    }
                }
            }
        }
    }

    /// Where on the window each header button starts, by title.
    @MainActor private static func screenX(ofHeadersOf table: ListTable) -> [String: Int32] {
        let strip = containerChildren(table.widget)[0]
        let buttons = containerChildren(containerChildren(strip)[0])
        return Dictionary(
            buttons.map { button in
                let title = containerChildren(containerChildren(button)[0])[0]
                return (String(cString: gtk_label_get_text(gcast(title))), screenX(of: button))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// Where on the window `widget` starts.
    @MainActor private static func screenX(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(widget, gtk_widget_get_toplevel(widget), 0, 0, &x, &y)
        return x
    }

    func testScrollingSidewaysBindsTheColumnsThatComeAndLetsGoOfTheOthers() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = TableFixture.show(rows: 500, columns: TableFixture.columns(20), on: make())
                defer { list.close() }
                let viewport = Int(TableFixture.viewportWidth(list))
                for offset in [1000, 2200, 3200 - viewport, 0, 415] {
                    TableFixture.scrollSideways(list, to: Double(offset))
                    let expected = Array(offset / 160..<min((offset + viewport + 159) / 160, 20))
                    let cells = TableFixture.cells(ofItem: 2, in: manager, list: list)
                    XCTAssertEqual(cells.map(\.text), expected.map { "r2 c\($0)" }, "\(name) at \(offset)")
                    XCTAssertEqual(cells.map(\.x), expected.map { Int32($0 * 160 - offset) }, "\(name) at \(offset)")
                    let headers = TableFixture.headers(of: table)
                    XCTAssertEqual(headers[expected[0]].x, Int32(expected[0] * 160 - offset), "\(name) at \(offset)")
                }
            }
        }
    }

    func testAScrollSidewaysWithinTheColumnsOnScreenMovesWhatShowsAndPlacesNoRowAgain() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, _, list) = TableFixture.show(rows: 60, columns: TableFixture.columns(20), on: make())
                defer { list.close() }
                // What scrolls: the list itself, or the viewport GTK puts around a list box.
                let scrolled = try XCTUnwrap(gtk_bin_get_child(gcast(list.scrolledWindow)))
                // A pixel sideways from a place where that brings no column in and takes none out.
                let viewport = Int(TableFixture.viewportWidth(list))
                let start = 320 + (viewport % 160 == 0 ? 1 : 0)
                TableFixture.scrollSideways(list, to: Double(start))
                let cellsBefore = TableFixture.cells(ofItem: 2, in: manager, list: list)
                let width = gtk_widget_get_allocated_width(scrolled), height = gtk_widget_get_allocated_height(scrolled)
                let before = WidgetPixels.read(scrolled, region: (0, 0, max(width, height)))
                var allocations = 0
                for item in 0..<8 {
                    let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: item, section: 0)), "\(name), row \(item)")
                    Signal.connect(row.widget, "size-allocate", argument: UnsafeMutableRawPointer.self) { _, _ in allocations += 1 }
                }
                TableFixture.scrollSideways(list, to: Double(start + 1))
                XCTAssertEqual(allocations, 0, "\(name): the rows stay where they are in their window")
                let cellsAfter = TableFixture.cells(ofItem: 2, in: manager, list: list)
                XCTAssertEqual(cellsAfter.map(\.text), cellsBefore.map(\.text), name)
                XCTAssertEqual(cellsAfter.map(\.x), cellsBefore.map { $0.x - 1 }, name)
                // What the list draws moved a pixel towards the leading edge, all of it.
                let after = WidgetPixels.read(scrolled, region: (0, 0, max(width, height)))
                let shift = TestTextDirection.isRightToLeft ? -1 : 1
                var moved = 0, different = 0
                for y in 0..<Int(height) {
                    for x in 1..<Int(width) - 1 {
                        let row = y * Int(width)
                        if before[row + x] != before[row + x + shift] { moved += 1 }
                        if after[row + x] != before[row + x + shift] { different += 1 }
                    }
                }
                XCTAssertGreaterThan(moved, 1000, "\(name): the rows show text whose move can be seen")
                XCTAssertEqual(different, 0, "\(name): pixels that did not just move")
            }
        }
    }

    func testTheScreenShowsWhatTheRowsDrawThroughStepsSidewaysAndChangesBetweenThem() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            // The virtualized list keeps what it showed and draws only what a step uncovers or
            // a change touched: the screen, read back from the X server, must show what the
            // rows draw afresh (after the window's backdrop state, which makes the list draw
            // everything again).
            let (manager, _, list) = TableFixture.show(rows: 200, columns: TableFixture.columns(20), on: VirtualListHost())
            defer { list.close() }
            // Scrollbars beside the rows, not drawn over them; no theme transition between reads.
            gtk_scrolled_window_set_overlay_scrolling(gcast(list.scrolledWindow), 0)
            DesktopAnimations.set(false)
            defer { DesktopAnimations.set(true) }
            list.settleFrame()
            let storage = try XCTUnwrap(manager.memoryStorage)
            let changes: [Int: @MainActor () throws -> Void] = [
                3: { try storage.replaceItem(at: IndexPath(item: 2, section: 0), with: 902) },
                5: { _ = manager.selectItem(at: IndexPath(item: 4, section: 0)) },
                7: { gtk_widget_grab_focus(try XCTUnwrap(manager.boundRow(at: IndexPath(item: 6, section: 0))?.hostWidget)) },
                9: { storage.setItems(Array(1000..<1200)) },
            ]
            for step in 1...12 {
                try changes[step]?()
                TableFixture.scrollSideways(list, to: Double(step * 37))
                let shown = ScreenPixels.read(manager.widget)
                ScreenPixels.redrawAfresh(manager.widget, in: list)
                let drawn = ScreenPixels.read(manager.widget)
                XCTAssertGreaterThan(shown.count, 0, "step \(step)")
                XCTAssertEqual(shown.count, drawn.count, "step \(step)")
                let different = zip(shown, drawn).filter { $0 != $1 }.count
                XCTAssertEqual(different, 0, "step \(step): pixels on screen that the rows do not draw")
            }
        }
    }

    func testColumnsThatEnterAsOthersLeaveTakeTheirCellsInTheSameRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, _, list) = TableFixture.show(rows: 50, columns: TableFixture.columns(20), on: make())
                defer { list.close() }
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 2, section: 0)))
                let before = Set(containerChildren(row.widget))
                var reparented = 0
                for cell in before {
                    Signal.connect(cell, "parent-set", argument: UnsafeMutablePointer<GtkWidget>.self) { _, _ in reparented += 1 }
                }
                // A page sideways: the columns on screen all leave, as many others enter.
                TableFixture.scrollSideways(list, to: 1600)
                XCTAssertEqual(Set(containerChildren(row.widget)), before, "\(name): the same cell widgets")
                XCTAssertEqual(reparented, 0, "\(name): none taken out of its row and put back")
                let viewport = Int(TableFixture.viewportWidth(list))
                let expected = Array(10..<min((1600 + viewport + 159) / 160, 20))
                XCTAssertEqual(TableFixture.cells(ofItem: 2, in: manager, list: list).map(\.text), expected.map { "r2 c\($0)" }, name)
            }
        }
    }

    func testACellWhoseColumnLeavesWaitsHiddenInItsRowForTheNextColumnToEnter() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, _, list) = TableFixture.show(rows: 50, columns: TableFixture.columns(20), on: make())
                defer { list.close() }
                let viewport = Int(TableFixture.viewportWidth(list))
                XCTAssertNotEqual(viewport % 160, 1, "the step to 160 brings no column in")
                // A pixel of column 0 on screen, then none: it leaves, and no column enters.
                TableFixture.scrollSideways(list, to: 159)
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 2, section: 0)))
                let widgets = Set(containerChildren(row.widget))
                var reparented = 0
                for cell in widgets {
                    Signal.connect(cell, "parent-set", argument: UnsafeMutablePointer<GtkWidget>.self) { _, _ in reparented += 1 }
                }
                let first = try XCTUnwrap(widgets.first { String(cString: gtk_label_get_text(gcast($0))) == "r2 c0" })
                TableFixture.scrollSideways(list, to: 160)
                // Its cell stays in the row, hidden, and out of the table a screen reader reads.
                XCTAssertEqual(gtk_widget_get_mapped(first), 0, "\(name): the cell of the column that left is not shown")
                let shown = TableFixture.cells(ofItem: 2, in: manager, list: list)
                XCTAssertEqual(shown.map(\.text), (1..<(160 + viewport + 159) / 160).map { "r2 c\($0)" }, name)
                let rowAccessible = try XCTUnwrap(gtk_widget_get_accessible(row.hostWidget))
                XCTAssertEqual(Int(atk_object_get_n_accessible_children(rowAccessible)), shown.count, "\(name): cells read by AT-SPI")
                // The next column to enter takes it, filled with its own text.
                let entering = (160 + viewport + 159) / 160
                let offset = entering * 160 - viewport + 1
                TableFixture.scrollSideways(list, to: Double(offset))
                XCTAssertEqual(String(cString: gtk_label_get_text(gcast(first))), "r2 c\(entering)", name)
                XCTAssertNotEqual(gtk_widget_get_mapped(first), 0, name)
                XCTAssertEqual(Set(containerChildren(row.widget)), widgets, "\(name): the same cell widgets")
                XCTAssertEqual(reparented, 0, "\(name): none taken out of its row and put back")
                let expected = Array(offset / 160...entering)
                XCTAssertEqual(TableFixture.cells(ofItem: 2, in: manager, list: list).map(\.text), expected.map { "r2 c\($0)" }, name)
            }
        }
    }

    func testAColumnThatEntersOrLeavesRedrawsNoCellOfTheColumnsThatStay() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            // The virtualized list keeps what it showed: a step sideways draws what it uncovers
            // and the cells that come and go, not the rows around them.
            let (manager, _, list) = TableFixture.show(rows: 60, columns: TableFixture.columns(20), on: VirtualListHost())
            defer { list.close() }
            let viewport = Int(TableFixture.viewportWidth(list))
            XCTAssertGreaterThan(viewport, 480, "column 2 stays inside the viewport through the steps")
            // Column 0 a pixel from leaving, after a column entered with cells made new (which
            // GTK restyles their row for).
            TableFixture.scrollSideways(list, to: 159)
            var draws = 0
            for item in 0..<10 {
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: item, section: 0)))
                let cell = try XCTUnwrap(
                    containerChildren(row.widget).first { String(cString: gtk_label_get_text(gcast($0))) == "r\(item) c2" })
                Signal.connect(cell, "draw", argument: UnsafeMutableRawPointer.self) { _, _ in draws += 1 }
            }
            // Column 0 leaves, then the next column enters at the right edge.
            let entering = (160 + viewport + 159) / 160
            for offset in [160, 161, entering * 160 - viewport, entering * 160 - viewport + 1] {
                TableFixture.scrollSideways(list, to: Double(offset))
            }
            XCTAssertEqual(TableFixture.cells(ofItem: 2, in: manager, list: list).last?.text, "r2 c\(entering)", "a column entered")
            XCTAssertEqual(draws, 0, "cells of column 2 drawn again")
        }
    }

    func testAModelWithoutACellForAColumnLeavesThatCellEmptyAndSaysSo() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            var reported: [ManagerAnomaly] = []
            let columns = TableFixture.columns(2) + [TableColumn("missing", title: "Missing", width: .fixed(100))]
            let (manager, _, list) = TableFixture.show(rows: 5, columns: columns, on: VirtualListHost(), cellsFor: ["c0", "c1"]) {
                manager, _ in
                manager.anomalyHandler.action = { reported.append($0) }
            }
            defer { list.close() }
            XCTAssertEqual(TableFixture.cells(ofItem: 3, in: manager, list: list).map(\.text), ["r3 c0", "r3 c1"])
            XCTAssertEqual(reported.map(\.description), ["noCellMappingFound"])
        }
    }
}
