import Logging
import ModelStorage
import Testing

@Suite("AnomalyHandler: reporting and silencing")
@MainActor
struct AnomalyHandlerTests {
    /// A swift-log handler that keeps what it is given.
    struct CapturingLogHandler: LogHandler {
        struct Entry: Sendable {
            let level: Logger.Level
            let message: String
            let metadata: [String: String]
        }

        final class Sink: Sendable {
            private let storage = LockedValue<[Entry]>([])
            var entries: [Entry] { storage.withLock { $0 } }
            func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }
        }

        let sink: Sink
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            sink.append(
                Entry(
                    level: event.level, message: event.message.description,
                    metadata: merged.mapValues(\.description)))
        }
    }

    private let notFound = StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "6")
    private let otherNotFound = StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "7")
    private let tooBig = StorageAnomaly.insertionIndexPathTooBig(indexPath: ip(3, 0), countOfElementsInSection: 2)

    @Test("A reported anomaly reaches the action, unchanged and once")
    func reportReachesAction() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>(action: { log.record($0) })
        handler.report(notFound)
        #expect(log.anomalies == [notFound])
    }

    @Test("Reports reach the action in the order they are made")
    func reportsKeepTheirOrder() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>()
        handler.action = { log.record($0) }
        handler.report(tooBig)
        handler.report(notFound)
        handler.report(tooBig)
        #expect(log.anomalies == [tooBig, notFound, tooBig])
    }

    @Test("Silencing one anomaly silences only anomalies equal to it")
    func silenceOneAnomaly() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>(action: { log.record($0) })
        handler.silence(notFound)
        handler.report(notFound)
        handler.report(otherNotFound)
        handler.report(tooBig)
        #expect(log.anomalies == [otherNotFound, tooBig])
        #expect(handler.isSilenced(notFound))
        #expect(!handler.isSilenced(otherNotFound))
    }

    @Test("Silencing by predicate silences every anomaly the predicate accepts")
    func silenceByPredicate() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>(action: { log.record($0) })
        handler.silence { anomaly in
            if case .removeItemFailedItemNotFound = anomaly { true } else { false }
        }
        handler.report(notFound)
        handler.report(otherNotFound)
        handler.report(tooBig)
        #expect(log.anomalies == [tooBig])
    }

    @Test("Silencing survives an action assigned afterwards")
    func silenceThenAssignAction() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>()
        handler.silence(notFound)
        handler.action = { log.record($0) }
        handler.report(notFound)
        handler.report(tooBig)
        #expect(log.anomalies == [tooBig])
    }

    @Test("Silencing applies to an action assigned before it")
    func assignActionThenSilence() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>()
        handler.action = { log.record($0) }
        handler.silence(notFound)
        handler.report(notFound)
        handler.report(tooBig)
        #expect(log.anomalies == [tooBig])
    }

    @Test("Replacing the action keeps the silencing")
    func replacingActionKeepsSilencing() {
        let first = AnomalyLog()
        let second = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>(action: { first.record($0) })
        handler.silence(notFound)
        handler.action = { second.record($0) }
        handler.report(notFound)
        #expect(first.anomalies.isEmpty)
        #expect(second.anomalies.isEmpty)
    }

    @Test("removeAllSilencing lets every anomaly through again")
    func removeAllSilencing() {
        let log = AnomalyLog()
        let handler = AnomalyHandler<StorageAnomaly>(action: { log.record($0) })
        handler.silence(notFound)
        handler.silence { _ in true }
        handler.report(tooBig)
        handler.removeAllSilencing()
        handler.report(notFound)
        handler.report(tooBig)
        #expect(log.anomalies == [notFound, tooBig])
        #expect(!handler.isSilenced(notFound))
    }

    @Test("A silenced anomaly reaches neither the action nor the default action")
    func silencedAnomalyReachesNothing() {
        let original = AnomalyReporting.defaultAction
        defer { AnomalyReporting.defaultAction = original }
        var defaultReports: [String] = []
        AnomalyReporting.defaultAction = { defaultReports.append($0.description) }

        let handler = AnomalyHandler<StorageAnomaly>()
        handler.silence(notFound)
        handler.report(notFound)
        #expect(defaultReports.isEmpty)
    }

    @Test("Without an action, reports go to the default action in effect at report time")
    func nilActionUsesDefaultAction() {
        let original = AnomalyReporting.defaultAction
        defer { AnomalyReporting.defaultAction = original }

        let handler = AnomalyHandler<StorageAnomaly>()
        #expect(handler.action == nil)
        var defaultReports: [any Anomaly] = []
        AnomalyReporting.defaultAction = { defaultReports.append($0) }
        handler.report(notFound)

        #expect(defaultReports.count == 1)
        #expect(defaultReports.first as? StorageAnomaly == notFound)
    }

    @Test("A storage's handler starts without an action, so its reports use the default action")
    func storageHandlerUsesDefaultAction() {
        let original = AnomalyReporting.defaultAction
        defer { AnomalyReporting.defaultAction = original }
        var defaultReports: [any Anomaly] = []
        AnomalyReporting.defaultAction = { defaultReports.append($0) }

        let storage = MemoryStorage()
        storage.removeItems(at: [ip(0, 0)])

        #expect(defaultReports.count == 1)
        #expect(
            defaultReports.first as? StorageAnomaly
                == .itemIndexPathOutOfRange(indexPath: ip(0, 0), countOfElementsInSection: 0))
    }

    @Test("The default action logs a warning: the long description as message, the short one as metadata")
    func defaultActionLogsThroughSwiftLog() throws {
        let sink = CapturingLogHandler.Sink()
        let originalLogger = AnomalyReporting.logger
        defer { AnomalyReporting.logger = originalLogger }
        AnomalyReporting.logger = Logger(label: "test.anomaly") { _ in CapturingLogHandler(sink: sink) }

        AnomalyHandler<StorageAnomaly>().report(notFound)

        let entries = sink.entries
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.level == .warning)
        #expect(entry.message == notFound.debugDescription)
        #expect(entry.metadata["anomaly"] == "removeItemFailedItemNotFound")
        #expect(entry.metadata["type"] == "StorageAnomaly")
    }
}

@Suite("StorageAnomaly: texts and equality")
struct StorageAnomalyTextTests {
    /// One sample of every ``StorageAnomaly`` case.
    static let everyStorageAnomaly: [StorageAnomaly] = [
        .insertionIndexPathTooBig(indexPath: ip(3, 0), countOfElementsInSection: 2),
        .batchInsertionItemCountMismatch(itemsCount: 3, indexPathsCount: 2),
        .replaceItemFailedItemNotFound(itemDescription: "7"),
        .removeItemFailedItemNotFound(itemDescription: "6"),
        .reloadItemFailedItemNotFound(itemDescription: "8"),
        .moveItemFailedItemNotFound(indexPath: ip(1, 0)),
        .moveItemFailedIndexPathTooBig(indexPath: ip(1, 0), countOfElementsInSection: 0),
        .moveItemFailedInvalidIndexPaths(
            sourceIndexPath: ip(0, 0), destinationIndexPath: ip(3, 1),
            sourceElementsInSection: 1, destinationElementsInSection: 1),
        .moveWithoutNotificationInsideTransaction(sourceIndexPath: ip(0, 0), destinationIndexPath: ip(1, 0)),
        .itemIndexPathOutOfRange(indexPath: ip(5, 0), countOfElementsInSection: 3),
        .invalidIndexPath(indexPath: ip(-1, 0)),
        .sectionIndexOutOfRange(operation: .deleteSections, index: 5, numberOfSections: 4),
        .sectionAlreadyInStorage(operation: .insertSection, index: 0),
        .duplicateIdentifiers(kind: .items, count: 2),
        .modelWithoutIdentity(typeName: "Point"),
        .itemNotAccepted(typeName: "String", reason: "the storage stores Book records"),
        .unknownSortColumn(column: "colour", knownColumns: ["name", "size"]),
        .unknownGroupColumn(column: "colour", knownColumns: ["section"]),
        .inconsistentBaseChange(storageTypeName: "Notes", change: "delete s0.i9", count: 6, section: 0),
    ]

    /// The position of `anomaly`'s case in ``everyStorageAnomaly``. The switch has no default, so a
    /// new case does not compile until it is added here, and the coverage test then asks for a sample.
    static func caseOrdinal(_ anomaly: StorageAnomaly) -> Int {
        switch anomaly {
        case .insertionIndexPathTooBig: 0
        case .batchInsertionItemCountMismatch: 1
        case .replaceItemFailedItemNotFound: 2
        case .removeItemFailedItemNotFound: 3
        case .reloadItemFailedItemNotFound: 4
        case .moveItemFailedItemNotFound: 5
        case .moveItemFailedIndexPathTooBig: 6
        case .moveItemFailedInvalidIndexPaths: 7
        case .moveWithoutNotificationInsideTransaction: 8
        case .itemIndexPathOutOfRange: 9
        case .invalidIndexPath: 10
        case .sectionIndexOutOfRange: 11
        case .sectionAlreadyInStorage: 12
        case .duplicateIdentifiers: 13
        case .modelWithoutIdentity: 14
        case .itemNotAccepted: 15
        case .unknownSortColumn: 16
        case .unknownGroupColumn: 17
        case .inconsistentBaseChange: 18
        }
    }

    @Test("The samples cover every case of StorageAnomaly")
    func samplesCoverEveryCase() {
        #expect(Self.everyStorageAnomaly.map(Self.caseOrdinal) == Array(0..<19))
    }

    @Test("Every case has a non-empty short description, distinct from every other case's")
    func shortDescriptionsAreDistinct() {
        let descriptions = Self.everyStorageAnomaly.map(\.description)
        #expect(descriptions.allSatisfy { !$0.isEmpty })
        #expect(Set(descriptions).count == descriptions.count)
    }

    @Test("The short description is the case name, stable whatever the associated values")
    func shortDescriptionIsCaseName() {
        #expect(StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "1").description == "removeItemFailedItemNotFound")
        #expect(StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "2").description == "removeItemFailedItemNotFound")
    }

    @Test(
        "Every case has a long debug description that starts with the MemoryStorage marker",
        arguments: StorageAnomalyTextTests.everyStorageAnomaly)
    func debugDescriptionIsLongAndMarked(anomaly: StorageAnomaly) {
        #expect(anomaly.debugDescription.hasPrefix("⚠️ [ModelStorage]"))
        #expect(anomaly.debugDescription.count > "⚠️ [ModelStorage] ".count + anomaly.description.count)
    }

    @Test("Debug descriptions name the values involved")
    func debugDescriptionsExactText() {
        #expect(
            StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "6").debugDescription
                == "⚠️ [ModelStorage] Could not remove 6: no equal item (left) in the storage. Nothing was removed.")
        #expect(
            StorageAnomaly.insertionIndexPathTooBig(indexPath: ip(3, 0), countOfElementsInSection: 2).debugDescription
                == "⚠️ [ModelStorage] Could not insert at s0.i3: its section holds 2 element(s), so the item "
                + "index must be at most 2. Nothing was inserted.")
        #expect(
            StorageAnomaly.sectionIndexOutOfRange(operation: .deleteSections, index: 5, numberOfSections: 4)
                .debugDescription
                == "⚠️ [ModelStorage] deleteSections: no section 5; the storage has 4 section(s). Nothing was changed.")
    }

    @Test("Anomalies of the same case with different values are different")
    func equalityIncludesValues() {
        #expect(
            StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "6")
                == .removeItemFailedItemNotFound(itemDescription: "6"))
        #expect(
            StorageAnomaly.removeItemFailedItemNotFound(itemDescription: "6")
                != .removeItemFailedItemNotFound(itemDescription: "7"))
        #expect(
            StorageAnomaly.sectionIndexOutOfRange(operation: .moveSection, index: 1, numberOfSections: 1)
                != .sectionIndexOutOfRange(operation: .reloadSections, index: 1, numberOfSections: 1))
    }
}
