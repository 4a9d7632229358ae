import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// The rules every event follows: where reactions attach, which one fires, what is reported when
/// a registration cannot work, and that nothing is connected before it is needed.
final class EventSystemTests: XCTestCase {
    class BaseRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        required init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    final class SpecialRow: BaseRow {}

    final class NumberRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with number: Int) { gtk_label_set_text(gcast(widget), String(number)) }
    }

    func testNoSignalIsConnectedBeforeAReactionNeedsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.lazyConnection()
        }
    }

    @MainActor private static func lazyConnection() throws {
        let manager = ListManager()
        manager.register(BaseRow.self)
        manager.memoryStorage?.setItems(["a", "b"])
        let activated = g_signal_lookup("row-activated", gtk_list_box_get_type())
        let stateChanged = g_signal_lookup("state-flags-changed", gtk_widget_get_type())
        let firstRow = manager.boundRow(at: IndexPath(item: 0, section: 0))!.listBoxRow!
        XCTAssertEqual(g_signal_has_handler_pending(manager.listBox!, activated, 0, 0), 0)
        XCTAssertEqual(g_signal_has_handler_pending(firstRow, stateChanged, 0, 0), 0, "no per-row handler")

        manager.didActivate(BaseRow.self) { _, _, _ in }
        XCTAssertNotEqual(g_signal_has_handler_pending(manager.listBox!, activated, 0, 0), 0)
        XCTAssertEqual(g_signal_has_handler_pending(firstRow, stateChanged, 0, 0), 0, "activation needs no per-row handler")

        manager.didHighlight(BaseRow.self) { _, _, _ in }
        XCTAssertNotEqual(g_signal_has_handler_pending(firstRow, stateChanged, 0, 0), 0, "rows shown before get it too")
        manager.memoryStorage?.addItem("c")
        let newRow = manager.boundRow(at: IndexPath(item: 2, section: 0))!.listBoxRow!
        XCTAssertNotEqual(g_signal_has_handler_pending(newRow, stateChanged, 0, 0), 0, "and rows inserted after")
    }

    func testARowClassEventAttachesToSubclassMappingsAndTheFirstFittingReactionWins() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.attachAndFirstMatch()
        }
    }

    @MainActor private static func attachAndFirstMatch() throws {
        let manager = ListManager()
        var fired: [String] = []
        manager.register(SpecialRow.self) { mapping in
            mapping.condition = .section(1)
            mapping.didActivate { _, model, _ in fired.append("special mapping \(model)") }
            mapping.didActivate { _, model, _ in fired.append("ignored second \(model)") }
        }
        manager.register(BaseRow.self)
        manager.didActivate(BaseRow.self) { row, model, _ in fired.append("\(type(of: row)) \(model)") }
        manager.memoryStorage?.setItemsForAllSections([["plain"], ["special"]])

        gtk_widget_activate(gcast(manager.boundRow(at: IndexPath(item: 0, section: 0))!.listBoxRow!))
        gtk_widget_activate(gcast(manager.boundRow(at: IndexPath(item: 0, section: 1))!.listBoxRow!))
        XCTAssertEqual(
            fired, ["BaseRow plain", "special mapping special"],
            "the special mapping's own reaction came first; its second one and the manager's are not run")
    }

    func testUnregisteringARowClassRemovesItsEvents() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.unregisterRemovesEvents()
        }
    }

    @MainActor private static func unregisterRemovesEvents() throws {
        let manager = ListManager()
        var fired = 0
        manager.register(BaseRow.self) { $0.didActivate { _, _, _ in fired += 1 } }
        manager.register(NumberRow.self)
        manager.memoryStorage?.setItems(["a"])
        manager.unregister(BaseRow.self)
        manager.register(BaseRow.self)
        gtk_widget_activate(gcast(manager.boundRow(at: IndexPath(item: 0, section: 0))!.listBoxRow!))
        XCTAssertEqual(fired, 0, "the new mapping has no reaction of the removed one")
    }

    func testAnEventForAnUnregisteredRowClassIsReportedThenAttachesWhenTheClassComes() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.eventBeforeMapping()
        }
    }

    @MainActor private static func eventBeforeMapping() throws {
        let manager = ListManager()
        manager.eventVerificationDelay = 0.05
        var anomalies: [ManagerAnomaly] = []
        manager.anomalyHandler.action = { anomalies.append($0) }
        var activated: [Int] = []
        manager.didActivate(NumberRow.self) { _, number, _ in activated.append(number) }
        XCTAssertEqual(anomalies.map(\.description), ["eventRegistrationForUnregisteredMapping"])

        manager.register(NumberRow.self)
        manager.memoryStorage?.setItems([7])
        MainLoop.settle(milliseconds: 150)
        XCTAssertEqual(anomalies.count, 1, "the class came before the check: no unused event")
        gtk_widget_activate(gcast(manager.boundRow(at: IndexPath(item: 0, section: 0))!.listBoxRow!))
        XCTAssertEqual(activated, [7], "the reaction attached to the mapping registered later")
    }

    func testAnEventThatNeverFindsItsRowClassIsReportedUnusedAfterTheDelay() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.unusedEvent()
        }
    }

    @MainActor private static func unusedEvent() throws {
        let manager = ListManager()
        manager.eventVerificationDelay = 0.05
        var anomalies: [ManagerAnomaly] = []
        manager.anomalyHandler.action = { anomalies.append($0) }
        manager.register(BaseRow.self)
        manager.didSelect(NumberRow.self) { _, _, _ in }
        XCTAssertEqual(anomalies.map(\.description), ["eventRegistrationForUnregisteredMapping"])
        XCTAssertTrue(GtkRuntime.iterate(until: { anomalies.count == 2 }, timeout: .seconds(2)))
        guard case let .unusedEventDetected(rowClass, event) = anomalies.last else { return XCTFail("\(anomalies)") }
        XCTAssertEqual(rowClass, "NumberRow")
        XCTAssertEqual(event, "didSelect")
    }

    func testEventsReportTheBoundModelAndTheCurrentIndexPathAfterChanges() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.currentLocation()
        }
    }

    @MainActor private static func currentLocation() throws {
        let manager = ListManager()
        var fired: [(String, IndexPath)] = []
        manager.register(BaseRow.self) { $0.didActivate { _, model, indexPath in fired.append((model, indexPath)) } }
        manager.memoryStorage?.setSectionHeaderModels(["one", "two"])
        manager.memoryStorage?.setItemsForAllSections([["a", "b", "c"], ["d"]])
        let rowC = manager.boundRow(at: IndexPath(item: 2, section: 0))!
        manager.memoryStorage?.removeItems(at: [IndexPath(item: 0, section: 0)])
        manager.memoryStorage?.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))
        gtk_widget_activate(gcast(rowC.listBoxRow!))
        XCTAssertEqual(fired.map(\.0), ["c"])
        XCTAssertEqual(fired.map(\.1), [IndexPath(item: 0, section: 1)], "where the row is now, headers not counted")
    }

    func testARowClassReactionRegisteredLateReachesTheShownRowsOfEveryMappingOfTheClass() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.lateReactionReachesAllMappings()
        }
    }

    @MainActor private static func lateReactionReachesAllMappings() throws {
        let manager = ListManager()
        manager.register(BaseRow.self) { $0.condition = .section(0) }
        manager.register(BaseRow.self) { $0.condition = .section(1) }
        manager.memoryStorage?.setItemsForAllSections([["a"], ["b"]])
        manager.shouldHighlight(BaseRow.self) { _, _, _ in false }
        let activatable = [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)].map {
            gtk_list_box_row_get_activatable(manager.boundRow(at: $0)!.listBoxRow!)
        }
        XCTAssertEqual(activatable, [0, 0], "rows of both mappings, already shown, were asked")
    }
}
