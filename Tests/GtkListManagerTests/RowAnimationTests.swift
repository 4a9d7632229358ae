import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// `GtkRevealer` row animations: off by default; on screen, inserted rows reveal and removed
/// rows leave through a closing revealer while the manager's positions already exclude them.
final class RowAnimationTests: XCTestCase {
    func testRowsAreNotWrappedWithoutAnAnimation() throws {
        try MainActor.assumeIsolated { try Self.rowsAreNotWrappedWithoutAnAnimation() }
    }

    @MainActor private static func rowsAreNotWrappedWithoutAnAnimation() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        let window = show(manager)
        defer { gtk_widget_destroy(window) }
        storage.addItems([1, 2])
        XCTAssertNil(ListConfiguration().rowAnimation, "off by default")
        XCTAssertEqual(revealers(in: manager), [nil, nil])
    }

    func testInsertedRowsRevealAndRemovedRowsLeaveAfterTheirTransition() throws {
        try MainActor.assumeIsolated { try Self.insertedRowsRevealAndRemovedRowsLeave() }
    }

    @MainActor private static func insertedRowsRevealAndRemovedRowsLeave() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.slideDown, milliseconds: 50)
        let (manager, storage, _) = makeManager(configuration)
        let window = show(manager)
        defer { gtk_widget_destroy(window) }
        storage.setItems([1, 2, 3])
        XCTAssertEqual(revealers(in: manager), [true, true, true])
        XCTAssertEqual(
            (0..<3).map { childRevealed(in: manager, at: $0) }, [true, true, true],
            "a reload shows its rows at once, even on screen")

        storage.addItem(4)
        XCTAssertEqual(revealers(in: manager).last, true, "the inserted row's revealer opens")
        XCTAssertTrue(GtkRuntime.iterate(until: { childRevealed(in: manager, at: 3) }), "the transition ends")

        let leavingWidget = manager.boundRow(atPosition: 1)!.widget
        watchFinalization(of: leavingWidget)
        let finalizedBefore = finalizedObjects.load(ordering: .acquiring)
        storage.removeItems(at: [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(manager.rowCount, 3, "the manager's positions exclude the leaving row at once")
        XCTAssertEqual(listBoxChildCount(manager), 4, "its widget is still on screen while the revealer closes")
        XCTAssertEqual(manager.pooledRowCount, 0, "a leaving row is not reused")

        // Positions given while a row is leaving skip it.
        try storage.insertItem(5, to: IndexPath(item: 1, section: 0))
        storage.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 0))
        XCTAssertEqual((0..<manager.rowCount).map { manager.boundRow(atPosition: $0)!.model as? Int }, [4, 1, 5, 3])

        XCTAssertTrue(GtkRuntime.iterate(until: { listBoxChildCount(manager) == 4 }), "the leaving row goes when its transition ends")
        XCTAssertTrue(
            GtkRuntime.iterate(until: { finalizedObjects.load(ordering: .acquiring) > finalizedBefore }),
            "the leaving row's widget is destroyed, not kept")
        assertListMatchesStorage(manager, storage)
    }

    func testAMovedRowOpensWhereItGoesWhileAGapClosesWhereItWas() throws {
        try MainActor.assumeIsolated { try Self.movedRowOpensWhereItGoes() }
    }

    @MainActor private static func movedRowOpensWhereItGoes() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        // GtkRevealer runs on the real clock: a second long, so that even a slow machine's
        // frames show the slide's way.
        configuration.rowAnimation = RowAnimation(.slideDown, milliseconds: 1000)
        let (manager, storage, _) = makeManager(configuration)
        let window = show(manager)
        defer { gtk_widget_destroy(window) }
        storage.setItems(Array(0..<8))
        _ = GtkRuntime.iterate(until: { childRevealed(in: manager, at: 7) })
        let between = manager.boundRow(atPosition: 3)!.widget
        _ = GtkRuntime.iterate(until: { allocatedY(of: between) > 0 })
        let start = allocatedY(of: between)

        storage.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 1, section: 0))
        XCTAssertEqual((0..<manager.rowCount).map { manager.boundRow(atPosition: $0)!.model as? Int }, [0, 5, 1, 2, 3, 4, 6, 7])
        XCTAssertEqual(listBoxChildCount(manager), 9, "a gap stays where the row was")
        XCTAssertEqual(revealers(in: manager)[1], true, "the moved row opens in its new place")
        XCTAssertFalse(childRevealed(in: manager, at: 1), "from shut")

        var path: [Int] = []
        _ = GtkRuntime.iterate(until: {
            let y = allocatedY(of: between)
            if path.last != y { path.append(y) }
            return listBoxChildCount(manager) == 8 && childRevealed(in: manager, at: 1)
        })
        XCTAssertEqual(listBoxChildCount(manager), 8, "the gap goes when it has closed")
        XCTAssertEqual(path.first, start)
        XCTAssertGreaterThanOrEqual(path.count, 4, "a row between slid down by the moved row's height: \(path)")
        XCTAssertEqual(path, path.sorted(), "\(path)")
        XCTAssertEqual(path.last, start + allocatedHeight(of: manager.boundRow(atPosition: 1)!.widget), "\(path)")
        assertListMatchesStorage(manager, storage)
    }

    func testACellComingIntoTheFlowBoxGridFadesInWhereItGoes() throws {
        try MainActor.assumeIsolated { try SteppedFrameTime.during { try Self.cellFadesIn() } }
    }

    @MainActor private static func cellFadesIn() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.crossfade, milliseconds: 300)
        let storage = MemoryStorage()
        let host = FlowBoxGridHost()
        let manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.register(NumberRow.self)
        let window = show(manager)
        defer { gtk_widget_destroy(window) }
        storage.setItems(Array(0..<12))
        XCTAssertEqual(cellOpacity(of: 5, in: manager), 1, "a reload shows its cells at once")

        // Frame by frame of the animation's time, until the cell is opaque (a second at most).
        func fades(of model: Int) -> [Double] {
            var seen = [cellOpacity(of: model, in: manager) ?? -1]
            for _ in 0..<60 where seen.last != 1 {
                SteppedFrameTime.nextFrame(of: window)
                let opacity = cellOpacity(of: model, in: manager) ?? -1
                if seen.last != opacity { seen.append(opacity) }
            }
            return seen
        }
        try storage.insertItem(100, to: IndexPath(item: 3, section: 0))
        let inserted = fades(of: 100)
        XCTAssertEqual(inserted.first, 0, "\(inserted)")
        XCTAssertEqual(inserted.last, 1, "\(inserted)")
        XCTAssertGreaterThanOrEqual(inserted.count, 4, "an inserted cell fades in: \(inserted)")
        XCTAssertEqual(inserted, inserted.sorted())
        for _ in 0..<5 { SteppedFrameTime.nextFrame(of: window) }
        XCTAssertEqual(cellOpacity(of: 100, in: manager), 1, "and stays opaque")

        storage.moveItem(at: IndexPath(item: 9, section: 0), to: IndexPath(item: 0, section: 0))
        XCTAssertEqual(cellOpacity(of: 8, in: manager), 0, "a moved cell fades in where it goes")
        XCTAssertGreaterThanOrEqual(fades(of: 8).count, 4)

        host.withoutAnimation { try? storage.insertItem(101, to: IndexPath(item: 0, section: 0)) }
        XCTAssertEqual(cellOpacity(of: 101, in: manager), 1, "without animation a cell shows at once")
    }

    // MARK: - Helpers

    /// The opacity of the flow-box cell showing `model`, read from GTK.
    @MainActor private static func cellOpacity(of model: Int, in manager: ListManager) -> Double? {
        for position in 0..<manager.rowCount {
            guard let row = manager.boundRow(atPosition: position), row.model as? Int == model else { continue }
            return gtk_widget_get_ancestor(row.widget, gtk_flow_box_child_get_type()).map { gtk_widget_get_opacity($0) }
        }
        return nil
    }

    @MainActor private static func allocatedY(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(gtk_widget_get_ancestor(widget, gtk_list_box_row_get_type()), &allocation)
        return Int(allocation.y)
    }

    @MainActor private static func allocatedHeight(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        Int(gtk_widget_get_allocated_height(gtk_widget_get_ancestor(widget, gtk_list_box_row_get_type())))
    }

    @MainActor private static func show(_ manager: ListManager) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 300, 400)
        gtk_container_add(gcast(window), manager.widget)
        gtk_widget_show_all(window)
        _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(manager.widget) != 0 })
        return window
    }

    /// For each row of the list box, read through GTK: nil when its widget is not in a
    /// revealer, else whether the revealer is set to reveal.
    @MainActor private static func revealers(in manager: ListManager) -> [Bool?] {
        (0..<listBoxChildCount(manager)).map { index in
            let listRow = gtk_list_box_get_row_at_index(manager.listBox!, Int32(index))!
            guard let child = gtk_bin_get_child(gcast(listRow)),
                isA(child, gtk_revealer_get_type())
            else { return nil }
            return gtk_revealer_get_reveal_child(gcast(child)) != 0
        }
    }

    @MainActor private static func childRevealed(in manager: ListManager, at index: Int) -> Bool {
        guard let listRow = gtk_list_box_get_row_at_index(manager.listBox!, Int32(index)),
            let revealer = gtk_bin_get_child(gcast(listRow))
        else { return false }
        return gtk_revealer_get_child_revealed(gcast(revealer)) != 0
    }
}
