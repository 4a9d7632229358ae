import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The manager's run-time problems: each case fires with exact values, reads well, can be
/// silenced, and never breaks the one-row-per-item rule (anchors-dt §2.9).
final class ManagerAnomalyTests: XCTestCase {
    // MARK: - Each case fires with exact values

    func testNilModelReportsItsIndexPath() throws {
        try MainActor.assumeIsolated { try Self.nilModelReportsItsIndexPath() }
    }

    @MainActor private static func nilModelReportsItsIndexPath() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.addItems([1], toSection: 0)
        storage.addItems([2, Optional<Int>.none as Any], toSection: 1)
        XCTAssertEqual(anomalies.reports, [.nilModel(indexPath: IndexPath(item: 1, section: 1))])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["NumberRow", "NumberRow", "UnmappedRow"])
    }

    func testNoRowMappingFoundReportsModelDescriptionAndIndexPath() throws {
        try MainActor.assumeIsolated { try Self.noRowMappingFoundReportsExactValues() }
    }

    @MainActor private static func noRowMappingFoundReportsExactValues() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.addItems([1, "hello", 2.5])
        XCTAssertEqual(
            anomalies.reports,
            [
                .noRowMappingFound(modelDescription: "hello", indexPath: IndexPath(item: 1, section: 0)),
                .noRowMappingFound(modelDescription: "2.5", indexPath: IndexPath(item: 2, section: 0)),
            ])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["NumberRow", "UnmappedRow", "UnmappedRow"])
    }

    func testNoRowMappingFoundDescribesTheUnwrappedModel() throws {
        try MainActor.assumeIsolated { try Self.noRowMappingFoundDescribesTheUnwrappedModel() }
    }

    @MainActor private static func noRowMappingFoundDescribesTheUnwrappedModel() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.addItems([Optional<String>.some("wrapped") as Any])
        XCTAssertEqual(
            anomalies.reports,
            [
                .noRowMappingFound(modelDescription: "wrapped", indexPath: IndexPath(item: 0, section: 0))
            ])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["UnmappedRow"])
    }

    func testNoHeaderFooterMappingFoundReportsRoleAndSection() throws {
        try MainActor.assumeIsolated { try Self.noSupplementaryMappingFoundReportsKindAndSection() }
    }

    @MainActor private static func noSupplementaryMappingFoundReportsKindAndSection() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.setSectionFooterModels(["plain", 7] as [Any])
        storage.setSectionHeaderModels([nil, 3.5] as [Double?])
        storage.setItemsForAllSections([[1], [2]])

        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "item 1 (NumberRow)", "footer plain (SectionTitleRow)", "item 2 (NumberRow)",
            ])
        XCTAssertEqual(
            anomalies.reports,
            [
                .noSupplementaryMappingFound(kind: .header, modelDescription: "3.5", section: 1),
                .noSupplementaryMappingFound(kind: .footer, modelDescription: "7", section: 1),
            ])
    }

    func testStringHeaderWithOnlyANonStringHeaderClassRegisteredReportsAnomaly() throws {
        try MainActor.assumeIsolated { try Self.stringHeaderWithOnlyIntHeaderClassReportsAnomaly() }
    }

    @MainActor private static func stringHeaderWithOnlyIntHeaderClassReportsAnomaly() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        manager.registerHeader(NumberRow.self)
        storage.setSectionHeaderModels([5, "title"] as [Any])
        storage.setItemsForAllSections([[1], [2]])

        // A registered header class replaces the built-in String titles (view style).
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header 5 (NumberRow)", "item 1 (NumberRow)", "item 2 (NumberRow)",
            ])
        XCTAssertEqual(anomalies.reports, [.noSupplementaryMappingFound(kind: .header, modelDescription: "title", section: 1)])
    }

    func testMissingHeaderMappingIsReportedOncePerUpdate() throws {
        try MainActor.assumeIsolated { try Self.missingHeaderMappingIsReportedOncePerUpdate() }
    }

    @MainActor private static func missingHeaderMappingIsReportedOncePerUpdate() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.setSectionHeaderModels([42])
        storage.addItems([1, 2, 3, 4])
        XCTAssertEqual(manager.rowCount, 4)
        let expected = ManagerAnomaly.noSupplementaryMappingFound(kind: .header, modelDescription: "42", section: 0)
        XCTAssertEqual(anomalies.reports, [expected])
    }

    // MARK: - Texts

    func testShortDescriptionsAreDistinctAndDebugDescriptionsArePrefixed() {
        MainActor.assumeIsolated { Self.descriptionsAreDistinctAndPrefixed() }
    }

    @MainActor private static func descriptionsAreDistinctAndPrefixed() {
        let indexPath = IndexPath(item: 4, section: 1)
        let all: [ManagerAnomaly] = [
            .nilModel(indexPath: indexPath),
            .noRowMappingFound(modelDescription: "Post(id: 1)", indexPath: indexPath),
            .noSupplementaryMappingFound(kind: .header, modelDescription: "42", section: 2),
            .noSupplementaryMappingFound(kind: .footer, modelDescription: "42", section: 2),
        ]
        XCTAssertEqual(
            all.map(\.description), ["nilModel", "noRowMappingFound", "noSupplementaryMappingFound", "noSupplementaryMappingFound"])
        XCTAssertEqual(Set(all.map(\.description)).count, 3, "one short description per case")
        for anomaly in all {
            XCTAssertTrue(anomaly.debugDescription.hasPrefix("⚠️ [ListManager]"), anomaly.debugDescription)
            XCTAssertFalse(anomaly.debugDescription.contains("\n"), "one line")
        }
        XCTAssertTrue(all[0].debugDescription.contains("s1.i4"))
        XCTAssertTrue(all[1].debugDescription.contains("s1.i4") && all[1].debugDescription.contains("Post(id: 1)"))
        XCTAssertTrue(all[2].debugDescription.contains("registerHeader"), all[2].debugDescription)
        XCTAssertTrue(all[3].debugDescription.contains("registerFooter"), all[3].debugDescription)
        XCTAssertTrue(all[2].debugDescription.contains("section 2"))
        XCTAssertEqual(Set(all.map(\.debugDescription)).count, all.count, "long texts tell every case apart")
    }

    // MARK: - Silencing

    func testSilencedAnomalyIsNotReportedAndOthersStillAre() throws {
        try MainActor.assumeIsolated { try Self.silencedAnomalyIsNotReported() }
    }

    @MainActor private static func silencedAnomalyIsNotReported() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        manager.anomalyHandler.silence(.nilModel(indexPath: IndexPath(item: 0, section: 0)))
        storage.addItems([Optional<Int>.none as Any, Optional<Int>.none as Any])
        XCTAssertEqual(anomalies.reports, [.nilModel(indexPath: IndexPath(item: 1, section: 0))], "only the equal report is silenced")

        manager.anomalyHandler.silence { anomaly in
            if case .noRowMappingFound = anomaly { true } else { false }
        }
        storage.addItems(["a", "b"])
        XCTAssertEqual(anomalies.reports.count, 1, "a predicate silences every matching report")
        XCTAssertEqual(manager.rowCount, 4, "silenced or not, every item has its row")

        manager.anomalyHandler.removeAllSilencing()
        storage.addItem("c")
        XCTAssertEqual(anomalies.reports.last, .noRowMappingFound(modelDescription: "c", indexPath: IndexPath(item: 4, section: 0)))
    }

    // MARK: - Robustness

    func testMissingMappingNeverCrashesAndKeepsOneRowPerItem() throws {
        try MainActor.assumeIsolated { try Self.missingMappingKeepsOneRowPerItem() }
    }

    @MainActor private static func missingMappingKeepsOneRowPerItem() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.addItems([1, "x", 2, Optional<Int>.none as Any])
        storage.addItems(["y"], toSection: 1)
        assertListMatchesStorage(manager, storage)

        try storage.insertItem("z", to: IndexPath(item: 0, section: 0))
        assertListMatchesStorage(manager, storage, "insert")
        storage.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
        assertListMatchesStorage(manager, storage, "move an unmapped row across sections")
        try storage.replaceItem(at: IndexPath(item: 0, section: 0), with: 3)
        assertListMatchesStorage(manager, storage, "update from unmapped to mapped")
        try storage.replaceItem(at: IndexPath(item: 1, section: 0), with: "w")
        assertListMatchesStorage(manager, storage, "update from mapped to unmapped")
        storage.reloadItem(at: IndexPath(item: 1, section: 0))
        assertListMatchesStorage(manager, storage, "reload an unmapped row")
        storage.removeItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)])
        assertListMatchesStorage(manager, storage, "remove unmapped rows")
        storage.moveSection(1, toSection: 0)
        assertListMatchesStorage(manager, storage, "move a section")
        manager.reload()
        assertListMatchesStorage(manager, storage, "reload")

        XCTAssertEqual(manager.rowCount, storage.totalNumberOfItems)
        XCTAssertFalse(anomalies.reports.isEmpty)
        XCTAssertTrue(inspectRows(of: manager.listBox!).allSatisfy { $0.rowClass == "NumberRow" || $0.rowClass == "UnmappedRow" })
    }

    func testManagerWithoutAnyMappingShowsAnEmptyRowPerItem() throws {
        try MainActor.assumeIsolated { try Self.managerWithoutMappingShowsEmptyRows() }
    }

    @MainActor private static func managerWithoutMappingShowsEmptyRows() throws {
        try requireGtk()
        let storage = MemoryStorage()
        let manager = ListManager(storage: storage)
        let anomalies = AnomalyRecorder(manager)
        storage.addItems([1, 2, 3])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["UnmappedRow", "UnmappedRow", "UnmappedRow"])
        XCTAssertEqual(anomalies.reports.map(\.description), ["noRowMappingFound", "noRowMappingFound", "noRowMappingFound"])
        assertListMatchesStorage(manager, storage)
    }
}
