import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A finger on every host, through GTK's simulated touchscreen (its `touchscreen` debug flag:
/// GTK's gestures, the scrolled window's kinetic panning among them, take the X server's pointer
/// for a finger; Xvfb has no touch device). A tap selects and activates, a long press opens the
/// context menu when the finger lifts or drags the row when it moves on, and a finger that moves
/// scrolls the list — kinetically — without selecting, drawing a band or dragging.
final class TouchInputTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "row \(model)") }
    }

    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    /// The four hosts, made anew for each use.
    @MainActor private static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }),
        ("flow box grid", { FlowBoxGridHost() }),
        ("virtualized list", { VirtualListHost() }),
        ("virtualized grid", { VirtualListHost.virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 60))) }),
    ]

    /// Runs `body` with GTK taking the pointer for a finger.
    @MainActor private static func touching(_ body: () throws -> Void) rethrows {
        let flags = gtk_get_debug_flags()
        gtk_set_debug_flags(flags | GTK_DEBUG_TOUCHSCREEN.rawValue)
        defer { gtk_set_debug_flags(flags) }
        try body()
    }

    @MainActor private static func makeList(
        _ host: any ListHost, count: Int = 200, _ configure: (ListManager) -> Void = { _ in }
    ) -> (ListManager, ShownList) {
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        configure(manager)
        manager.memoryStorage?.setItems(Array(0..<count))
        let list = ShownList(manager, width: 300, height: 300)
        list.settleFrame()
        return (manager, list)
    }

    /// The screen point of the middle of the item's row widget.
    @MainActor private static func point(of item: Int, in manager: ListManager, list: ShownList) throws -> (Int32, Int32) {
        let rowWidget = try XCTUnwrap(manager.boundRow(at: at(item))?.hostWidget, "item \(item) has a widget")
        return list.screenPoint(in: rowWidget, x: gtk_widget_get_allocated_width(rowWidget) / 2)
    }

    /// A finger down at `point`, resting `holdMilliseconds`, then moving by `path` offsets, then
    /// lifted unless `lift` is false.
    @MainActor private static func touch(
        _ list: ShownList, at point: (Int32, Int32), hold holdMilliseconds: Int = 0, moving path: [(Int32, Int32)] = [],
        lift: Bool = true
    ) {
        list.xdotool(["mousemove", String(point.0), String(point.1), "mousedown", "1"])
        if holdMilliseconds > 0 { list.settle(milliseconds: holdMilliseconds) }
        // One run of motions 10 ms apart, as a finger sends them, lifted right after the last.
        var motions: [String] = []
        for offset in path {
            motions += ["mousemove", String(point.0 + offset.0), String(point.1 + offset.1), "sleep", "0.01"]
        }
        if lift { motions += ["mouseup", "1"] }
        if !motions.isEmpty { list.xdotoolWhileRunning(motions) }
        list.settleFrame()
    }

    func testATapSelectsAndActivatesTheRowOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.touching {
                for (name, make) in Self.hosts {
                    let host = make()
                    var activated: [IndexPath] = []
                    let (manager, list) = Self.makeList(host) { manager in
                        manager.didActivate(NameRow.self) { _, _, indexPath in activated.append(indexPath) }
                    }
                    defer { list.close() }
                    host.activatesOnSingleClick = false  // a click would need two; a finger needs one
                    Self.touch(list, at: try Self.point(of: 3, in: manager, list: list))
                    list.settle(milliseconds: 100)
                    XCTAssertEqual(activated, [Self.at(3)], "\(name): one tap, one activation")
                    XCTAssertEqual(manager.selectedIndexPaths, [Self.at(3)], "\(name): the tapped row is selected")
                }
            }
        }
    }

    func testALongPressOpensTheRowsMenuWhenTheFingerLiftsOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.touching {
                for (name, make) in Self.hosts {
                    var asked: [IndexPath] = []
                    let (manager, list) = Self.makeList(make()) { manager in
                        manager.contextMenu(NameRow.self) { _, _, indexPath in
                            asked.append(indexPath)
                            return [MenuItem("Open") {}]
                        }
                    }
                    defer { list.close() }
                    let point = try Self.point(of: 2, in: manager, list: list)
                    Self.touch(list, at: point, hold: 1_500, lift: false)
                    XCTAssertNil(manager.shownContextMenu, "\(name): no menu while the finger rests")
                    list.releaseButton()
                    list.settleFrame()
                    XCTAssertEqual(asked, [Self.at(2)], "\(name): the menu is the held row's")
                    let menu = try XCTUnwrap(manager.shownContextMenu, "\(name): the menu is up")
                    XCTAssertNotEqual(gtk_widget_get_visible(gcast(menu)), 0)
                    XCTAssertEqual(manager.selectedIndexPaths, [Self.at(2)], "\(name): as a right-click, it selects the row")
                    list.press("Escape")
                }
            }
        }
    }

    func testALongPressThenAMoveDragsTheRowOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.touching {
                for (name, make) in Self.hosts {
                    var dragged: [IndexPath] = []
                    var menus = 0
                    let (manager, list) = Self.makeList(make()) { manager in
                        manager.itemsForBeginningDrag(NameRow.self) { _, model, _ in [DragItem(text: "row \(model)")] }
                        manager.dragSessionWillBegin { dragged.append($0.sourceIndexPath) }
                        manager.contextMenu(NameRow.self) { _, _, _ in
                            menus += 1
                            return [MenuItem("Open") {}]
                        }
                    }
                    defer { list.close() }
                    Self.touch(
                        list, at: try Self.point(of: 1, in: manager, list: list), hold: 1_500, moving: [(10, 30), (20, 60)], lift: false)
                    XCTAssertEqual(dragged, [Self.at(1)], "\(name): the held row is dragged")
                    list.press("Escape")
                    list.releaseButton()
                    list.settle(milliseconds: 700)  // the cancelled drag's icon flies back
                    XCTAssertEqual(menus, 0, "\(name): a drag opens no menu")
                }
            }
        }
    }

    func testAFingerThatMovesScrollsKineticallyWithoutSelectingOrDraggingOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.touching {
                for (name, make) in Self.hosts {
                    let host = make()
                    var dragged = 0, activated = 0
                    let (manager, list) = Self.makeList(host, count: 2_000) { manager in
                        manager.canMove(NameRow.self) { _, _, _ in true }
                        manager.dragSessionWillBegin { _ in dragged += 1 }
                        manager.didActivate(NameRow.self) { _, _, _ in activated += 1 }
                    }
                    defer { list.close() }
                    manager.selectionMode = .multiple
                    let adjustment = gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
                    let start = try Self.point(of: 8, in: manager, list: list)
                    let selectedBefore = manager.selectedIndexPaths
                    // A quick upward flick: the finger leaves with speed. GTK reads the speed from
                    // the last motions' times; xdotool, late on a loaded machine, can send the lift
                    // after a pause that leaves none, so a flick that did not go on is tried once more.
                    var atLift = 0.0, later = 0.0
                    for _ in 0..<2 where later <= atLift {
                        Self.touch(list, at: start, moving: (1...12).map { (0, -20 * Int32($0)) })
                        atLift = gtk_adjustment_get_value(adjustment)
                        list.settle(milliseconds: 500)
                        later = gtk_adjustment_get_value(adjustment)
                    }
                    XCTAssertGreaterThan(atLift, 0, "\(name): the list followed the finger")
                    XCTAssertGreaterThan(later, atLift, "\(name): and went on after it lifted (kinetic scrolling)")
                    XCTAssertEqual(manager.selectedIndexPaths, selectedBefore, "\(name): no row selected, no band drawn")
                    XCTAssertEqual(dragged, 0, "\(name): no row dragged")
                    XCTAssertEqual(activated, 0, "\(name): no row activated")
                }
            }
        }
    }
}
