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
        while let listRow = gtk_list_box_get_row_at_index(manager.listBox!, index) {
            if let model = ListBoxHost.boundRow(of: listRow)?.model as? String { names.append(model) }
            index += 1
        }
        return names
    }

    // MARK: - Pointer drags

    func testADragMovesTheRowInTheStorageAndTheSameWidgetInTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aDragMovesTheRow()
        }
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
        XCTAssertEqual(manager.boundRow(at: IndexPath(item: 2, section: 0))?.listBoxRow, draggedRow, "the same row widget moved")
        XCTAssertEqual(moves.map(\.0), [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(moves.map(\.1), ["a"])
        XCTAssertEqual(moves.map(\.2), [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(moves.map(\.3), [true], "the reaction gets the dragged row")
    }

    func testRowsMoveOnlyWhereCanMoveAnswersTrue() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsMoveOnlyWhereCanMoveAnswersTrue()
        }
    }

    @MainActor private static func rowsMoveOnlyWhereCanMoveAnswersTrue() throws {
        let manager = ListManager()
        var asked: [(String, IndexPath)] = []
        var moves = 0
        manager.register(NameRow.self) { mapping in
            mapping.canMove { _, model, indexPath in
                asked.append((model, indexPath))
                return model != "a"
            }
            mapping.moveRowTo { _, _, _, _ in moves += 1 }
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }

        list.drag(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0), lowerHalf: true)

        XCTAssertEqual(asked.map(\.0), ["a"], "canMove is asked when a drag would start")
        XCTAssertEqual(asked.map(\.1), [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(items(manager), ["a", "b", "c", "d"])
        XCTAssertEqual(listBoxOrder(manager), ["a", "b", "c", "d"])
        XCTAssertEqual(moves, 0)
    }

    func testTargetIndexPathForMoveRedirectsAndBothMoveFormsAreTold() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.targetIndexPathForMoveRedirects()
        }
    }

    /// Manager-level registration: row-class canMove / targetIndexPathForMove / move, and the
    /// unmapped moveItem.
    @MainActor private static func targetIndexPathForMoveRedirects() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        var targets: [(IndexPath, String, IndexPath)] = []
        var moves: [(IndexPath, String, IndexPath)] = []
        var unmapped: [(IndexPath, IndexPath)] = []
        manager.canMove(NameRow.self) { _, _, _ in true }
        manager.targetIndexPathForMove(NameRow.self) { proposed, _, model, source in
            targets.append((proposed, model, source))
            return IndexPath(item: 1, section: 0)
        }
        manager.move(NameRow.self) { destination, _, model, source in moves.append((destination, model, source)) }
        manager.moveItem { source, destination in unmapped.append((source, destination)) }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }
        let draggedRow = list.listRow(at: IndexPath(item: 3, section: 0))

        // "d" over the upper half of "a" proposes index 0; the target redirects it to 1.
        list.drag(from: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 0), lowerHalf: false)

        XCTAssertEqual(targets.last?.0, IndexPath(item: 0, section: 0), "proposed: the gap before a")
        XCTAssertEqual(targets.last?.1, "d")
        XCTAssertEqual(targets.last?.2, IndexPath(item: 3, section: 0))
        XCTAssertEqual(items(manager), ["a", "d", "b", "c"])
        XCTAssertEqual(listBoxOrder(manager), ["a", "d", "b", "c"])
        XCTAssertEqual(manager.boundRow(at: IndexPath(item: 1, section: 0))?.listBoxRow, draggedRow)
        XCTAssertEqual(moves.map(\.0), [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(moves.map(\.1), ["d"])
        XCTAssertEqual(moves.map(\.2), [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(unmapped.map(\.0), [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(unmapped.map(\.1), [IndexPath(item: 1, section: 0)])
    }

    func testADragMovesARowIntoAnotherSection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aDragMovesARowIntoAnotherSection()
        }
    }

    @MainActor private static func aDragMovesARowIntoAnotherSection() throws {
        let manager = ListManager()
        var moves: [(IndexPath, String, IndexPath)] = []
        manager.register(NameRow.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, _, model, source in moves.append((destination, model, source)) }
        }
        manager.memoryStorage?.setSectionHeaderModels(["one", "two"])
        manager.memoryStorage?.setItemsForAllSections([["a", "b"], ["c"]])
        let list = ShownList(manager)
        defer { list.close() }
        let draggedRow = list.listRow(at: IndexPath(item: 0, section: 0))

        list.drag(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1), lowerHalf: true)

        XCTAssertEqual(items(manager, section: 0), ["b"])
        XCTAssertEqual(items(manager, section: 1), ["c", "a"])
        XCTAssertEqual(listBoxOrder(manager), ["one", "b", "two", "c", "a"], "headers stay, the row crossed one")
        XCTAssertEqual(manager.boundRow(at: IndexPath(item: 1, section: 1))?.listBoxRow, draggedRow)
        XCTAssertEqual(moves.map(\.0), [IndexPath(item: 1, section: 1)])
        XCTAssertEqual(moves.map(\.1), ["a"])
        XCTAssertEqual(moves.map(\.2), [IndexPath(item: 0, section: 0)])
    }

    func testARowWithAHandleIsNotDraggedFromElsewhere() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.handleRow(dragOnGrip: false)
        }
    }

    func testARowWithAHandleIsDraggedByItsHandle() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.handleRow(dragOnGrip: true)
        }
    }

    @MainActor private static func handleRow(dragOnGrip: Bool) throws {
        let manager = ListManager()
        var moves: [IndexPath] = []
        manager.register(GripRow.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, _, _, _ in moves.append(destination) }
        }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }

        // The grip at the row's start: its right end right to left.
        let rowWidth = gtk_widget_get_allocated_width(gcast(list.listRow(at: IndexPath(item: 0, section: 0))))
        list.drag(
            from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0), lowerHalf: true,
            x: mirroredPointX(dragOnGrip ? 20 : 150, in: rowWidth))

        XCTAssertEqual(items(manager), dragOnGrip ? ["b", "c", "a"] : ["a", "b", "c"])
        XCTAssertEqual(listBoxOrder(manager), items(manager))
        XCTAssertEqual(moves, dragOnGrip ? [IndexPath(item: 2, section: 0)] : [])
    }

    // MARK: - Keyboard

    func testAltArrowsMoveTheFocusedRowWhichKeepsTheFocus() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.altArrowsMoveTheFocusedRow()
        }
    }

    @MainActor private static func altArrowsMoveTheFocusedRow() throws {
        let manager = ListManager()
        var moves: [(IndexPath, String, IndexPath)] = []
        manager.register(NameRow.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.moveRowTo { destination, _, model, source in moves.append((destination, model, source)) }
        }
        manager.memoryStorage?.setItems(["a", "b", "c", "d"])
        let list = ShownList(manager)
        defer { list.close() }
        let row = list.listRow(at: IndexPath(item: 1, section: 0))
        list.focus(IndexPath(item: 1, section: 0))

        list.press("alt+Down")
        XCTAssertEqual(items(manager), ["a", "c", "b", "d"])
        XCTAssertEqual(listBoxOrder(manager), ["a", "c", "b", "d"])
        XCTAssertEqual(manager.boundRow(at: IndexPath(item: 2, section: 0))?.listBoxRow, row)
        XCTAssertEqual(gtk_widget_has_focus(gcast(row)), 1, "the moved row keeps the focus")

        list.press("alt+Up", "alt+Up", "alt+Up")  // the third is at the top: nothing moves
        XCTAssertEqual(items(manager), ["b", "a", "c", "d"])
        XCTAssertEqual(gtk_widget_has_focus(gcast(row)), 1)
        XCTAssertEqual(moves.map(\.0), [IndexPath(item: 2, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 0)])
        XCTAssertEqual(moves.map(\.1), ["b", "b", "b"])
        XCTAssertEqual(moves.map(\.2), [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0), IndexPath(item: 1, section: 0)])
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
