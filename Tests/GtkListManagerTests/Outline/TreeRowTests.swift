import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Rows of a tree on the list-box and virtualized hosts, read back from GTK and driven by real
/// input: indentation by level with room for the arrow, the arrow opening and closing a row
/// without selecting it, and the keys of file managers.
final class TreeRowTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow
    private static let hosts = TreeFixture.hosts

    @MainActor private static func makeTree(_ host: any ListHost, _ configure: (ListManager) -> Void = { _ in })
        -> (ListManager, OutlineStorage<String, String>, ShownList)
    {
        TreeFixture.show(TreeFixture.files(), on: host) { manager in
            manager.register(NameRow.self)
            configure(manager)
        }
    }

    @MainActor private static func shown(_ manager: ListManager) -> [String] { TreeFixture.shown(manager) }

    func testRowsAreIndentedByTheirLevelWithRoomForTheArrow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let (manager, storage, list) = Self.makeTree(make())
                defer { list.close() }
                storage.expand(["home", "docs"])
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "a", "b", "music", "etc"], name)
                let margins = (0..<6).map { gtk_widget_get_margin_start(manager.boundRow(at: IndexPath(item: $0, section: 0))!.widget) }
                XCTAssertEqual(margins, [16, 32, 48, 48, 32, 16], "\(name): 16 px a level and 16 for the arrow, read from GTK")
            }
        }
    }

    func testARowWhoseLevelChangesInPlaceStartsWhereItsNewLevelStarts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                // p ▸ a (open); c and q on the top level.
                var outline = OutlineSnapshot<String>()
                outline.append(["p", "c", "q"])
                outline.append(["a"], to: "p")
                outline.expand(["p"])
                let (manager, storage, list) = TreeFixture.show(outline, on: make()) { $0.register(NameRow.self) }
                defer { list.close() }
                XCTAssertEqual(Self.shown(manager), ["p", "a", "c", "q"], name)
                // c becomes p's second child: its row stays where it was, one level deeper.
                var reparented = storage.outline(of: "Places")
                XCTAssertNil(reparented.move(["c"], to: .into("p")))
                storage.apply(reparented, to: "Places")
                list.settleFrame()
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["p", "a", "c", "q"], name)
                XCTAssertEqual(storage.outlinePlace(at: IndexPath(item: 2, section: 0))?.level, 1, name)
                let starts = (0..<4).map { Self.labelStart(of: $0, in: manager) }
                XCTAssertEqual(starts[2], starts[1], "\(name): c's label starts where a's does, read from GTK: \(starts)")
                XCTAssertGreaterThan(starts[2], starts[3], "\(name): and further in than the top level's: \(starts)")
            }
        }
    }

    /// How far from the list's start edge the label of the row at `item` starts, as GTK
    /// allocated it (from the right edge right to left).
    @MainActor private static func labelStart(of item: Int, in manager: ListManager) -> Int32 {
        guard let label = manager.boundRow(at: IndexPath(item: item, section: 0))?.widget else { return -1 }
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(label, manager.widget, 0, 0, &x, &y)
        guard TestTextDirection.isRightToLeft else { return x }
        return gtk_widget_get_allocated_width(manager.widget) - x - gtk_widget_get_allocated_width(label)
    }

    func testExpandingAHundredThousandChildrenBindsOnlyWhatIsOnScreen() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let storage = OutlineStorage<String, String>()
            var outline = OutlineSnapshot<String>()
            outline.append(["big", "after"])
            outline.append((0..<100_000).map { "child \($0)" }, to: "big")
            storage.apply(outline, to: "Big")
            let manager = ListManager(host: VirtualListHost(), storage: storage)
            manager.register(NameRow.self)
            manager.selectionMode = .multiple
            let list = ShownList(manager, width: 300, height: 400)
            defer { list.close() }
            list.settleFrame()
            XCTAssertTrue(manager.selectItem(at: IndexPath(item: 1, section: 0)))  // "after"
            storage.expand(["big"])
            list.settleFrame()
            XCTAssertEqual(manager.rowCount, 100_002)
            XCTAssertEqual(Array(Self.shown(manager).prefix(3)), ["big", "child 0", "child 1"])
            XCTAssertLessThan(Self.shown(manager).count, 60, "rows are bound for the viewport, not for the children")
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 100_001, section: 0)], "the selection moved below the run")
            XCTAssertTrue(manager.scrollTo(IndexPath(item: 70_001, section: 0), alignment: .top))
            list.settleFrame()
            XCTAssertEqual(
                (manager.boundRow(at: IndexPath(item: 70_001, section: 0))?.view as? NameRow).map {
                    String(cString: gtk_label_get_text(gcast($0.widget)))
                },
                "child 70000")
            storage.collapse(["big"])
            list.settleFrame()
            XCTAssertEqual(Self.shown(manager), ["big", "after"])
            XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)])
        }
    }

    func testAPressOnTheArrowOpensAndClosesTheRowWithoutSelectingIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                var opened: [String] = [], closed: [String] = []
                let (manager, _, list) = Self.makeTree(make()) { manager in
                    manager.willExpand(String.self) { model, _ in opened.append("will \(model)") }
                    manager.didExpand(String.self) { model, _ in opened.append(model) }
                    manager.didCollapse(String.self) { model, _ in closed.append(model) }
                }
                defer { list.close() }
                let selectedBefore = manager.selectedIndexPaths
                let arrow = try TreeFixture.arrowPoint(of: 0, in: manager, list: list)
                list.xdotool(["mousemove", String(arrow.0), String(arrow.1), "click", "1"])
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc"], "\(name): the arrow opens home")
                XCTAssertEqual(manager.selectedIndexPaths, selectedBefore, "\(name): and selects nothing")
                XCTAssertEqual(opened, ["will home", "home"])
                list.xdotool(["click", "1"])
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "etc"], "\(name): a second press closes it")
                XCTAssertEqual(closed, ["home"])
                // A press on the row's text selects it and opens nothing.
                list.click(widget: try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0))?.widget))
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], name)
                XCTAssertEqual(Self.shown(manager), ["home", "etc"], name)
            }
        }
    }

    func testKeysOpenCloseAndMoveAsInAFileManager() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let (manager, storage, list) = Self.makeTree(make())
                defer { list.close() }
                list.click(widget: try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.widget))
                list.press(mirroredKey("Right"))
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc"], "\(name): Right opens")
                list.press(mirroredKey("Right"))
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], "\(name): Right again goes to the first child")
                list.press("asterisk")
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "a", "b", "music", "etc"], "\(name): * opens everything under docs")
                list.press(mirroredKey("Left"))
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc"], "\(name): Left closes")
                list.press(mirroredKey("Left"))
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 0, section: 0)], "\(name): Left again goes to the parent")
                list.press("Down", "plus", "Up", "minus")
                XCTAssertEqual(Self.shown(manager), ["home", "etc"], "\(name): + opens docs, - closes home")
                XCTAssertTrue(storage.outline(of: "Places").isExpanded("docs"), "\(name): docs keeps its flag under closed home")
                list.press("plus")
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "a", "b", "music", "etc"], "\(name): + opens home as it was")
                list.press("Down", "Down", "BackSpace")
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], "\(name): Backspace goes from a to docs")
            }
        }
    }

    func testShouldExpandMayRefuse() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                var asked: [String] = []
                let (manager, _, list) = Self.makeTree(make()) { manager in
                    manager.shouldExpand(String.self) { model, _ in
                        asked.append(model)
                        return model != "etc"
                    }
                }
                defer { list.close() }
                list.click(widget: try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0))?.widget))
                list.press("plus")
                XCTAssertEqual(Self.shown(manager), ["home", "etc"], "\(name): etc may not open")
                XCTAssertEqual(asked, ["etc"])
            }
        }
    }

    func testSelectedRowsHiddenByACollapseFollowThePolicy() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                for policy in [HiddenSelectionPolicy.keep, .selectParent, .deselect] {
                    let (manager, storage, list) = Self.makeTree(make()) { $0.selectionMode = .multiple }
                    defer { list.close() }
                    manager.selectionHiddenByCollapse = policy
                    storage.expand(["home", "docs"])
                    list.settleFrame()
                    let a = IndexPath(item: 2, section: 0), docs = IndexPath(item: 1, section: 0)
                    // A list box selects its first row when the window first takes the focus.
                    for selected in manager.selectedIndexPaths { manager.deselectItem(at: selected) }
                    manager.selectItem(at: a)
                    gtk_widget_grab_focus(try XCTUnwrap(manager.boundRow(at: docs)?.hostWidget))
                    list.settle()
                    list.press("minus")
                    XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc"], "\(name), \(policy)")
                    XCTAssertEqual(
                        manager.selectedIndexPaths, policy == .selectParent ? [docs] : [], "\(name), \(policy): while a is hidden")
                    list.press("plus")
                    let expected: [IndexPath] =
                        switch policy {
                        case .keep: [a]
                        case .selectParent: [docs]
                        case .deselect: []
                        }
                    XCTAssertEqual(manager.selectedIndexPaths, expected, "\(name), \(policy): a shown again")
                }
            }
        }
    }

    func testTheArrowIsDrawnOpenOrClosedAndLeavesHaveNone() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let (manager, storage, list) = Self.makeTree(make())
                defer { list.close() }
                storage.expand(["home"])
                list.settleFrame()
                @MainActor func arrowPixels(_ item: Int) -> [UInt32] {
                    let row = manager.boundRow(at: IndexPath(item: item, section: 0))!
                    return WidgetPixels.read(row.hostWidget!, region: TreeFixture.arrowRegion(of: row))
                }
                let open = arrowPixels(0), closed = arrowPixels(1), leaf = arrowPixels(2)
                XCTAssertNotEqual(open, closed, "\(name): open and closed arrows differ")
                XCTAssertEqual(Set(leaf).count, 1, "\(name): a leaf's arrow room is plain background")
                XCTAssertGreaterThan(Set(closed).count, 1, "\(name): a closed arrow is drawn")
            }
        }
    }
}
