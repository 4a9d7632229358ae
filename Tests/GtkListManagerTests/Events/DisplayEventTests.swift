import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Display events (rows mapped on screen, removed, hidden with their window) and sizes, on a
/// shown window under Xvfb.
final class DisplayEventTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    /// "model@section.item", the way the logs below spell a report.
    private static func entry(_ model: Any, _ indexPath: IndexPath) -> String {
        "\(model)@\(indexPath.section).\(indexPath.item)"
    }

    // MARK: - Items

    func testRowsComingOnScreenReportWillDisplay() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsComingOnScreenReportWillDisplay()
        }
    }

    @MainActor private static func rowsComingOnScreenReportWillDisplay() throws {
        let manager = ListManager()
        var shown: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.willDisplay { row, model, indexPath in
                XCTAssertEqual(row.text, model, "the closure gets the row that shows the model")
                shown.append(entry(model, indexPath))
            }
        }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        XCTAssertEqual(shown, [], "rows of a list that is not on screen are not displayed")

        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(shown, ["a@0.0", "b@0.1", "c@0.2"])

        manager.memoryStorage?.addItem("d")
        try manager.memoryStorage?.insertItem("x", to: IndexPath(item: 1, section: 0))
        XCTAssertEqual(shown, ["a@0.0", "b@0.1", "c@0.2", "d@0.3", "x@0.1"], "inserted rows are reported at once")
    }

    func testRowsOfAReloadOfAShownListAreReportedWhereTheyAre() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsOfAReloadAreReportedWhereTheyAre()
        }
    }

    /// A reload counts each section's items before inserting its rows: a look-up from an event
    /// meanwhile finds the row being shown, and no row (never a wrong one) for the items to come.
    @MainActor private static func rowsOfAReloadAreReportedWhereTheyAre() throws {
        let manager = ListManager()
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setSectionHeaderModels(["H0", "H1"])
        let list = ShownList(manager)
        defer { list.close() }
        var shown: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.willDisplay { row, model, indexPath in
                shown.append(entry(model, indexPath))
                XCTAssertTrue(manager.boundRow(at: indexPath)?.view === row, "\(model): the row at its index path")
                let next = IndexPath(item: indexPath.item + 1, section: indexPath.section)
                XCTAssertNil(manager.boundRow(at: next), "\(model): the next item has no row yet")
            }
        }

        storage.setItemsForAllSections([["a", "b"], ["c", "d", "e"]])

        XCTAssertEqual(shown, ["a@0.0", "b@0.1", "c@1.0", "d@1.1", "e@1.2"])
        assertListMatchesStorage(manager, storage)
    }

    func testDidEndDisplayingReportsTheBoundModelAfterDeletionsAndMoves() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.didEndDisplayingReportsTheBoundModel()
        }
    }

    @MainActor private static func didEndDisplayingReportsTheBoundModel() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        var log: [String] = []
        manager.willDisplay(NameRow.self) { _, model, indexPath in log.append("will " + entry(model, indexPath)) }
        manager.didEndDisplaying(NameRow.self) { row, model, indexPath in
            XCTAssertEqual(row.text, model)
            log.append("end " + entry(model, indexPath))
        }
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems(["a", "b", "c", "d", "e"])
        let list = ShownList(manager)
        defer { list.close() }
        log = []

        // Moves take the same GtkListBoxRow out and back in (GTK unmaps and maps it): not reported.
        storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))  // b c d a e
        storage.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 0, section: 0))  // e b c d a
        list.settle()
        XCTAssertEqual(log, [], "moved rows stay displayed")

        // The index path now holds another model than the one first shown there.
        storage.removeItems(at: [IndexPath(item: 4, section: 0)])  // e b c d
        XCTAssertEqual(log, ["end a@0.4"])
        storage.removeItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])  // b d
        XCTAssertEqual(log.dropFirst().sorted(), ["end c@0.2", "end e@0.0"])
        storage.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))  // d b
        try storage.replaceItem(at: IndexPath(item: 0, section: 0), with: "D")  // refreshed in place: D b
        storage.removeItems(at: [IndexPath(item: 0, section: 0)])  // b
        XCTAssertEqual(log.dropFirst(3), ["end D@0.0"], "the model the row was last bound to")
        list.settle()
        XCTAssertEqual(log.count, 4, "rows removed by updates are not reported again when GTK unmaps them")
    }

    func testHidingTheWindowEndsDisplayAndShowingItDisplaysAgain() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.hidingTheWindowEndsDisplay()
        }
    }

    @MainActor private static func hidingTheWindowEndsDisplay() throws {
        let manager = ListManager()
        var log: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.willDisplay { _, model, indexPath in log.append("will " + entry(model, indexPath)) }
            mapping.didEndDisplaying { _, model, indexPath in log.append("end " + entry(model, indexPath)) }
        }
        manager.memoryStorage?.setItems(["a", "b"])
        let list = ShownList(manager)
        XCTAssertEqual(log, ["will a@0.0", "will b@0.1"])

        gtk_widget_hide(list.window)
        list.settle()
        XCTAssertEqual(log.dropFirst(2), ["end a@0.0", "end b@0.1"])
        manager.memoryStorage?.addItem("c")
        XCTAssertEqual(log.count, 4, "a row inserted into a hidden list is not displayed")

        gtk_widget_show(list.window)
        list.wait(until: { log.count >= 7 })
        XCTAssertEqual(log.dropFirst(4), ["will a@0.0", "will b@0.1", "will c@0.2"])

        list.close()
        XCTAssertEqual(log.dropFirst(7), ["end a@0.0", "end b@0.1", "end c@0.2"], "closing the window ends display")
    }

    func testDisplayEventsConnectNothingPerRowUntilUsed() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.displayEventsAreLazy()
        }
    }

    @MainActor private static func displayEventsAreLazy() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(["a", "b"])
        let list = ShownList(manager)
        defer { list.close() }
        let mapSignal = g_signal_lookup("map", gtk_widget_get_type())
        let hasMapHandler = {
            g_signal_has_handler_pending(list.listRow(at: IndexPath(item: 1, section: 0)), mapSignal, 0, 0) != 0
        }
        XCTAssertFalse(hasMapHandler(), "no display reaction: no handler on the rows")

        var shown: [String] = []
        manager.willDisplay(NameRow.self) { _, model, indexPath in shown.append(entry(model, indexPath)) }
        XCTAssertTrue(hasMapHandler(), "the first reaction connects the rows already shown")
        XCTAssertEqual(shown, ["a@0.0", "b@0.1"], "rows already on screen are reported when the source starts")
    }

    // MARK: - Headers and footers

    func testHeaderAndFooterDisplayReportTheirModelAndSection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.headerAndFooterDisplay()
        }
    }

    @MainActor private static func headerAndFooterDisplay() throws {
        let (manager, storage, anomalies) = makeManager()
        var log: [String] = []
        manager.registerHeader(CaptionRow.self) { mapping in
            mapping.willDisplayHeader { view, model, section in
                XCTAssertEqual(String(cString: gtk_label_get_text(gcast(view.widget))), model)
                log.append("will header \(model)@\(section)")
            }
            mapping.didEndDisplayingHeader { _, model, section in log.append("end header \(model)@\(section)") }
            mapping.heightForHeader { _, section in 50 + section }
        }
        manager.registerFooter(CaptionRow.self)
        manager.willDisplayFooter(CaptionRow.self) { _, model, section in log.append("will footer \(model)@\(section)") }
        manager.didEndDisplayingFooter(CaptionRow.self) { _, model, section in log.append("end footer \(model)@\(section)") }
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSectionFooterModels(["F0", "F1"])
        storage.setItemsForAllSections([[1], [2]])
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(log, ["will header H0@0", "will footer F0@0", "will header H1@1", "will footer F1@1"])
        let headerHeights = [0, 3].map { gtk_widget_get_allocated_height(gcast(manager.boundRow(atPosition: $0)!.listBoxRow!)) }
        XCTAssertEqual(headerHeights, [50, 51], "heightForHeader, registered on the header mapping")

        log = []
        storage.moveSection(1, toSection: 0)
        XCTAssertEqual(log, [], "moved sections stay displayed")
        storage.deleteSections([1])  // the section of H0, now second
        XCTAssertEqual(log, ["end header H0@1", "end footer F0@1"])
        XCTAssertEqual(anomalies.reports, [])
    }

    // MARK: - Sizes

    func testHeightForRowSetsTheAllocatedHeightOfTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.heightForRowSetsTheAllocatedHeight()
        }
    }

    @MainActor private static func heightForRowSetsTheAllocatedHeight() throws {
        let manager = ListManager()
        var asked: [String] = []
        manager.register(NameRow.self) { mapping in
            mapping.heightForRow { model, indexPath in
                asked.append(entry(model, indexPath))
                return model == "tall" ? 90 : 48
            }
        }
        manager.memoryStorage?.setItems(["a", "tall", "b"])
        let list = ShownList(manager)
        defer { list.close() }
        XCTAssertEqual(asked, ["a@0.0", "tall@0.1", "b@0.2"])
        let heights = { (0..<3).map { gtk_widget_get_allocated_height(gcast(list.listRow(at: IndexPath(item: $0, section: 0)))) } }
        XCTAssertEqual(heights(), [48, 90, 48])

        try manager.memoryStorage?.replaceItem(at: IndexPath(item: 0, section: 0), with: "tall")
        list.settle()
        XCTAssertEqual(heights(), [90, 90, 48], "a row refreshed in place is asked again")
    }

    func testManagerLevelHeightsForItemsHeadersAndFooters() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.managerLevelHeights()
        }
    }

    @MainActor private static func managerLevelHeights() throws {
        let (manager, storage, anomalies) = makeManager()
        manager.registerHeader(CaptionRow.self)
        manager.registerFooter(CaptionRow.self)
        var sections: [Int] = []
        manager.heightForRow(Int.self) { model, _ in 40 + model }
        manager.heightForHeader(String.self) { _, section in
            sections.append(section)
            return 60
        }
        manager.heightForFooter(String.self) { _, _ in 70 }
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSectionFooterModels(["F0", "F1"])
        storage.setItemsForAllSections([[1], [2, 3]])
        let list = ShownList(manager)
        defer { list.close() }
        let heights = (0..<manager.rowCount).map { position in
            gtk_widget_get_allocated_height(gcast(manager.boundRow(atPosition: position)!.listBoxRow!))
        }
        XCTAssertEqual(heights, [60, 41, 70, 60, 42, 43, 70])
        XCTAssertEqual(sections, [0, 1])
        XCTAssertEqual(anomalies.reports, [])

        manager.heightForRow(NumberRow.self) { _, _ in 10 }
        XCTAssertEqual(anomalies.reports, [.modelEventCalledWithRowClass(modelType: "NumberRow", event: "heightForRow")])
    }

    func testIndentationLevelIndentsTheRowContent() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.indentationLevelIndents()
        }
    }

    @MainActor private static func indentationLevelIndents() throws {
        let (manager, storage, _) = makeManager()
        manager.indentationLevel(Int.self) { model, _ in model }
        storage.setItems([0, 1, 3])
        let list = ShownList(manager)
        defer { list.close() }
        // Where each label starts inside its row, as GTK laid it out: from the row's left edge,
        // or its right edge right to left.
        let offsets = {
            (0..<3).map { item -> Int32 in
                let listRow = list.listRow(at: IndexPath(item: item, section: 0))
                let label = manager.boundRow(at: IndexPath(item: item, section: 0))!.widget
                var x: Int32 = 0, y: Int32 = 0
                gtk_widget_translate_coordinates(label, gcast(listRow), 0, 0, &x, &y)
                return Int32(
                    mirroredX(
                        Int(x), width: Int(gtk_widget_get_allocated_width(label)),
                        in: Int(gtk_widget_get_allocated_width(gcast(listRow)))))
            }
        }
        let start = offsets()[0]
        XCTAssertEqual(offsets().map { $0 - start }, [0, 16, 48])
        XCTAssertEqual(gtk_widget_get_margin_start(manager.boundRow(at: IndexPath(item: 2, section: 0))!.widget), 48)

        manager.indentationWidth = 10
        list.settle()
        XCTAssertEqual(offsets().map { $0 - start }, [0, 10, 30], "changing the width re-indents the shown rows")
    }

    /// GLib keeps a quark's name for the life of the process. Found by AddressSanitizer: the
    /// name was a Swift string's temporary C copy, freed after the call, so the key later read
    /// as garbage and the row's recorded margin could no longer be found by name.
    func testTheIndentationKeyGLibKeepsIsACopyOfItsName() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.indentationKeyIsACopy()
        }
    }

    @MainActor private static func indentationKeyIsACopy() throws {
        let name = "gtk-list-manager-base-margin-start"
        let (manager, storage, _) = makeManager()
        manager.indentationLevel(Int.self) { model, _ in model }
        storage.setItems([2])
        // Churn the heap so that freed memory is reused before the key is looked up by name.
        for round in 0..<2_000 { _ = String(repeating: "x", count: 30 + round % 40).utf8CString }

        let quark = g_quark_try_string(name)
        XCTAssertNotEqual(quark, 0, "GLib knows the key by its name")
        XCTAssertEqual(g_quark_to_string(quark).map { String(cString: $0) }, name)
        let widget = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0))).widget
        XCTAssertEqual(Int(bitPattern: g_object_get_data(gcast(widget), name)), 1, "base margin 0, stored plus one")
        XCTAssertEqual(gtk_widget_get_margin_start(widget), 32)
    }
}
