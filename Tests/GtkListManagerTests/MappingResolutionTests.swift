import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// How a model finds its row class: by protocol, superclass, optional unwrapping, conditions and
/// registration order (anchors-dt §1.12, §1.14, §2.2–2.3, §4.3 item 19). Every assertion reads
/// the row classes from the real GtkListBox through `inspectRows`.
final class MappingResolutionTests: XCTestCase {
    // MARK: - Type matching

    func testProtocolMappingMatchesConformingClassAndOptional() throws {
        try MainActor.assumeIsolated { try Self.protocolMappingMatchesConformingClassAndOptional() }
    }

    @MainActor private static func protocolMappingMatchesConformingClassAndOptional() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(TitledRow.self)
        storage.addItems([Article("plain"), Optional<Article>.some(Article("wrapped")) as Any])

        XCTAssertEqual(rowClasses(manager), ["TitledRow", "TitledRow"])
        XCTAssertEqual(titledRow(manager, 0)?.shown, "plain")
        XCTAssertEqual(titledRow(manager, 1)?.shown, "wrapped", "the optional is unwrapped before update(with:)")
        XCTAssertEqual(anomalies.reports, [])
    }

    func testSuperclassMappingMatchesSubclassInstance() throws {
        try MainActor.assumeIsolated { try Self.superclassMappingMatchesSubclassInstance() }
    }

    @MainActor private static func superclassMappingMatchesSubclassInstance() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(AnimalRow.self)
        storage.addItems([Dog("rex"), Animal("generic")])

        XCTAssertEqual(rowClasses(manager), ["AnimalRow", "AnimalRow"])
        XCTAssertEqual((manager.boundRow(atPosition: 0)?.view as? AnimalRow)?.shown, "rex")
        XCTAssertEqual(anomalies.reports, [])
    }

    func testOptionalNoneGivesUnmappedRowAndNilModelAnomaly() throws {
        try MainActor.assumeIsolated { try Self.optionalNoneGivesUnmappedRowAndNilModelAnomaly() }
    }

    @MainActor private static func optionalNoneGivesUnmappedRowAndNilModelAnomaly() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(NumberRow.self)
        storage.addItems([1, Optional<Int>.none as Any, 3, Optional<Int?>.some(.none) as Any])

        XCTAssertEqual(rowClasses(manager), ["NumberRow", "UnmappedRow", "NumberRow", "UnmappedRow"])
        XCTAssertEqual(
            anomalies.reports,
            [
                .nilModel(indexPath: IndexPath(item: 1, section: 0)),
                .nilModel(indexPath: IndexPath(item: 3, section: 0)),
            ])
        XCTAssertEqual(manager.rowCount, storage.totalNumberOfItems, "one row per storage item, even for nil")
    }

    func testTypeBoxesAndInterleavedTypesResolvePerModelNotPerBoxType() throws {
        try MainActor.assumeIsolated { try Self.typeBoxesAndInterleavedTypesResolvePerModel() }
    }

    /// The manager decides type matches once per dynamic type; `AnyHashable` is looked through
    /// by casts, so two `AnyHashable`s holding different types must still resolve separately.
    @MainActor private static func typeBoxesAndInterleavedTypesResolvePerModel() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: true)
        manager.register(CaptionRow.self)
        storage.addItems([1, "a", AnyHashable(2), AnyHashable("b"), 3, Optional<String>.some("c") as Any, "d"])

        XCTAssertEqual(
            rowClasses(manager),
            [
                "NumberRow", "CaptionRow", "NumberRow", "CaptionRow", "NumberRow", "CaptionRow", "CaptionRow",
            ])
        XCTAssertEqual(anomalies.reports, [])

        manager.unregister(CaptionRow.self)
        XCTAssertEqual(
            rowClasses(manager),
            [
                "NumberRow", "UnmappedRow", "NumberRow", "UnmappedRow", "NumberRow", "UnmappedRow", "UnmappedRow",
            ], "unregistering forgets the type matches decided before")
    }

    // MARK: - Conditions

    func testSectionConditionsSplitOneModelTypeBetweenTwoMappings() throws {
        try MainActor.assumeIsolated { try Self.sectionConditionsSplitOneModelType() }
    }

    @MainActor private static func sectionConditionsSplitOneModelType() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        var first: [Int] = []
        var second: [Int] = []
        manager.register(NumberRow.self, mapping: { $0.condition = .section(0) }, handler: { _, model, _ in first.append(model) })
        manager.register(OtherNumberRow.self, mapping: { $0.condition = .section(1) }, handler: { _, model, _ in second.append(model) })
        storage.addItems([1, 2], toSection: 0)
        storage.addItems([3], toSection: 1)

        XCTAssertEqual(rowClasses(manager), ["NumberRow", "NumberRow", "OtherNumberRow"])
        XCTAssertEqual(first, [1, 2], "section 0 resolves to the .section(0) mapping only")
        XCTAssertEqual(second, [3], "section 1 resolves to the .section(1) mapping only")
        XCTAssertEqual(anomalies.reports, [])
    }

    func testModelConditionsSplitOneModelTypeBetweenTwoMappings() throws {
        try MainActor.assumeIsolated { try Self.modelConditionsSplitOneModelType() }
    }

    @MainActor private static func modelConditionsSplitOneModelType() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        var big: [Int] = []
        var small: [Int] = []
        manager.register(NumberRow.self, mapping: { $0.modelCondition { $1 > 5 } }, handler: { _, model, _ in big.append(model) })
        manager.register(OtherNumberRow.self, mapping: { $0.modelCondition { $1 <= 5 } }, handler: { _, model, _ in small.append(model) })
        storage.addItems([3, 7, 5, 6])

        XCTAssertEqual(rowClasses(manager), ["OtherNumberRow", "NumberRow", "OtherNumberRow", "NumberRow"])
        XCTAssertEqual(big, [7, 6])
        XCTAssertEqual(small, [3, 5])

        // An update that crosses the condition resolves again.
        try storage.replaceItem(3, with: 9)
        XCTAssertEqual(rowClasses(manager), ["NumberRow", "NumberRow", "OtherNumberRow", "NumberRow"])
        XCTAssertEqual(big, [7, 6, 9])
        XCTAssertEqual(anomalies.reports, [])
    }

    func testAConditionGivenAfterRegistrationAppliesToTheNextRows() throws {
        try MainActor.assumeIsolated { try Self.conditionGivenAfterRegistrationApplies() }
    }

    /// The resolver remembers the mapping that took the last model's type when it had no
    /// condition; a condition set on that mapping later must still be asked.
    @MainActor private static func conditionGivenAfterRegistrationApplies() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        var numberMapping: RowMapping<NumberRow, Int>?
        manager.register(NumberRow.self) { numberMapping = $0 }
        manager.register(OtherNumberRow.self)
        storage.addItems([1, 2])
        XCTAssertEqual(rowClasses(manager), ["NumberRow", "NumberRow"])

        numberMapping?.modelCondition { $1 > 5 }
        storage.addItems([3, 7])
        XCTAssertEqual(rowClasses(manager), ["NumberRow", "NumberRow", "OtherNumberRow", "NumberRow"])

        numberMapping?.condition = .none
        storage.addItems([4])
        XCTAssertEqual(rowClasses(manager).last, "NumberRow", "without its condition it takes every Int again")
        XCTAssertEqual(anomalies.reports, [])
    }

    func testFirstRegisteredMappingWinsWhenBothAccept() throws {
        try MainActor.assumeIsolated { try Self.firstRegisteredMappingWins() }
    }

    @MainActor private static func firstRegisteredMappingWins() throws {
        try requireGtk()
        let (otherFirst, otherFirstStorage, _) = makeManager(registeringNumberRow: false)
        otherFirst.register(OtherNumberRow.self)
        otherFirst.register(NumberRow.self)
        otherFirstStorage.addItems([1, 2])
        XCTAssertEqual(rowClasses(otherFirst), ["OtherNumberRow", "OtherNumberRow"])

        let (numberFirst, numberFirstStorage, _) = makeManager(registeringNumberRow: false)
        numberFirst.register(NumberRow.self)
        numberFirst.register(OtherNumberRow.self)
        numberFirstStorage.addItems([1, 2])
        XCTAssertEqual(rowClasses(numberFirst), ["NumberRow", "NumberRow"])

        // A more specific type registered later does not beat an earlier superclass mapping.
        let (animals, animalStorage, _) = makeManager(registeringNumberRow: false)
        animals.register(AnimalRow.self)
        animals.register(DogRow.self)
        animalStorage.addItems([Dog("rex")])
        XCTAssertEqual(rowClasses(animals), ["AnimalRow"])
    }

    // MARK: - Handlers

    func testRegisterForModelTypeFillsRowWithoutModelTransferViaHandler() throws {
        try MainActor.assumeIsolated { try Self.registerForModelTypeFillsViaHandler() }
    }

    @MainActor private static func registerForModelTypeFillsViaHandler() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(PlainLabelRow.self, for: String.self) { row, model, indexPath in
            gtk_label_set_text(gcast(row.widget), "\(model)@\(indexPath.shortDescription)")
        }
        storage.addItems(["a", "b"])

        XCTAssertEqual(rowClasses(manager), ["PlainLabelRow", "PlainLabelRow"])
        XCTAssertEqual(labelTexts(manager), ["a@s0.i0", "b@s0.i1"])
        XCTAssertEqual(anomalies.reports, [])
    }

    func testHandlerRunsBeforeUpdateWith() throws {
        try MainActor.assumeIsolated { try Self.handlerRunsBeforeUpdateWith() }
    }

    @MainActor private static func handlerRunsBeforeUpdateWith() throws {
        try requireGtk()
        OrderRow.log = []
        let (manager, storage, _) = makeManager(registeringNumberRow: false)
        manager.register(OrderRow.self, handler: { _, model, _ in OrderRow.log.append("handler \(model)") })
        storage.addItems([1, 2])
        XCTAssertEqual(OrderRow.log, ["handler 1", "update 1", "handler 2", "update 2"])

        OrderRow.log = []
        try storage.replaceItem(1, with: 10)
        XCTAssertEqual(OrderRow.log, ["handler 10", "update 10"], "an in-place refresh keeps the order")
    }

    // MARK: - Unregistering

    func testUnregisterRemovesItemMappingAndKeepsHeaderMapping() throws {
        try MainActor.assumeIsolated { try Self.unregisterRemovesItemMappingAndKeepsHeaderMapping() }
    }

    @MainActor private static func unregisterRemovesItemMappingAndKeepsHeaderMapping() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(NumberRow.self)
        manager.register(CaptionRow.self)
        manager.registerHeader(CaptionRow.self)
        storage.setSectionHeaderModels(["H"])
        storage.addItems([1, "s"])
        XCTAssertEqual(rowClasses(manager), ["CaptionRow", "NumberRow", "CaptionRow"])
        XCTAssertEqual(anomalies.reports, [])

        // The same class is mapped as item and header: only the item mapping goes.
        manager.unregister(CaptionRow.self)
        XCTAssertEqual(rowClasses(manager), ["CaptionRow", "NumberRow", "UnmappedRow"])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.role), [.header, .item, .item])
        XCTAssertEqual(anomalies.reports, [.noRowMappingFound(modelDescription: "s", indexPath: IndexPath(item: 1, section: 0))])

        manager.unregister(NumberRow.self)
        XCTAssertEqual(rowClasses(manager), ["CaptionRow", "UnmappedRow", "UnmappedRow"])
        XCTAssertEqual(
            anomalies.reports.suffix(2),
            [
                .noRowMappingFound(modelDescription: "1", indexPath: IndexPath(item: 0, section: 0)),
                .noRowMappingFound(modelDescription: "s", indexPath: IndexPath(item: 1, section: 0)),
            ])
        assertListMatchesStorage(manager, storage)
    }

    func testUnregisterHeaderKeepsItemMappings() throws {
        try MainActor.assumeIsolated { try Self.unregisterHeaderKeepsItemMappings() }
    }

    @MainActor private static func unregisterHeaderKeepsItemMappings() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager(registeringNumberRow: false)
        manager.register(CaptionRow.self)
        manager.registerHeader(CaptionRow.self)
        storage.setSectionHeaderModels(["H"])
        storage.addItems(["x", "y"])
        XCTAssertEqual(rowClasses(manager), ["CaptionRow", "CaptionRow", "CaptionRow"])

        manager.unregisterHeader(CaptionRow.self)
        // The String header falls back to the built-in title; items keep their class.
        XCTAssertEqual(rowClasses(manager), ["SectionTitleRow", "CaptionRow", "CaptionRow"])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.role), [.header, .item, .item])
        XCTAssertEqual(anomalies.reports, [])
        assertListMatchesStorage(manager, storage)
    }

    // MARK: - Helpers

    @MainActor
    private static func titledRow(_ manager: ListManager, _ position: Int) -> TitledRow? {
        manager.boundRow(atPosition: position)?.view as? TitledRow
    }

    /// The text of each row's label, read through GTK.
    @MainActor
    private static func labelTexts(_ manager: ListManager) -> [String] {
        inspectRows(of: manager.listBox!).map { row in
            String(cString: gtk_label_get_text(row.widget.assumingMemoryBound(to: GtkLabel.self)))
        }
    }
}

// MARK: - Fixtures

private protocol Titled: AnyObject {
    var title: String { get }
}

private final class Article: Titled {
    let title: String
    init(_ title: String) { self.title = title }
}

@MainActor
private final class TitledRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    private(set) var shown: String?
    init() {}
    func update(with model: any Titled) { shown = model.title }
}

private class Animal {
    let name: String
    init(_ name: String) { self.name = name }
}

private final class Dog: Animal {}

@MainActor
private final class AnimalRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    private(set) var shown: String?
    init() {}
    func update(with model: Animal) { shown = model.name }
}

@MainActor
private final class DogRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
    func update(with model: Dog) {}
}

/// A second row class for `Int`, to tell two mappings of one model type apart.
@MainActor
private final class OtherNumberRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
    func update(with model: Int) {}
}

/// A row class without `ModelTransfer`: only a registration handler can fill it.
@MainActor
private final class PlainLabelRow: RowView {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
}

/// Logs `update(with:)` calls next to the registration handler's, to check their order.
@MainActor
private final class OrderRow: RowView, ModelTransfer {
    static var log: [String] = []
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
    func update(with model: Int) { Self.log.append("update \(model)") }
}
