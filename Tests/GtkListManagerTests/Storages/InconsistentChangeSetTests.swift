import CGtk
import GtkListManager
import ModelStorage
import StorageTestDoubles
import XCTest

/// A storage whose change log contradicts itself (a custom storage with a bug) never stops the
/// process nor shows a wrong row: the manager reports the entry it could not take, with the
/// storage and the count, applies nothing of that change set and reloads from the storage as it
/// is now. Rows are read back from GTK.
final class InconsistentChangeSetTests: XCTestCase {
    func testAnEntryPastTheItemsIsReportedAndTheListReloads() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.listBox, .virtualizedList] {
                let storage = LyingStorage([Array(0..<8)])
                let shown = Self.show(storage, on: kind)
                defer { shown.list.close() }
                XCTAssertEqual(shown.lines(), (0..<8).map { "item \($0)" }, "\(kind)")

                storage.sections = [Array(0..<5)]
                storage.report([.deleteItem(at: IndexPath(item: 9, section: 0))])
                XCTAssertEqual(shown.lines(), (0..<5).map { "item \($0)" }, "\(kind): the storage as it is")
                XCTAssertEqual(
                    shown.anomalies.reports,
                    [
                        .inconsistentChangeSet(
                            storageTypeName: String(reflecting: LyingStorage.self), change: "delete s0.i9", count: 8,
                            section: 0)
                    ], "\(kind)")

                // The first entry fits, the second does not: none is applied.
                storage.sections = [[0, 1, 2, 3, 40, 50, 60]]
                storage.report([
                    .insertItem(at: IndexPath(item: 4, section: 0), model: 40),
                    .insertItem(at: IndexPath(item: 9, section: 0), model: 50),
                    .insertItem(at: IndexPath(item: 0, section: 2), model: 60),
                ])
                XCTAssertEqual(shown.lines(), [0, 1, 2, 3, 40, 50, 60].map { "item \($0)" }, "\(kind)")
                XCTAssertEqual(shown.anomalies.reports.count, 2, "\(kind)")
                XCTAssertEqual(
                    shown.anomalies.reports.last?.debugDescription.contains("section 0 held 6 item(s)"), true,
                    "\(kind): counted after the first entry: \(shown.anomalies.reports)")

                // A log that fits is applied as it is.
                storage.sections = [[0, 1, 2, 3, 40, 50]]
                storage.report([.deleteItem(at: IndexPath(item: 6, section: 0))])
                XCTAssertEqual(shown.lines(), [0, 1, 2, 3, 40, 50].map { "item \($0)" }, "\(kind)")
                XCTAssertEqual(shown.anomalies.reports.count, 2, "\(kind)")
            }
        }
    }

    func testAnUpdatePastTheItemsAmongUpdatesIsReportedAndNoneIsShown() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.listBox, .virtualizedList] {
                let storage = LyingStorage([Array(0..<4)])
                let shown = Self.show(storage, on: kind)
                defer { shown.list.close() }

                // A log of item updates only (a feed's), its second past the items: the first is
                // not shown alone, the list reloads from the storage as it is.
                storage.sections = [[0, 10, 2, 3]]
                storage.report([
                    .updateItem(at: IndexPath(item: 1, section: 0), model: 10),
                    .updateItem(at: IndexPath(item: 4, section: 0), model: 40),
                ])
                XCTAssertEqual(shown.lines(), [0, 10, 2, 3].map { "item \($0)" }, "\(kind)")
                XCTAssertEqual(
                    shown.anomalies.reports,
                    [
                        .inconsistentChangeSet(
                            storageTypeName: String(reflecting: LyingStorage.self), change: "update s0.i4", count: 4, section: 0)
                    ], "\(kind)")

                // In a section past the sections.
                storage.report([.updateItem(at: IndexPath(item: 0, section: 3), model: 0)])
                XCTAssertEqual(shown.anomalies.reports.count, 2, "\(kind)")
                XCTAssertEqual(shown.lines(), [0, 10, 2, 3].map { "item \($0)" }, "\(kind)")

                // Updates that fit show their models.
                storage.sections = [[0, 11, 2, 33]]
                storage.report([
                    .updateItem(at: IndexPath(item: 1, section: 0), model: 11),
                    .updateItem(at: IndexPath(item: 3, section: 0), model: 33),
                ])
                XCTAssertEqual(shown.lines(), [0, 11, 2, 33].map { "item \($0)" }, "\(kind)")
                XCTAssertEqual(shown.anomalies.reports.count, 2, "\(kind)")
            }
        }
    }

    func testSectionEntriesPastTheSectionsAreReported() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.listBox, .virtualizedList] {
                let storage = LyingStorage([[1, 2], [3]])
                let shown = Self.show(storage, on: kind)
                defer { shown.list.close() }
                storage.sections = [[3]]
                storage.report([.deleteSection(0), .deleteSection(1)])
                XCTAssertEqual(shown.lines(), ["item 3"], "\(kind)")
                XCTAssertEqual(shown.anomalies.reports.count, 1, "\(kind)")
                XCTAssertEqual(
                    shown.anomalies.reports.first?.debugDescription.contains("the list had 1 section(s)"), true, "\(kind)")
            }
        }
    }

    func testAFilterOverABaseThatContradictsItselfShowsTheBaseFiltered() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.listBox, .virtualizedList] {
                let base = LyingStorage([Array(0..<10)])
                let filtered = FilteredStorage<Int>(base, filter: { $0 % 2 == 0 }, handOff: GLibMainActorHandOff())
                var filterAnomalies: [StorageAnomaly] = []
                filtered.anomalyHandler.action = { filterAnomalies.append($0) }
                let shown = Self.show(filtered, on: kind)
                defer { shown.list.close() }
                XCTAssertEqual(shown.lines(), [0, 2, 4, 6, 8].map { "item \($0)" }, "\(kind)")

                base.sections = [[0, 1, 2, 3, 4, 5, 12]]
                base.report([
                    .deleteItem(at: IndexPath(item: 8, section: 0)), .insertItem(at: IndexPath(item: 11, section: 0), model: 12),
                ])
                XCTAssertEqual(shown.lines(), [0, 2, 4, 12].map { "item \($0)" }, "\(kind): the base filtered, as it is")
                XCTAssertEqual(filterAnomalies.count, 1, "\(kind)")
                XCTAssertEqual(shown.anomalies.reports, [], "\(kind): the filter's log to the list is consistent")
            }
        }
    }

    /// A manager over `storage` on a new host of `kind`, showing `NumberRow`s in a window.
    @MainActor private static func show(_ storage: any Storage, on kind: HostKind) -> ShownHost {
        let host = kind.makeHost()
        let manager = ListManager(host: host, storage: storage)
        manager.register(NumberRow.self)
        let anomalies = AnomalyRecorder(manager)
        return ShownHost(manager: manager, host: host, list: ShownList(manager, width: 440, height: 1000), anomalies: anomalies)
    }
}
