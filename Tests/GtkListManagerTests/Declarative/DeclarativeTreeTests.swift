import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Declared rows with children show as trees on both tree hosts: indented, opened and closed by
/// the arrow and the keys, the open state following the user or the declaration, whichever
/// changed last, and kept by identity through new declarations and closed ancestors.
final class DeclarativeTreeTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    /// home ▸ docs ▸ a, b; home ▸ music; etc ▸ hosts, in a tree section; then a plain section.
    @MainActor private static func declare(
        on manager: ListManager, homeOpen: Bool = false, docsChildren: [String] = ["a", "b"], animated: Bool = true
    ) {
        manager.update(animated: animated) {
            Section(id: "Places") {
                Row<NameRow>(model: "home", isExpanded: homeOpen) {
                    Row<NameRow>(model: "docs", children: Row<NameRow>.rows(docsChildren))
                    Row<NameRow>(model: "music")
                }
                Row<NameRow>(model: "etc", children: [Row<NameRow>(model: "hosts")])
            }
            Section(id: "Plain", rows: Row<NameRow>.rows(["x", "y"]))
        }
    }

    @MainActor private static func show(on host: any ListHost, homeOpen: Bool = false) -> (ListManager, ShownList) {
        let manager = ListManager(host: host)
        declare(on: manager, homeOpen: homeOpen)
        let list = ShownList(manager, width: 300, height: 400)
        list.settleFrame()
        return (manager, list)
    }

    /// The labels of the bound rows, in list order (the tree, then the plain section), read
    /// from GTK.
    @MainActor private static func shown(_ manager: ListManager) -> [String] {
        (0..<manager.rowCount).compactMap {
            (manager.boundRow(atPosition: $0)?.view as? NameRow).map { String(cString: gtk_label_get_text(gcast($0.widget))) }
        }
    }

    /// The start margins of the bound rows, in list order, read from GTK.
    @MainActor private static func margins(_ manager: ListManager) -> [Int32] {
        (0..<manager.rowCount).compactMap { manager.boundRow(atPosition: $0).map { gtk_widget_get_margin_start($0.widget) } }
    }

    func testADeclaredTreeShowsItsOpenRowsIndentedAndPlainSectionsStayPlain() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, list) = Self.show(on: make(), homeOpen: true)
                defer { list.close() }
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc", "x", "y"], name)
                XCTAssertEqual(
                    Self.margins(manager), [16, 32, 32, 16, 0, 0], "\(name): a level and the arrow's room; none in a plain section")
            }
        }
    }

    func testARowDeclaredUnderAnotherParentInPlaceIsIndentedAtItsNewLevel() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let manager = ListManager(host: make())
                // p (open) ▸ a; then c, first after p, then as p's second child: the same row.
                @MainActor func declare(cUnderP: Bool) {
                    let children: [AnyRow] = cUnderP ? [Row<NameRow>(model: "a"), Row<NameRow>(model: "c")] : [Row<NameRow>(model: "a")]
                    manager.update {
                        Section(id: "T") {
                            Row<NameRow>(model: "p", isExpanded: true, children: children)
                            if !cUnderP { Row<NameRow>(model: "c") }
                            Row<NameRow>(model: "q")
                        }
                    }
                }
                declare(cUnderP: false)
                let list = ShownList(manager, width: 300, height: 400)
                defer { list.close() }
                list.settleFrame()
                XCTAssertEqual(Self.margins(manager), [16, 32, 16, 16], name)
                declare(cUnderP: true)
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["p", "a", "c", "q"], name)
                XCTAssertEqual(Self.margins(manager), [16, 32, 32, 16], "\(name): c, now p's child, is indented as a is, read from GTK")
            }
        }
    }

    func testTheUsersChoiceSurvivesTheSameDeclarationAndAClosedAncestor() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                var events: [String] = []
                let (manager, list) = Self.show(on: make())
                defer { list.close() }
                manager.didExpand(String.self) { model, _ in events.append("open \(model)") }
                manager.didCollapse(String.self) { model, _ in events.append("close \(model)") }
                list.click(widget: try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.widget))
                list.press(mirroredKey("Right"))
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc", "x", "y"], "\(name): Right opens home")
                let docsWidget = manager.boundRow(at: IndexPath(item: 1, section: 0))?.widget
                list.press("Down", "plus")
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "a", "b", "music", "etc", "x", "y"], "\(name): + opens docs")

                Self.declare(on: manager)
                list.settleFrame()
                XCTAssertEqual(
                    Self.shown(manager), ["home", "docs", "a", "b", "music", "etc", "x", "y"],
                    "\(name): the same declaration keeps them open")
                XCTAssertEqual(manager.boundRow(at: IndexPath(item: 1, section: 0))?.widget, docsWidget, "\(name): and the widgets")

                list.press("Up", mirroredKey("Left"))
                XCTAssertEqual(Self.shown(manager), ["home", "etc", "x", "y"], "\(name): Left closes home")
                list.press("plus")
                XCTAssertEqual(
                    Self.shown(manager), ["home", "docs", "a", "b", "music", "etc", "x", "y"], "\(name): docs stayed open under it")
                XCTAssertEqual(events, ["open home", "open docs", "close home", "open home"], name)

                Self.declare(on: manager, homeOpen: true)
                Self.declare(on: manager, homeOpen: false)
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "etc", "x", "y"], "\(name): a declaration that changes the flag wins")
            }
        }
    }

    func testTheArrowAndStarOpenAndNewChildrenArriveInPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, list) = Self.show(on: make())
                defer { list.close() }
                // (A list box selects its first row when its window takes the focus.)
                let selectedBefore = manager.selectedIndexPaths
                let arrow = try TreeFixture.arrowPoint(of: 1, in: manager, list: list)
                list.xdotool(["mousemove", String(arrow.0), String(arrow.1), "click", "1"])
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "etc", "hosts", "x", "y"], "\(name): the arrow opens etc")
                XCTAssertEqual(manager.selectedIndexPaths, selectedBefore, "\(name): and selects nothing")

                list.click(widget: try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))?.widget))
                list.press("asterisk")
                XCTAssertEqual(
                    Self.shown(manager), ["home", "docs", "a", "b", "music", "etc", "hosts", "x", "y"], "\(name): * opens everything")

                let aWidget = manager.boundRow(at: IndexPath(item: 2, section: 0))?.widget
                Self.declare(on: manager, docsChildren: ["a", "new", "b"])
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "a", "new", "b", "music", "etc", "hosts", "x", "y"], name)
                XCTAssertEqual(manager.boundRow(at: IndexPath(item: 2, section: 0))?.widget, aWidget, "\(name): a keeps its widget")
                XCTAssertEqual(Self.margins(manager)[3], 48, "\(name): the new child sits at its level")
            }
        }
    }

    func testASelectedRowHiddenByACollapseIsSelectedAgainWhenItShows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, list) = Self.show(on: make(), homeOpen: true)
                defer { list.close() }
                list.click(widget: try XCTUnwrap(manager.boundRow(at: IndexPath(item: 2, section: 0))?.widget))
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "\(name): music selected")
                for _ in 0..<2 {
                    let arrow = try TreeFixture.arrowPoint(of: 0, in: manager, list: list)
                    list.xdotool(["mousemove", String(arrow.0), String(arrow.1), "click", "1"])
                    list.settleFrame()
                }
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc", "x", "y"], name)
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "\(name): music selected again")
            }
        }
    }

    func testATreeOfModelsDeclaresEveryLevel() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let children = ["home": ["docs", "music"], "docs": ["a"], "etc": [String]()]
            let manager = ListManager(host: VirtualListHost())
            manager.update {
                Section(id: "tree", rows: Row<NameRow>.outline(["home", "etc"], children: { children[$0] }, isExpanded: { $0 != "etc" }))
            }
            let list = ShownList(manager, width: 300, height: 400)
            defer { list.close() }
            list.settleFrame()
            XCTAssertEqual(Self.shown(manager), ["home", "docs", "a", "music", "etc"])
            XCTAssertEqual(Self.margins(manager), [16, 32, 48, 32, 16])
            let etc = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 4, section: 0)))
            let room = WidgetPixels.read(try XCTUnwrap(etc.hostWidget), region: TreeFixture.arrowRegion(of: etc))
            XCTAssertEqual(Set(room).count, 1, "a parent without children shows no arrow")
        }
    }
}
