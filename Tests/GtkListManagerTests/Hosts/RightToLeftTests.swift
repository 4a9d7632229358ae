import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Both grid hosts with GTK's default direction right to left (issue 32), read back from GTK
/// under Xvfb with real input: a line of cells reads from the right edge, its section's leading
/// inset on the right; a point finds the cell drawn there; Left moves the focus to the cell on
/// the left, the next one, as GtkFlowBox does; a drop lands before a cell on its right half;
/// headers span the width, their titles on the right. Each test sets the direction and restores
/// the run's (`GLM_TEST_TEXT_DIRECTION`, left to right unless set).
final class RightToLeftTests: XCTestCase {
    /// Where GTK allocated `widget`, in its parent's coordinates.
    @MainActor private static func allocation(_ widget: UnsafeMutablePointer<GtkWidget>) -> GtkAllocation {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return allocation
    }

    @MainActor private static func cell(_ manager: ListManager, _ item: Int, _ section: Int) -> UnsafeMutablePointer<GtkWidget> {
        manager.boundRow(at: IndexPath(item: item, section: section))!.hostWidget!
    }

    @MainActor private static func focused(_ manager: ListManager, _ host: any ListHost) -> IndexPath? {
        guard let position = host.focusedPosition, let row = manager.boundRow(atPosition: position) else { return nil }
        return manager.location(of: row)?.indexPath
    }

    /// Where a label's text starts and ends, in its allocation's coordinates.
    @MainActor private static func textSpan(of label: UnsafeMutablePointer<GtkWidget>) -> (start: Int32, end: Int32) {
        var x: Int32 = 0, y: Int32 = 0, logical = PangoRectangle()
        gtk_label_get_layout_offsets(gcast(label), &x, &y)
        pango_layout_get_pixel_extents(gtk_label_get_layout(gcast(label)), nil, &logical)
        let left = x + logical.x - allocation(label).x
        return (left, left + logical.width)
    }

    // MARK: - The virtualized grid's lines

    func testVirtualGridLinesRunFromTheRightEdgeAndAPointFindsTheCellDrawnThere() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try TestTextDirection.with(GTK_TEXT_DIR_RTL) { try Self.virtualGridLines() }
        }
    }

    @MainActor private static func virtualGridLines() throws {
        let host = VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 100, height: 80)))
        host.pinsSectionHeaders = true
        let manager = ListManager(host: host)
        manager.register(NumberRow.self)
        manager.insetForSection { _ in EdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 0) }
        // String headers: the library's own title rows.
        manager.memoryStorage?.setSectionHeaderModels(["first", "second"])
        manager.memoryStorage?.setItemsForAllSections([Array(0..<6), Array(10..<60)])
        let list = ShownList(manager, width: 450, height: 300)
        defer { list.close() }
        list.settleFrame()
        let width = gtk_widget_get_allocated_width(host.widget)
        let line = (0..<4).map { allocation(cell(manager, $0, 0)) }
        XCTAssertEqual(Set(line.map(\.y)).count, 1, "0…3 share a line")
        XCTAssertEqual(line[0].x + line[0].width, width - 12, "the first cell at the right edge, inside the leading inset")
        XCTAssertEqual(line.map(\.x), line.map(\.x).sorted(by: >), "the line reads from the right: \(line.map(\.x))")
        XCTAssertEqual(line[3].x, 0, "the last column at the left edge (no trailing inset)")
        XCTAssertEqual(allocation(cell(manager, 4, 0)).x, line[0].x, "the next line starts on the right again")
        for item in 0..<6 {
            let frame = allocation(cell(manager, item, 0))
            let position = host.position(of: manager.boundRow(at: IndexPath(item: item, section: 0))!)!
            XCTAssertEqual(
                host.position(atX: Double(frame.x + frame.width / 2), y: Double(frame.y + frame.height / 2)), position,
                "a point at the middle of cell \(item) finds it")
            XCTAssertEqual(host.position(atX: Double(frame.x + 1), y: Double(frame.y + 1)), position, "and one at its left edge")
            let span = try XCTUnwrap(host.cellSpan(at: position))
            XCTAssertEqual(span.x, Double(frame.x), "cell \(item)'s span is where it is drawn")
            XCTAssertEqual(span.width, Double(frame.width))
        }
        XCTAssertNil(host.position(atX: Double(width - 6), y: Double(line[0].y + 10)), "the leading inset, on the right, is no cell")

        // A header spans the width; its title (a label with xalign 0) starts on the right.
        let header = manager.boundRow(atPosition: 0)!
        XCTAssertEqual(header.role, .header)
        let headerFrame = allocation(header.hostWidget!)
        XCTAssertEqual([headerFrame.x, headerFrame.width], [0, width], "the header spans the width")
        let title = textSpan(of: header.widget)
        XCTAssertGreaterThan(title.start, allocation(header.widget).width / 2, "the title sits at the right: \(title)")

        // The widget's own direction changed back: the next layout mirrors the lines back.
        gtk_widget_set_direction(host.widget, GTK_TEXT_DIR_LTR)
        list.settleFrame()
        XCTAssertEqual(allocation(cell(manager, 0, 0)).x, 12, "left to right, the first cell at the left edge, inside the inset")
        XCTAssertEqual(host.position(atX: 12 + 5, y: Double(allocation(cell(manager, 0, 0)).y + 5)), 1)
        gtk_widget_set_direction(host.widget, GTK_TEXT_DIR_RTL)
        list.settleFrame()
        XCTAssertEqual(allocation(cell(manager, 0, 0)).x, line[0].x, "and right to left again")

        // Section 1's header pinned at the top of the viewport spans the width, its title on the right.
        let secondHeader = 7  // header, six cells
        host.scrollTo(position: secondHeader + 25, alignment: .top)
        list.settleFrame()
        let pinned = try XCTUnwrap(host.boundRow(at: secondHeader))
        let pinnedFrame = allocation(pinned.hostWidget!)
        XCTAssertEqual([pinnedFrame.x, pinnedFrame.y, pinnedFrame.width], [0, 0, width], "pinned at the top across the width")
        XCTAssertEqual(host.position(atX: Double(width - 3), y: 2), secondHeader, "a point on its right end finds it")
        XCTAssertGreaterThan(textSpan(of: pinned.widget).start, allocation(pinned.widget).width / 2, "its title on the right")
    }

    // MARK: - Keys

    func testLeftAndRightMoveTheFocusToTheCellOnThatSideOnBothGrids() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try TestTextDirection.with(GTK_TEXT_DIR_RTL) { for kind in GridKind.allCases { try Self.arrows(kind) } }
        }
    }

    /// Section 0 holds 0…5 (0–3 on one line, 4 and 5 on the next), section 1 holds 10…17.
    @MainActor private static func shownGrid(_ kind: GridKind) -> (ListManager, any ListHost, ShownList) {
        let host = kind.makeHost()
        let manager = ListManager(host: host)
        manager.register(TileCell.self) { mapping in
            mapping.canMove { _, _, _ in true }
        }
        manager.registerHeader(CaptionRow.self)
        manager.memoryStorage?.setSectionHeaderModels(["first", "second"])
        manager.memoryStorage?.setItemsForAllSections([Array(0..<6), Array(10..<18)])
        let list = ShownList(manager, width: 440, height: 400)
        list.settleFrame()
        return (manager, host, list)
    }

    @MainActor private static func arrows(_ kind: GridKind) throws {
        let (manager, host, list) = shownGrid(kind)
        defer { list.close() }
        func press(_ key: String) {
            list.press(key)
            list.settleFrame()
        }
        func x(_ item: Int, _ section: Int) -> Int32 { allocation(cell(manager, item, section)).x }
        list.click(widget: cell(manager, 1, 0))
        XCTAssertEqual(focused(manager, host), IndexPath(item: 1, section: 0), "\(kind)")
        press("Left")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 2, section: 0), "\(kind): Left, the cell on the left: the next")
        XCTAssertLessThan(x(2, 0), x(1, 0), "\(kind): on the left on screen")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "\(kind): the selection follows")
        press("Right")
        press("Right")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 0, section: 0), "\(kind): Right twice, back to the first cell")
        press("Left")
        press("Left")
        press("Left")
        press("Left")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 4, section: 0), "\(kind): Left past a line's left end, the next line")
        press("Left")
        press("Left")
        XCTAssertEqual(
            focused(manager, host), IndexPath(item: 0, section: 1), "\(kind): Left past a section's last cell, the next section's first")
        press("Right")
        XCTAssertEqual(
            focused(manager, host), IndexPath(item: 5, section: 0), "\(kind): Right before a section's first, the previous one's last")
        press("Down")
        XCTAssertEqual(
            focused(manager, host), IndexPath(item: 1, section: 1), "\(kind): Down keeps the column, the second from the right")
        XCTAssertEqual(x(1, 1), x(5, 0), "\(kind): straight below")
    }

    // MARK: - Drops

    func testADropLandsBeforeACellOnItsRightHalfAndAfterItOnItsLeftHalf() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try TestTextDirection.with(GTK_TEXT_DIR_RTL) { for kind in GridKind.allCases { try Self.drops(kind) } }
        }
    }

    @MainActor private static func items(_ manager: ListManager, _ section: Int) -> [Int] {
        (manager.memoryStorage?.items(inSection: section) ?? []).compactMap { $0 as? Int }
    }

    /// Drags cell `source` to `x` pixels from the left edge of cell `target`.
    @MainActor private static func drag(
        _ list: ShownList, _ manager: ListManager, _ source: IndexPath, onto target: IndexPath, x: (Int32) -> Int32
    ) {
        let sourceWidget = manager.boundRow(at: source)!.hostWidget!
        let targetWidget = manager.boundRow(at: target)!.hostWidget!
        let start = list.screenPoint(in: sourceWidget, x: gtk_widget_get_allocated_width(sourceWidget) / 2)
        let end = list.screenPoint(in: targetWidget, x: x(gtk_widget_get_allocated_width(targetWidget)))
        list.drag(from: start, to: end, steps: 6)
        list.settleFrame()
    }

    @MainActor private static func drops(_ kind: GridKind) throws {
        let (manager, host, list) = shownGrid(kind)
        defer { list.close() }
        // "0" onto the right half of "2": the gap before it, so "0" ends at index 1.
        drag(list, manager, IndexPath(item: 0, section: 0), onto: IndexPath(item: 2, section: 0)) { $0 * 3 / 4 }
        XCTAssertEqual(items(manager, 0), [1, 0, 2, 3, 4, 5], "\(kind): the right half of a cell is before it")
        // "1" onto the left half of "2": the gap after it.
        drag(list, manager, IndexPath(item: 0, section: 0), onto: IndexPath(item: 2, section: 0)) { $0 / 4 }
        XCTAssertEqual(items(manager, 0), [0, 2, 1, 3, 4, 5], "\(kind): the left half is after it")
        // "5" onto the right half of "11", in the next section: before it.
        drag(list, manager, IndexPath(item: 5, section: 0), onto: IndexPath(item: 1, section: 1)) { $0 * 3 / 4 }
        XCTAssertEqual(items(manager, 1), [10, 5, 11, 12, 13, 14, 15, 16, 17], "\(kind)")
        XCTAssertEqual(shownSections(of: host, manager), expectedSections(of: manager.memoryStorage!), "\(kind): GTK shows the storage")
        guard kind.isVirtualized else { return }
        // Between two cells of the virtualized grid (no cell there): after the one on its right.
        let right = allocation(cell(manager, 1, 1)), left = allocation(cell(manager, 2, 1))
        XCTAssertGreaterThan(right.x - (left.x + left.width), 2, "the virtualized grid spaces its cells")
        let gap = (right.x + left.x + left.width) / 2
        XCTAssertNil(host.position(atX: Double(gap), y: Double(right.y + right.height / 2)), "no cell in the gap")
        drag(list, manager, IndexPath(item: 0, section: 1), onto: IndexPath(item: 1, section: 1)) { _ in gap - right.x }
        XCTAssertEqual(items(manager, 1), [5, 10, 11, 12, 13, 14, 15, 16, 17], "\(kind): the gap after \"5\", its place")
        drag(list, manager, IndexPath(item: 3, section: 1), onto: IndexPath(item: 1, section: 1)) { _ in gap - right.x }
        XCTAssertEqual(items(manager, 1), [5, 10, 11, 12, 13, 14, 15, 16, 17].moving(3, to: 2), "\(kind): dropped in the gap")
    }

    // MARK: - GTK's own flow box

    func testTheFlowBoxGridReadsAndMovesAsGtksOwnFlowBox() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try TestTextDirection.with(GTK_TEXT_DIR_RTL) { try Self.flowBoxAgreement() }
        }
    }

    @MainActor private static func flowBoxAgreement() throws {
        // GTK's own flow box, four 90-pixel children a line as the grid host's cells, in a window
        // beside the grid's.
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let flowBox = gtk_flow_box_new()!
        gtk_flow_box_set_min_children_per_line(gcast(flowBox), 4)
        gtk_flow_box_set_max_children_per_line(gcast(flowBox), 4)
        for number in 0..<6 {
            let label = gtk_label_new(String(number))!
            gtk_widget_set_size_request(label, 90, 40)
            gtk_container_add(gcast(flowBox), label)
        }
        gtk_container_add(gcast(window), flowBox)
        gtk_window_set_default_size(gcast(window), 440, 200)
        gtk_window_move(gcast(window), 600, 0)
        gtk_widget_show_all(window)
        defer { gtk_widget_destroy(window) }
        let (manager, host, list) = shownGrid(.flowBox)
        defer { list.close() }
        _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(flowBox) != 0 }, timeout: .seconds(2))
        list.settleFrame()
        func child(_ index: Int) -> UnsafeMutablePointer<GtkWidget> {
            gcast(gtk_flow_box_get_child_at_index(gcast(flowBox), Int32(index))!)
        }
        let gtkChildren = (0..<6).map { allocation(child($0)) }
        let cells = (0..<6).map { allocation(cell(manager, $0, 0)) }
        XCTAssertEqual(gtkChildren[0..<4].map(\.x), gtkChildren[0..<4].map(\.x).sorted(by: >), "GTK's flow box reads from the right")
        XCTAssertEqual(
            cells.map { $0.x < cells[0].x }, gtkChildren.map { $0.x < gtkChildren[0].x },
            "the host's cells sit on the side GTK's own flow box puts its children")
        for item in 0..<6 {
            let frame = cells[item]
            let position = host.position(of: manager.boundRow(at: IndexPath(item: item, section: 0))!)!
            XCTAssertEqual(host.position(atX: Double(frame.x + frame.width / 2), y: Double(frame.y + frame.height / 2)), position)
            XCTAssertEqual(
                try XCTUnwrap((host as? FlowBoxGridHost)?.cellSpan(at: position)).x, Double(frame.x), "cell \(item)'s span as drawn")
        }

        // Left in GTK's flow box goes from its first child to the second; on its last child it
        // goes nowhere (no more children that way). The grid host's flow boxes move the same
        // way, and past a section's last cell on into the next section, as Left reads.
        // The keys go to the window with the X input focus: the one presented last.
        gtk_window_present(gcast(window))
        list.settle()
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(gtk_widget_get_window(window), &originX, &originY)
        var childX: Int32 = 0, childY: Int32 = 0
        gtk_widget_translate_coordinates(child(0), window, 20, 20, &childX, &childY)
        list.xdotool(["mousemove", "--sync", String(originX + childX), String(originY + childY), "click", "1"])
        XCTAssertEqual(gtk_window_get_focus(gcast(window)), child(0), "a click focuses GTK's first child")
        list.press("Left")
        let gtkFocus = gtk_window_get_focus(gcast(window))
        XCTAssertEqual(gtkFocus, child(1), "GTK's flow box: Left goes to the next child")
        gtk_window_present(gcast(list.window))
        list.settle()
        list.click(widget: cell(manager, 0, 0))
        list.press("Left")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 1, section: 0), "the grid host's flow box: the same")
        list.click(widget: cell(manager, 5, 0))
        list.press("Left")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 0, section: 1), "and on into the next section, as Left reads")
        list.press("Right")
        XCTAssertEqual(focused(manager, host), IndexPath(item: 5, section: 0), "Right, back")
    }
}

extension Array {
    /// The array with the element at `source` moved to `destination` (read after the removal).
    fileprivate func moving(_ source: Int, to destination: Int) -> [Element] {
        var moved = self
        moved.insert(moved.remove(at: source), at: destination)
        return moved
    }
}
