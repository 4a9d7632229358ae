import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Dragging a row further than the window shows: held near the bottom edge, the list scrolls
/// under the pointer, and the drop lands where the pointer is, on every host. The dragged row's
/// widget is kept meanwhile (on the virtualized host it is far outside the bound rows).
final class DragAutoscrollTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    func testAListBoxScrollsWhileADragRestsAtItsBottomEdgeAndTheRowDropsThere() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.dragPastTheWindow(host: ListBoxHost(listBox: gcast(gtk_list_box_new())), count: 200)
        }
    }

    func testAVirtualListScrollsWhileADragRestsAtItsBottomEdgeAndTheRowDropsThere() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.dragPastTheWindow(host: VirtualListHost(), count: 100_000)
        }
    }

    @MainActor private static func dragPastTheWindow(host: any ListHost, count: Int) throws {
        let manager = ListManager(host: host)
        var moves: [(destination: IndexPath, model: String, source: IndexPath, rowShowsModel: Bool)] = []
        manager.register(NameRow.self) { mapping in
            // Unfocusable rows: the press does not focus the dragged row, which would keep it
            // bound for its own reason.
            mapping.canFocus { _, _, _ in false }
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, row, model, source in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                moves.append((destination, model, source, label == model))
            }
        }
        manager.memoryStorage?.setItems((0..<count).map { "row \($0)" })
        let list = ShownList(manager, width: 320, height: 300)
        defer { list.close() }
        let source = IndexPath(item: 1, section: 0)
        let dragged = try XCTUnwrap(manager.boundRow(at: source))
        let start = try XCTUnwrap(host.rowFrame(at: 1))
        var frame = try XCTUnwrap(host.viewportFrame)

        // Press on "row 1", move past the drag threshold, then rest 6 px above the bottom edge.
        list.xdotool(["mousemove", "--sync"] + screen(list, host, y: start.y + 20))
        list.xdotool(["mousedown", "1"])
        for step in 1...4 {
            list.xdotool(["mousemove"] + screen(list, host, y: start.y + 20 + Double(step * 30)))
        }
        list.xdotool(["mousemove"] + screen(list, host, y: frame.y + frame.height - 6))
        let scrolled = GtkRuntime.iterate(until: { (host.positionsOnScreen?.lowerBound ?? 0) >= 24 }, timeout: .seconds(6))
        XCTAssertTrue(scrolled, "the list scrolled under the resting pointer: top row \(String(describing: host.positionsOnScreen))")
        XCTAssertTrue(manager.boundRow(at: source) === dragged, "the dragged row keeps its widget, far off screen")

        // Out of the edge band the scrolling stops; then onto the upper half of a row on screen.
        frame = try XCTUnwrap(host.viewportFrame)
        list.xdotool(["mousemove"] + screen(list, host, y: frame.y + frame.height / 2))
        list.settle(milliseconds: 120)
        let top = try XCTUnwrap(host.positionsOnScreen).lowerBound
        list.settle(milliseconds: 120)
        XCTAssertEqual(host.positionsOnScreen?.lowerBound, top, "scrolling stopped outside the band")
        let target = top + 3
        let targetFrame = try XCTUnwrap(host.rowFrame(at: target))
        list.xdotool(["mousemove"] + screen(list, host, y: targetFrame.y + 10))
        list.xdotool(["mouseup", "1"])
        list.settle(milliseconds: 150)

        // Before the row that was under the pointer: one less, as the row left from above.
        let destination = IndexPath(item: target - 1, section: 0)
        XCTAssertEqual(moves.map(\.destination), [destination])
        XCTAssertEqual(moves.map(\.model), ["row 1"])
        XCTAssertEqual(moves.map(\.source), [source])
        XCTAssertEqual(moves.map(\.rowShowsModel), [true], "the reaction gets the dragged row")
        let items = ReorderingEventTests.items(manager)
        XCTAssertEqual(items[target - 1], "row 1")
        XCTAssertEqual(items[0...2], ["row 0", "row 2", "row 3"])
        XCTAssertEqual(items.count, count, "nothing lost")
        var shown = 0
        host.forEachBoundRow { position, row in
            let label = String(cString: gtk_label_get_text(gcast(row.widget)))
            XCTAssertEqual(label, items[position], "the bound row at \(position) shows its model")
            shown += 1
        }
        XCTAssertGreaterThan(shown, 0)
        XCTAssertTrue(manager.boundRow(at: destination) === dragged, "the same row moved")
    }

    /// The screen point at `x` = 60 and `y` in the list widget's coordinates, as xdotool takes it.
    @MainActor private static func screen(_ list: ShownList, _ host: any ListHost, y: Double) -> [String] {
        let (x, screenY) = list.screenPoint(in: host.widget, x: 60, y: Int32(y.rounded(.down)))
        return [String(x), String(screenY)]
    }
}
