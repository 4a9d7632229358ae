import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The per-row closures of declarative rows, driven by real input under Xvfb.
final class DeclarativeEventTests: XCTestCase {
    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    func testTapBehavioursDecideTheSelectionAndSelectAndDeselectAreReported() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.tapBehaviours()
        }
    }

    @MainActor private static func tapBehaviours() throws {
        let manager = ListManager()
        var log: [String] = []
        func logged(_ name: String) -> (any TextShowingRow, String, IndexPath) -> Void {
            { row, model, indexPath in log.append("\(name) \(model) \(indexPath.item)" + (row.text == model ? "" : " (wrong view)")) }
        }
        manager.update {
            Section(id: 0) {
                Row<TitleRow>(model: "action") { row in
                    row.onTap = { view, model, indexPath in
                        logged("tap")(view, model, indexPath); return .deselect
                    }
                    row.onSelect = { logged("select")($0, $1, $2) }
                    row.onDeselect = { logged("deselect")($0, $1, $2) }
                }
                Row<TitleRow>(model: "choice") { row in
                    row.onTap = { view, model, indexPath in
                        logged("tap")(view, model, indexPath); return .keepSelection
                    }
                    row.onSelect = { logged("select")($0, $1, $2) }
                    row.onDeselect = { logged("deselect")($0, $1, $2) }
                }
                Row<TitleRow>(model: "plain") { row in
                    row.onSelect = { logged("select")($0, $1, $2) }
                    row.onDeselect = { logged("deselect")($0, $1, $2) }
                }
            }
        }
        let list = ShownList(manager)
        defer { list.close() }
        manager.selectedIndexPaths.forEach { manager.deselectItem(at: $0) }  // GTK may select the focused row
        log.removeAll()

        list.click(at(0))
        XCTAssertEqual(log, ["tap action 0"], "a deselecting tap is neither a selection nor a deselection")
        XCTAssertEqual(manager.selectedIndexPaths, [], "and really leaves the row unselected")

        log.removeAll()
        list.click(at(1))
        XCTAssertEqual(log, ["tap choice 1", "select choice 1"])
        XCTAssertEqual(manager.selectedIndexPaths, [at(1)])

        log.removeAll()
        list.click(at(2))
        XCTAssertEqual(log, ["deselect choice 1", "select plain 2"], "without onTap the row stays selected")
        XCTAssertEqual(manager.selectedIndexPaths, [at(2)])

        log.removeAll()
        list.click(at(0))
        XCTAssertEqual(log, ["deselect plain 2", "tap action 0"])
        XCTAssertEqual(manager.selectedIndexPaths, [])
    }

    func testTheDeleteKeyCallsOnDeleteAndTheDeclarationWithoutTheRowRemovesIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.deleteKey()
        }
    }

    @MainActor private static func deleteKey() throws {
        let manager = ListManager()
        var names = ["keep", "b", "c"]
        var log: [String] = []
        func declare() {
            manager.update {
                Section(
                    id: 0,
                    rows: Row<TitleRow>.rows(names) { row in
                        guard row.model != "keep" else { return }
                        row.onDelete = { view, model, indexPath in
                            log.append("delete \(model) \(indexPath.item) \(view.text)")
                            names.removeAll { $0 == model }
                            declare()
                        }
                    })
            }
        }
        declare()
        let list = ShownList(manager)
        defer { list.close() }
        let cWidget = inspectRows(of: manager.listBox!)[2].widget

        list.focus(at(1))
        list.press("Delete")
        XCTAssertEqual(log, ["delete b 1 b"])
        XCTAssertEqual(shownRows(manager).map(\.model), ["keep", "c"])
        XCTAssertEqual(inspectRows(of: manager.listBox!)[1].widget, cWidget, "the other rows keep their widgets")

        list.focus(at(0))
        list.press("Delete")
        XCTAssertEqual(log, ["delete b 1 b"], "a row without onDelete is not deletable")
        XCTAssertEqual(shownRows(manager).map(\.model), ["keep", "c"])
    }

    func testDisplayEventsReportARemovedRowWithTheDeclarationItWasShownWith() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.displayEvents()
        }
    }

    @MainActor private static func displayEvents() throws {
        let manager = ListManager()
        var log: [String] = []
        func rows(_ names: [String], tag: String) -> [Row<TitleRow>] {
            Row<TitleRow>.rows(names) { row in
                row.onWillDisplay = { _, model, indexPath in log.append("\(tag) show \(model) \(indexPath.item)") }
                row.onDidEndDisplay = { view, model, indexPath in log.append("\(tag) end \(model) \(indexPath.item) \(view.text)") }
            }
        }
        manager.update { Section(id: 0, rows: rows(["a", "b", "c"], tag: "old")) }
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(log.sorted(), ["old show a 0", "old show b 1", "old show c 2"])

        log.removeAll()
        manager.update { Section(id: 0, rows: rows(["a", "c", "d"], tag: "new")) }
        list.settle()
        XCTAssertEqual(log, ["old end b 1 b", "new show d 2"], "the removed row reports itself as it was; the new one appears")
    }

    func testANewDeclarationsClosuresAnswerWithoutRefreshingTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.newClosures()
        }
    }

    @MainActor private static func newClosures() throws {
        let manager = ListManager()
        var log: [String] = []
        func declare(_ version: String) {
            manager.update {
                Section(id: 0) {
                    Row<TitleRow>(model: "a") { row in
                        row.onTap = { _, _, _ in
                            log.append(version); return .deselect
                        }
                    }
                }
            }
        }
        declare("first")
        let list = ShownList(manager)
        defer { list.close() }
        manager.selectedIndexPaths.forEach { manager.deselectItem(at: $0) }  // GTK may select the focused row
        let view = manager.boundRow(at: at(0))?.view as? TitleRow
        declare("second")
        XCTAssertTrue(view != nil && manager.boundRow(at: at(0))?.view === view)
        XCTAssertEqual(view?.updateCount, 1, "closures are not content")

        list.click(at(0))
        XCTAssertEqual(log, ["second"])
    }

    func testAltDownMovesAMovableRowThroughOnMoveAndTheNewDeclarationMovesTheSameWidget() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.keyboardMove()
        }
    }

    @MainActor private static func keyboardMove() throws {
        let manager = ListManager()
        var names = ["a", "b", "c"]
        var log: [String] = []
        func declare() {
            manager.update {
                Section(
                    id: 0,
                    rows: Row<TitleRow>.rows(names) { row in
                        row.canMove = { _, model, _ in model != "c" }
                        row.onMove = { model, source, destination in
                            log.append("move \(model) \(source.item) → \(destination.item)")
                            names.insert(names.remove(at: source.item), at: destination.item)
                            declare()
                        }
                    })
            }
        }
        declare()
        let list = ShownList(manager)
        defer { list.close() }
        let aWidget = inspectRows(of: manager.listBox!)[0].widget

        list.focus(at(0))
        list.press("alt+Down")
        XCTAssertEqual(log, ["move a 0 → 1"])
        XCTAssertEqual(shownRows(manager).map(\.model), ["b", "a", "c"])
        XCTAssertEqual(inspectRows(of: manager.listBox!)[1].widget, aWidget, "the same widget moved")

        list.focus(at(2))
        list.press("alt+Up")
        XCTAssertEqual(log, ["move a 0 → 1"], "c cannot move")
    }

    func testAnUpdateDeclaredWhileTheListAppliesAnotherFollowsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.reentrantUpdate()
        }
    }

    @MainActor private static func reentrantUpdate() throws {
        let manager = ListManager()
        manager.update {
            Section(id: 0) {
                Row<TitleRow>(model: "a")
                Row<TitleRow>(model: "b") { row in
                    // Runs while the list removes the row: the new declaration must wait for that.
                    row.onDidEndDisplay = { _, model, _ in
                        manager.update { Section(id: 0, rows: Row<TitleRow>.rows(["a", "gone: \(model)"])) }
                    }
                }
            }
        }
        let list = ShownList(manager)
        defer { list.close() }
        manager.update { Section(id: 0, rows: [Row<TitleRow>(model: "a")]) }
        XCTAssertEqual(shownRows(manager).map(\.description), ["item a (TitleRow: a)", "item gone: b (TitleRow: gone: b)"])
        XCTAssertEqual(manager.rowCount, 2)
    }
}
