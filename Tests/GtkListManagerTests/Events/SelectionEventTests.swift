import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Selection, activation and highlight events, driven by real pointer input under Xvfb.
final class SelectionEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    @MainActor private static func makeList(_ names: [String] = ["a", "b", "c", "d"]) -> (ListManager, ShownList) {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(names)
        return (manager, ShownList(manager))
    }

    func testAClickReportsDidSelectWithTheRowModelAndIndexPath() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aClickReportsDidSelect()
        }
    }

    @MainActor private static func aClickReportsDidSelect() throws {
        let manager = ListManager()
        var selected: [(String, IndexPath, Bool)] = []
        manager.register(NameRow.self) { mapping in
            mapping.didSelect { row, model, indexPath in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                selected.append((model, indexPath, label == model))
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertTrue(selected.isEmpty, "showing the list (and GTK selecting the focused row) is not a user selection")

        list.click(IndexPath(item: 2, section: 0))
        XCTAssertEqual(selected.map(\.0), ["c"])
        XCTAssertEqual(selected.map(\.1), [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(selected.map(\.2), [true], "the closure gets the row that shows the model")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)])
    }

    func testSelectionByCodeIsNotReported() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.selectionByCodeIsNotReported()
        }
    }

    @MainActor private static func selectionByCodeIsNotReported() throws {
        let (manager, list) = makeList()
        defer { list.close() }
        var reports: [String] = []
        manager.didSelect(NameRow.self) { _, model, _ in reports.append("select \(model)") }
        manager.didDeselect(NameRow.self) { _, model, _ in reports.append("deselect \(model)") }
        manager.selectionDidChange { _ in reports.append("change") }

        XCTAssertTrue(manager.selectItem(at: IndexPath(item: 3, section: 0)))
        XCTAssertTrue(manager.deselectItem(at: IndexPath(item: 3, section: 0)))
        XCTAssertFalse(manager.selectItem(at: IndexPath(item: 9, section: 0)), "no such item")
        gtk_widget_grab_focus(manager.widget)  // GTK may select the focused row by itself
        list.settle()
        XCTAssertEqual(reports, [])

        list.click(IndexPath(item: 1, section: 0))
        // Whatever GTK selected by itself is deselected by the click, and that is the user's doing.
        XCTAssertEqual(Array(reports.suffix(2)), ["select b", "change"])
        XCTAssertTrue(reports.dropLast(2).allSatisfy { $0.hasPrefix("deselect") }, "\(reports)")
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)])
    }

    func testWillSelectRefusesAndRedirects() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.willSelectRefusesAndRedirects()
        }
    }

    @MainActor private static func willSelectRefusesAndRedirects() throws {
        let manager = ListManager()
        var selected: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.willSelect { _, model, indexPath in
                switch model {
                case "locked": nil  // refuse
                case "alias": IndexPath(item: 0, section: 0)  // select "target" instead
                default: indexPath
                }
            }
            mapping.didSelect { _, model, _ in selected.append(model) }
        }
        manager.memoryStorage?.setItems(["target", "locked", "alias", "plain"])
        let list = ShownList(manager)
        defer { list.close() }

        list.click(IndexPath(item: 3, section: 0))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 0)])
        list.click(IndexPath(item: 1, section: 0))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 3, section: 0)], "a refused selection keeps the previous one")
        list.click(IndexPath(item: 2, section: 0))
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 0, section: 0)], "redirected to the target row")
        XCTAssertEqual(selected, ["plain", "target"])
    }

    func testMultipleSelectionReportsDeselectAndTheTypedSelectedModels() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.multipleSelection()
        }
    }

    @MainActor private static func multipleSelection() throws {
        let (manager, list) = makeList()
        defer { list.close() }
        gtk_list_box_set_selection_mode(manager.listBox!, GTK_SELECTION_MULTIPLE)
        manager.activatesOnSingleClick = false  // GTK honours Ctrl only when a click does not activate
        var deselected: [(String, IndexPath)] = []
        var keptSelected: [String] = []
        var changes: [[String]] = []
        manager.didDeselect(NameRow.self) { _, model, indexPath in deselected.append((model, indexPath)) }
        manager.willDeselect(NameRow.self) { _, model, indexPath in
            guard model == "d" else { return indexPath }
            keptSelected.append(model)
            return nil  // "d" stays selected
        }
        manager.selectionDidChange(of: String.self) { models, _ in changes.append(models) }

        list.click(IndexPath(item: 0, section: 0))  // a plain click: "a" alone, whatever GTK chose
        list.click(IndexPath(item: 2, section: 0), modifiers: ["ctrl"])
        list.click(IndexPath(item: 3, section: 0), modifiers: ["ctrl"])
        XCTAssertEqual(changes.last, ["a", "c", "d"])
        list.click(IndexPath(item: 2, section: 0), modifiers: ["ctrl"])
        XCTAssertEqual(deselected.map(\.0), ["c"])
        XCTAssertEqual(deselected.map(\.1), [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(changes.last, ["a", "d"])
        list.click(IndexPath(item: 3, section: 0), modifiers: ["ctrl"])
        XCTAssertEqual(keptSelected, ["d"])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)])
        XCTAssertEqual(deselected.count, 1, "a kept row is not reported as deselected")
    }

    func testActivationByWidgetActivateAndBySingleClick() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.activation()
        }
    }

    @MainActor private static func activation() throws {
        let (manager, list) = makeList()
        defer { list.close() }
        var activated: [(String, IndexPath)] = []
        manager.didActivate(NameRow.self) { _, model, indexPath in activated.append((model, indexPath)) }

        gtk_widget_activate(gcast(list.listRow(at: IndexPath(item: 1, section: 0))))
        XCTAssertEqual(activated.map(\.0), ["b"])
        XCTAssertTrue(manager.activatesOnSingleClick, "GTK's default")
        manager.activatesOnSingleClick = false
        list.click(IndexPath(item: 2, section: 0))
        XCTAssertEqual(activated.count, 1, "a single click does not activate now")
        list.click(IndexPath(item: 2, section: 0), count: 2)
        XCTAssertEqual(activated.map(\.0), ["b", "c"], "a double click does")
        manager.activatesOnSingleClick = true
        list.settle(milliseconds: 400)  // not a third click of the double click
        list.click(IndexPath(item: 3, section: 0))
        XCTAssertEqual(activated.map(\.0), ["b", "c", "d"])
        XCTAssertEqual(activated.map(\.1), [1, 2, 3].map { IndexPath(item: $0, section: 0) })
    }

    func testHighlightFollowsThePressedButtonAndShouldHighlightControlsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.highlight()
        }
    }

    @MainActor private static func highlight() throws {
        let manager = ListManager()
        var events: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.shouldHighlight { _, model, _ in model != "flat" }
            mapping.didHighlight { _, model, _ in events.append("on \(model)") }
            mapping.didUnhighlight { _, model, _ in events.append("off \(model)") }
        }
        manager.memoryStorage?.setItems(["a", "flat", "c"])
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(gtk_list_box_row_get_activatable(list.listRow(at: IndexPath(item: 1, section: 0))), 0)
        XCTAssertEqual(gtk_list_box_row_get_activatable(list.listRow(at: IndexPath(item: 0, section: 0))), 1)

        list.click(IndexPath(item: 2, section: 0), release: false)
        XCTAssertEqual(events, ["on c"])
        list.releaseButton()
        XCTAssertEqual(events, ["on c", "off c"])
        list.click(IndexPath(item: 1, section: 0))
        XCTAssertEqual(events, ["on c", "off c"], "a row that should not highlight is not pressed")

        try manager.memoryStorage?.replaceItem("flat", with: "round")
        XCTAssertEqual(
            gtk_list_box_row_get_activatable(list.listRow(at: IndexPath(item: 1, section: 0))), 1,
            "asked again when the row is refreshed with a new model")
    }
}
