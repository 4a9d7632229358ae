import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Declared rows in the manager's own event system: reactions registered on the manager for a
/// row class or a model type answer for `Row<R>` rows with the model the user declared, after
/// the row's own closures had their turn.
final class DeclarativeManagerEventTests: XCTestCase {
    private static func at(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    func testAManagerLevelDidSelectFiresForADeclaredRowWithItsDeclaredModel() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.managerLevelDidSelect()
        }
    }

    @MainActor private static func managerLevelDidSelect() throws {
        let manager = ListManager()
        let anomalies = AnomalyRecorder(manager)
        manager.update { Section(id: 0, rows: Row<TitleRow>.rows(["apple", "pear"])) }
        var selected: [(String, IndexPath, Bool)] = []
        manager.didSelect(TitleRow.self) { row, model, indexPath in selected.append((model, indexPath, row.text == model)) }
        var changes: [[String]] = []
        manager.selectionDidChange(of: String.self) { models, _ in changes.append(models) }
        let list = ShownList(manager)
        defer { list.close() }
        manager.selectedIndexPaths.forEach { manager.deselectItem(at: $0) }  // GTK may select the focused row

        list.click(at(1))
        XCTAssertEqual(selected.map(\.0), ["pear"], "the model the row was declared with, not its slot")
        XCTAssertEqual(selected.map(\.1), [at(1)])
        XCTAssertEqual(selected.map(\.2), [true], "the closure gets the row view that shows it")
        XCTAssertEqual(changes.last, ["pear"], "typed selection observers get declared models too")
        XCTAssertEqual(anomalies.reports, [], "the declared row class counts as a mapping: no anomaly")
    }

    func testTheRowsOwnClosureAnswersFirstAndTheManagersReactionAnswersForOtherRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.declaredClosuresFirst()
        }
    }

    @MainActor private static func declaredClosuresFirst() throws {
        let manager = ListManager()
        var log: [String] = []
        manager.update {
            Section(id: 0) {
                Row<TitleRow>(model: "own") { row in row.onSelect = { _, model, _ in log.append("row \(model)") } }
                Row<TitleRow>(model: "plain")
            }
        }
        manager.didSelect(TitleRow.self) { _, model, _ in log.append("manager \(model)") }
        let list = ShownList(manager)
        defer { list.close() }
        manager.selectedIndexPaths.forEach { manager.deselectItem(at: $0) }

        list.click(at(0))
        list.click(at(1))
        XCTAssertEqual(log, ["row own", "manager plain"], "only the first matching reaction fires")
    }

    func testModelEventsOnTheManagerAnswerWithTheDeclaredModel() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.modelEvents()
        }
    }

    @MainActor private static func modelEvents() throws {
        let manager = ListManager()
        manager.heightForRow(String.self) { model, _ in model == "tall" ? 90 : -1 }
        manager.update { Section(id: 0, rows: Row<TitleRow>.rows(["tall", "short"])) }
        let list = ShownList(manager)
        defer { list.close() }
        let heights = (0..<2).map { gtk_widget_get_allocated_height(gcast(list.listRow(at: at($0)))) }
        XCTAssertEqual(heights[0], 90, "heightForRow(String.self) answered for the declared \"tall\"")
        XCTAssertLessThan(heights[1], 90)
    }

    func testAnEventRegisteredBeforeTheFirstDeclarationIsNotReportedUnused() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.noUnusedEventAnomaly()
        }
    }

    @MainActor private static func noUnusedEventAnomaly() throws {
        let manager = ListManager()
        let anomalies = AnomalyRecorder(manager)
        manager.eventVerificationDelay = 0.05
        manager.didActivate(TitleRow.self) { _, _, _ in }
        manager.update { Section(id: 0, rows: [Row<TitleRow>(model: "a")]) }
        MainLoop.settle(milliseconds: 200)
        XCTAssertEqual(
            anomalies.reports, [.eventRegistrationForUnregisteredMapping(rowClass: "TitleRow", event: "didActivate")],
            "reported when registered, as for any row class not shown yet; not reported unused once declared")

        var activated: [String] = []
        manager.didActivate(TitleRow.self) { _, model, _ in activated.append(model) }
        gtk_widget_activate(gcast(manager.boundRow(at: at(0))!.listBoxRow!))
        XCTAssertEqual(activated, [], "the first registration stays the one that answers")
    }

    func testUpdateRunsItsCompletionOnceTheRowsAreInTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.updateCompletion()
        }
    }

    @MainActor private static func updateCompletion() throws {
        let manager = ListManager()
        var seen: [[String]] = []
        func rows() -> [String] { shownRows(manager).map(\.model) }
        manager.update(completion: { seen.append(rows()) }) { Section(id: 0, rows: Row<TitleRow>.rows(["a"])) }
        manager.update(completion: { seen.append(rows()) }) { Section(id: 0, rows: Row<TitleRow>.rows(["a", "b"])) }
        manager.update(animated: false, completion: { seen.append(rows()) }) { Section(id: 0, rows: Row<TitleRow>.rows(["a", "b"])) }
        XCTAssertEqual(seen, [["a"], ["a", "b"], ["a", "b"]], "first load, a change, no change")

        // Declared from an event closure while the list applies another update: after that one.
        manager.update {
            Section(id: 0) {
                Row<TitleRow>(model: "a")
                Row<TitleRow>(model: "b") { row in
                    row.onDidEndDisplay = { _, _, _ in
                        manager.update(completion: { seen.append(rows()) }) { Section(id: 0, rows: Row<TitleRow>.rows(["c"])) }
                        seen.append(["declared while \(rows().count) rows show"])
                    }
                }
            }
        }
        let list = ShownList(manager)
        defer { list.close() }
        seen.removeAll()
        manager.update { Section(id: 0, rows: Row<TitleRow>.rows(["a"])) }
        XCTAssertEqual(seen, [["declared while 2 rows show"], ["c"]])
    }
}
