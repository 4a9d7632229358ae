import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Moving rows: real pointer drags and Alt+arrow keys under Xvfb.
final class ReorderingEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_widget_set_size_request(widget, -1, 40) }
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    /// A row dragged by its grip only: a 40×40 event box at the row's left, the name beside it.
    final class GripRow: RowView, ModelTransfer, ReorderableRow {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let grip = gtk_event_box_new()!
        let label = gtk_label_new(nil)!
        var dragHandle: UnsafeMutablePointer<GtkWidget>? { grip }
        init() {
            gtk_widget_set_size_request(grip, 40, 40)
            gtk_container_add(gcast(grip), gtk_image_new_from_icon_name("open-menu-symbolic", GTK_ICON_SIZE_BUTTON))
            gtk_box_pack_start(gcast(widget), grip, 0, 0, 0)
            gtk_box_pack_start(gcast(widget), label, 1, 1, 0)
        }
        func update(with name: String) { gtk_label_set_text(gcast(label), name) }
    }

    @MainActor static func items(_ manager: ListManager, section: Int = 0) -> [String] {
        (manager.memoryStorage?.items(inSection: section) ?? []).compactMap { $0 as? String }
    }

    /// The models of the GtkListBox's rows, in GTK's order.
    @MainActor static func listBoxOrder(_ manager: ListManager) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        while let listRow = gtk_list_box_get_row_at_index(manager.listBox, index) {
            if let model = ListBoxHost.hostedRow(of: listRow)?.model as? String { names.append(model) }
            index += 1
        }
        return names
    }

    // MARK: - Pointer drags

    func testADragMovesTheRowInTheStorageAndTheSameWidgetInTheList() throws {
        try MainActor.assumeIsolated { try requireGtk(); try Self.aDragMovesTheRow() }
    }

    @MainActor private static func aDragMovesTheRow() throws {
        let manager = ListManager()
        var moves: [(IndexPath, String, IndexPath, Bool)] = []
        manager.register(NameRow.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, row, model, source in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                moves.append((destination, model, source, label == model))
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }
        let draggedRow = list.listRow(at: IndexPath(item: 0, section: 0))

        // From "a" to the lower half of "c": the gap after "c", so "a" ends at index 2.
        list.drag(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0), lowerHalf: true)

        XCTAssertEqual(items(manager), ["b", "c", "a", "d"])
        XCTAssertEqual(listBoxOrder(manager), ["b", "c", "a", "d"], "the GtkListBox order equals the storage")
        XCTAssertEqual(manager.hostedRow(at: IndexPath(item: 2, section: 0))?.listRow, draggedRow, "the same row widget moved")
        XCTAssertEqual(moves.map(\.0), [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(moves.map(\.1), ["a"])
        XCTAssertEqual(moves.map(\.2), [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(moves.map(\.3), [true], "the reaction gets the dragged row")
    }
}

extension ShownList {
    /// A real pointer drag through the X server: press on the row at `source`, move in steps
    /// past GTK's drag threshold to the upper or lower half of the row at `destination`,
    /// release.
    func drag(from source: IndexPath, to destination: IndexPath, lowerHalf: Bool, x: Int32 = 60) {
        let start = screenPoint(in: gcast(listRow(at: source)), x: x)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(gcast(listRow(at: destination)), &allocation)
        let end = screenPoint(in: gcast(listRow(at: destination)), x: x, y: lowerHalf ? allocation.height * 3 / 4 : allocation.height / 4)
        drag(from: start, to: end)
    }

    /// A real pointer drag between two screen points, in steps, with time for GTK between them.
    func drag(from start: (Int32, Int32), to end: (Int32, Int32), steps: Int = 5) {
        xdotool(["mousemove", "--sync", String(start.0), String(start.1)])
        xdotool(["mousedown", "1"])
        for step in 1...steps {
            let x = start.0 + (end.0 - start.0) * Int32(step) / Int32(steps)
            let y = start.1 + (end.1 - start.1) * Int32(step) / Int32(steps)
            xdotool(["mousemove", String(x), String(y)])
        }
        xdotool(["mousemove", String(end.0 + 1), String(end.1)])
        xdotool(["mouseup", "1"])
        settle(milliseconds: 100)
    }
}
