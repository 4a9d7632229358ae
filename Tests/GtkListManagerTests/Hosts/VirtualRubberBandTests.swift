import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Rubber-band selection on the virtualized list and grid, drawn with the real pointer under
/// Xvfb: the band selects the items it touches while it moves, rows without a widget too, the
/// list scrolls at the edges, Shift adds and Ctrl toggles; what GTK shows selected follows.
final class VirtualRubberBandTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "row \(model)") }
    }

    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    @MainActor private static func makeList(host: VirtualListHost = VirtualListHost(), width: Int32 = 300)
        -> (ListManager, VirtualListHost, ShownList)
    {
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        manager.selectionMode = .multiple
        manager.memoryStorage?.setItems(Array(0..<1_000))
        let list = ShownList(manager, width: width, height: 300)
        list.settle()
        return (manager, host, list)
    }

    /// The screen point of the middle of `position`'s frame (its cell's middle in a grid).
    @MainActor private static func point(of position: Int, in host: VirtualListHost, list: ShownList) -> (Int32, Int32) {
        let frame = host.rowFrame(at: position)!
        let x = host.cellSpan(at: position).map { Int32($0.x + $0.width / 2) } ?? 150
        return list.screenPoint(in: host.widget, x: x, y: Int32(frame.y + frame.height / 2))
    }

    /// Presses at `start`, moves through `path` (screen points) holding `modifiers`; releases
    /// unless `release` is false.
    @MainActor private static func band(
        _ list: ShownList, from start: (Int32, Int32), through path: [(Int32, Int32)], modifiers: [String] = [],
        release: Bool = true
    ) {
        var arguments = modifiers.flatMap { ["keydown", $0] }
        arguments += ["mousemove", String(start.0), String(start.1), "mousedown", "1"]
        for point in path { arguments += ["mousemove", String(point.0), String(point.1), "sleep", "0.05"] }
        if release { arguments += ["mouseup", "1"] }
        arguments += modifiers.reversed().flatMap { ["keyup", $0] }
        list.xdotool(arguments)
        list.settleFrame()
    }

    /// The items whose bound row widgets GTK shows selected.
    @MainActor private static func shownSelected(_ manager: ListManager) -> [Int] {
        (0..<manager.rowCount).filter { item in
            guard let rowWidget = manager.boundRow(at: at(item))?.hostWidget else { return false }
            return gtk_widget_get_state_flags(rowWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
        }
    }

    func testABandSelectsTheRowsItTouchesAndGrowsWhileTheListScrollsAtTheEdge() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, list) = Self.makeList()
            defer { list.close() }
            let lastOnScreen = try XCTUnwrap(host.positionsOnScreen).upperBound - 1
            Self.band(
                list, from: Self.point(of: 2, in: host, list: list),
                through: [Self.point(of: 4, in: host, list: list), Self.point(of: 6, in: host, list: list)], release: false)
            XCTAssertEqual(manager.selectedIndexPaths, (2...6).map(Self.at), "the band selects while it moves")
            XCTAssertEqual(Self.shownSelected(manager), Array(2...6), "and GTK shows those rows selected")

            // Held below the list's bottom edge: the list scrolls and the band grows over rows
            // that had no widget when it started.
            let below = list.screenPoint(in: host.widget, x: 150, y: 330)
            list.xdotool(["mousemove", String(below.0), String(below.1)])
            list.settle(milliseconds: 700)
            list.releaseButton()
            list.settleFrame()
            let selected = manager.selectedIndexPaths.map(\.item)
            XCTAssertGreaterThan(try XCTUnwrap(host.positionsOnScreen).lowerBound, 0, "the list scrolled")
            XCTAssertEqual(selected.first, 2)
            XCTAssertEqual(selected, Array(2...(selected.last ?? 2)), "one run of rows, from the band's start")
            XCTAssertGreaterThan(selected.last ?? 0, lastOnScreen + 5, "rows scrolled into view joined the band")
            XCTAssertEqual(Self.shownSelected(manager), selected.filter { manager.boundRow(at: Self.at($0)) != nil })
        }
    }

    func testTheBandIsDrawnInTheThemesRubberBandStyleWhileItLasts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (_, host, list) = Self.makeList()
            defer { list.close() }
            let top = host.rowFrame(at: 2)!, bottom = host.rowFrame(at: 8)!
            let inside = (x: Int32(150), y: Int32(host.rowFrame(at: 5)!.y + 4))
            Self.band(
                list, from: list.screenPoint(in: host.widget, x: 60, y: Int32(top.y + 2)),
                through: [list.screenPoint(in: host.widget, x: 240, y: Int32(bottom.y + bottom.height - 2))], release: false)
            list.settle(milliseconds: 400)  // past the theme's transition to the selected colour
            let during = WidgetPixels.pixel(of: host.widget, x: inside.x, y: inside.y)
            list.releaseButton()
            list.settleFrame()
            let after = WidgetPixels.pixel(of: host.widget, x: inside.x, y: inside.y)
            XCTAssertNotEqual(during, after, "the band is painted over the selected rows it covers, and goes with the release")
        }
    }

    func testShiftAddsTheBandToTheSelectionAndCtrlTogglesIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, list) = Self.makeList()
            defer { list.close() }
            manager.selectItem(at: Self.at(0))
            manager.selectItem(at: Self.at(4))
            Self.band(
                list, from: Self.point(of: 3, in: host, list: list), through: [Self.point(of: 5, in: host, list: list)],
                modifiers: ["shift"])
            XCTAssertEqual(manager.selectedIndexPaths.map(\.item), [0, 3, 4, 5], "Shift adds")

            Self.band(
                list, from: Self.point(of: 4, in: host, list: list), through: [Self.point(of: 7, in: host, list: list)], modifiers: ["ctrl"]
            )
            XCTAssertEqual(manager.selectedIndexPaths.map(\.item), [0, 3, 6, 7], "Ctrl toggles the rows the band covers")
            XCTAssertEqual(Self.shownSelected(manager), [0, 3, 6, 7])

            Self.band(list, from: Self.point(of: 9, in: host, list: list), through: [Self.point(of: 8, in: host, list: list)])
            XCTAssertEqual(manager.selectedIndexPaths.map(\.item), [8, 9], "no modifier: the band is the selection, drawn upwards too")
        }
    }

    func testABandOverAGridSelectsTheCellsInItsRectangle() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let grid = VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 100, height: 80)))
            let (manager, host, list) = Self.makeList(host: grid, width: 420)
            defer { list.close() }
            let columns = try XCTUnwrap((1..<10).first { host.rowFrame(at: $0)!.y > 0 }, "cells of the first line")
            XCTAssertGreaterThanOrEqual(columns, 3)
            // From the second cell of the first line to the third of the second.
            Self.band(list, from: Self.point(of: 1, in: host, list: list), through: [Self.point(of: columns + 2, in: host, list: list)])
            XCTAssertEqual(
                manager.selectedIndexPaths.map(\.item), [1, 2, columns + 1, columns + 2], "the cells the band's rectangle touches")
            XCTAssertEqual(Self.shownSelected(manager), [1, 2, columns + 1, columns + 2])
        }
    }

    func testAPressThatDragsARowDrawsNoBand() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, host, list) = Self.makeList()
            defer { list.close() }
            manager.canMove(NameRow.self) { _, _, _ in true }
            var began = 0
            manager.dragSessionWillBegin { _ in began += 1 }
            Self.band(
                list, from: Self.point(of: 2, in: host, list: list), through: [Self.point(of: 5, in: host, list: list)], release: false)
            XCTAssertEqual(began, 1, "the row is dragged")
            XCTAssertEqual(manager.selectedIndexPaths.count, 1, "no band selected rows: \(manager.selectedIndexPaths)")
            list.press("Escape")
            list.releaseButton()
        }
    }
}
