import CGtk
import CGtkTestSupport
import Foundation
import GtkListManager
import ModelStorage
import XCTest

/// Rows from GtkBuilder definitions (the XIB analogue): loaded by class name or by the name a
/// mapping gives, one fresh instance per row, reused and released like code rows; every broken
/// definition is one anomaly and empty rows, never a crash.
final class BuilderRowTests: XCTestCase {
    // MARK: - Loading

    func testRowsAreMadeFromTheDefinitionNamedAfterTheClass() throws {
        try MainActor.assumeIsolated { try Self.rowsAreMadeFromTheClassDefinition() }
    }

    @MainActor private static func rowsAreMadeFromTheClassDefinition() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(CardRow.self)
        storage.addItems([Card("apt", "package manager"), Card("bash", "shell")])

        XCTAssertEqual(rowClasses(manager), ["CardRow", "CardRow"])
        let rows = try (0..<2).map { try XCTUnwrap(manager.boundRow(atPosition: $0)?.view as? CardRow) }
        XCTAssertEqual(rows.map(\.titleText), ["apt", "bash"])
        XCTAssertEqual(rows.map(\.detailText), ["package manager", "shell"])
        XCTAssertEqual(String(cString: cgtk_object_type_name(rows[0].widget)), "GtkBox")
        XCTAssertNotEqual(rows[0].widget, rows[1].widget, "each row is a fresh instance of the definition")
        XCTAssertEqual(gtk_widget_get_parent(rows[0].widget).map { cgtk_is_list_box_row($0) }, 1)
        XCTAssertEqual(anomalies.reports, [])
    }

    func testAMappingCanNameAnotherDefinition() throws {
        try MainActor.assumeIsolated { try Self.aMappingCanNameAnotherDefinition() }
    }

    @MainActor private static func aMappingCanNameAnotherDefinition() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(CardRow.self) { mapping in
            mapping.condition = .section(1)
            mapping.interfaceResource = InterfaceResource(named: "CompactCard", in: .module)
            mapping.reuseIdentifier = "CompactCard"
        }
        manager.register(CardRow.self)
        storage.addItems([Card("a", "1")], toSection: 0)
        storage.addItems([Card("b", "2")], toSection: 1)

        let types = (0..<2).map { manager.boundRow(atPosition: $0).map { String(cString: cgtk_object_type_name($0.widget)) } }
        XCTAssertEqual(types, ["GtkBox", "GtkGrid"], "section 1 uses the definition its mapping names")
        XCTAssertEqual((manager.boundRow(atPosition: 1)?.view as? CardRow)?.titleText, "b")
        XCTAssertEqual(anomalies.reports, [])
    }

    func testBuilderRowsArePooledReusedAndReleased() throws {
        try MainActor.assumeIsolated { try Self.builderRowsArePooledReusedAndReleased() }
    }

    @MainActor private static func builderRowsArePooledReusedAndReleased() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.reusePoolLimit = 1
        let (manager, storage, _) = makeManager(configuration, registeringNumberRow: false)
        manager.register(CardRow.self)
        storage.addItems([Card("a", "1"), Card("b", "2"), Card("c", "3")])
        let widgets = (0..<3).map { manager.boundRow(atPosition: $0)!.widget }
        let finalizedBefore = finalizedObjects.load(ordering: .acquiring)
        for widget in widgets { watchFinalization(of: widget) }

        storage.removeItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        XCTAssertEqual(manager.pooledRowCount, 1)
        XCTAssertEqual(
            finalizedObjects.load(ordering: .acquiring) - finalizedBefore, 1,
            "the row beyond the pool limit is destroyed, the pooled one kept")

        storage.addItem(Card("d", "4"))
        XCTAssertEqual(manager.pooledRowCount, 0, "the pooled row was dequeued")
        XCTAssertTrue(widgets.contains(manager.boundRow(atPosition: 1)!.widget), "the same widget tree is reused")
        XCTAssertEqual((manager.boundRow(atPosition: 1)?.view as? CardRow)?.titleText, "d")

        gtk_widget_destroy(manager.widget)
        XCTAssertEqual(
            finalizedObjects.load(ordering: .acquiring) - finalizedBefore, 3,
            "every definition instance is released with its rows")
    }

    // MARK: - Broken definitions

    func testEachBrokenDefinitionIsOneAnomalyAndEmptyRows() throws {
        try MainActor.assumeIsolated { try Self.eachBrokenDefinitionIsOneAnomaly() }
    }

    @MainActor private static func eachBrokenDefinitionIsOneAnomaly() throws {
        try requireGtk()
        let bundlePath = Bundle.module.bundlePath
        let cases: [(register: (ListManager) -> Void, rowClass: String, error: RowInterfaceError)] = [
            (
                { $0.register(MissingDefinitionRow.self) }, "MissingDefinitionRow",
                .resourceNotFound(resource: "MissingDefinitionRow.ui", bundlePath: bundlePath)
            ),
            (
                { $0.register(EmptyDefinitionRow.self) }, "EmptyDefinitionRow",
                .emptyDefinition(resource: "EmptyDefinitionRow.ui")
            ),
            (
                { $0.register(WindowRootRow.self) }, "WindowRootRow",
                .wrongClass(resource: "WindowRootRow.ui", id: "root", expected: "non-window GtkWidget", found: "GtkWindow")
            ),
            ({ $0.register(NoWidgetRow.self) }, "NoWidgetRow", .noRootWidget(resource: "NoWidgetRow.ui")),
            (
                { $0.register(ButtonTitleRow.self) }, "ButtonTitleRow",
                .wrongClass(resource: "ButtonTitleRow.ui", id: "title", expected: "GtkLabel", found: "GtkButton")
            ),
            (
                { $0.register(CardRow.self) { $0.interfaceResource = InterfaceResource(named: "NoSuchCard", in: .module) } },
                "CardRow", .resourceNotFound(resource: "NoSuchCard.ui", bundlePath: bundlePath)
            ),
        ]
        for (register, rowClass, error) in cases {
            let (manager, storage, anomalies) = makeManager(registeringNumberRow: true)
            register(manager)
            storage.addItems([Card("a", "1"), 7, Card("b", "2"), Card("c", "3")])

            XCTAssertEqual(
                rowClasses(manager), ["UnmappedRow", "NumberRow", "UnmappedRow", "UnmappedRow"],
                "\(rowClass): empty rows keep the positions, other mappings still work")
            XCTAssertEqual(
                anomalies.reports, [.rowInterfaceFailed(rowClass: rowClass, error: error)],
                "\(rowClass): reported once for the mapping, not once per row")
        }
    }

    func testAMalformedDefinitionReportsGtkBuildersMessage() throws {
        try MainActor.assumeIsolated { try Self.aMalformedDefinitionReportsGtkBuildersMessage() }
    }

    @MainActor private static func aMalformedDefinitionReportsGtkBuildersMessage() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(MalformedRow.self)
        storage.addItems([Card("a", "1")])

        XCTAssertEqual(rowClasses(manager), ["UnmappedRow"])
        guard case let .rowInterfaceFailed("MalformedRow", .invalidDefinition(resource, message))? = anomalies.reports.first else {
            return XCTFail("expected invalidDefinition, got \(anomalies.reports)")
        }
        XCTAssertEqual(resource, "MalformedRow.ui")
        XCTAssertTrue(message.contains("GtkNoSuchWidget"), "GtkBuilder's own message names the problem: \(message)")
    }

    func testABrokenHeaderDefinitionShowsNoHeaderRow() throws {
        try MainActor.assumeIsolated { try Self.aBrokenHeaderDefinitionShowsNoHeaderRow() }
    }

    @MainActor private static func aBrokenHeaderDefinitionShowsNoHeaderRow() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: true)
        manager.registerHeader(EmptyDefinitionRow.self)
        storage.setSectionHeaderModels([Card("h0", ""), Card("h1", "")])
        storage.setItemsForAllSections([[1], [2]])

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.role), [.item, .item], "no header rows, items intact")
        XCTAssertEqual(
            anomalies.reports,
            [
                .rowInterfaceFailed(rowClass: "EmptyDefinitionRow", error: .emptyDefinition(resource: "EmptyDefinitionRow.ui"))
            ])
    }
}

// MARK: - Fixtures

struct Card {
    let title: String
    let detail: String
    init(_ title: String, _ detail: String) {
        self.title = title
        self.detail = detail
    }
}

/// Loads `CardRow.ui` from the test bundle; its subclasses-by-name below load broken ones.
@MainActor
class CardRowBase {
    let widget: UnsafeMutablePointer<GtkWidget>
    let title: UnsafeMutablePointer<GtkLabel>
    let detail: UnsafeMutablePointer<GtkLabel>

    class var interfaceBundle: Bundle { .module }

    required init(interface: RowInterface) throws(RowInterfaceError) {
        widget = interface.root
        title = try interface.object("title", of: gtk_label_get_type())
        detail = try interface.object("detail", of: gtk_label_get_type())
    }

    var titleText: String { String(cString: gtk_label_get_text(title)) }
    var detailText: String { String(cString: gtk_label_get_text(detail)) }

    func update(with card: Card) {
        gtk_label_set_text(title, card.title)
        gtk_label_set_text(detail, card.detail)
    }
}

final class CardRow: CardRowBase, BuilderRow, ModelTransfer {}
final class MissingDefinitionRow: CardRowBase, BuilderRow, ModelTransfer {}
final class EmptyDefinitionRow: CardRowBase, BuilderRow, ModelTransfer {}
final class MalformedRow: CardRowBase, BuilderRow, ModelTransfer {}
final class WindowRootRow: CardRowBase, BuilderRow, ModelTransfer {}
final class NoWidgetRow: CardRowBase, BuilderRow, ModelTransfer {}
final class ButtonTitleRow: CardRowBase, BuilderRow, ModelTransfer {}
