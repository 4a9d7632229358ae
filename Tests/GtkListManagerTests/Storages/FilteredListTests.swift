import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// A filtered storage on every host, read back from GTK: random filters (each a change of tens
/// of runs, one splice on the virtualized hosts, runs one at a time on the others) interleaved
/// with the base's insertions and removals. After each step the rows shown are the base's items
/// that pass, under their sections' headers, and the items selected before that still show are
/// selected, and shown selected by GTK, and no others.
final class FilteredListTests: XCTestCase {
    func testFiltersAndBaseChangesShowWhatPassesAndKeepTheSelectionOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                for seed in SeedCount.seeds(4) { try Self.randomSteps(on: kind, seed: seed) }
            }
        }
    }

    /// A storage of one's own that writes splices and cannot say what its observers have not
    /// seen yet: the manager keeps its own copy of the models, which follows each splice too.
    func testAStorageWithoutAMirrorTakesTheSplicesAsWell() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .virtualizedGrid] {
                for seed in SeedCount.seeds(4) { try Self.randomSteps(on: kind, seed: seed, forwarded: true) }
            }
        }
    }

    static let headers = ["A", "B", "C"]

    @MainActor private static func randomSteps(on kind: HostKind, seed: UInt64, forwarded: Bool = false) throws {
        var random = SplitMix64(seed: seed)
        let base = MemoryStorage()
        base.setSectionHeaderModels(headers)
        var sections = (0..<headers.count).map { section in Array(stride(from: section, to: 24, by: headers.count)) }
        base.setItemsForAllSections(sections)
        let filtered = FilteredStorage<Int>(base, handOff: GLibMainActorHandOff())
        var passes: @Sendable (Int) -> Bool = { _ in true }
        let shown = kind.makeShownManager()
        defer { shown.list.close() }
        shown.manager.register(CaptionRow.self)
        let forwarding = forwarded ? ForwardingStorage(filtered) : nil
        shown.manager.storage = forwarding ?? filtered
        shown.manager.selectionMode = .multiple
        var nextItem = 1_000
        var applied = 0

        for step in 0..<12 {
            // A few shown items selected, remembered by model.
            let shownItems = sections.enumerated().flatMap { section, items in
                items.filter(passes).enumerated().map { (IndexPath(item: $0.offset, section: section), $0.element) }
            }
            for (indexPath, _) in shownItems where random.chance(0.08) { shown.manager.selectItem(at: indexPath) }
            let selectedBefore = Set(
                shown.manager.selectedIndexPaths.map { indexPath in
                    shownItems.first { $0.0 == indexPath }!.1
                })

            let change: String
            switch random.next() % 4 {
            case 0, 1:
                let modulus = Int(random.next() % 4) + 1, residue = Int(random.next() % UInt64(modulus))
                change = "filter n % \(modulus) == \(residue)"
                passes = { $0 % modulus == residue }
                let done = applied
                filtered.setFilter(passes) { applied += 1 }
                XCTAssertTrue(GtkRuntime.iterate(until: { applied > done }), "\(kind), seed \(seed), step \(step): \(change) applied")
            case 2 where sections.joined().count < 30:
                // Every row bound in the window: the list stays under 40 rows.
                let section = Int(random.next() % UInt64(headers.count))
                let place = Int(random.next() % UInt64(sections[section].count + 1))
                let items = (0..<Int(random.next() % 3) + 1).map { nextItem + $0 }
                nextItem += items.count
                change = "insert \(items) at \(place) of section \(section)"
                try base.insertItems(items, at: IndexPath(item: place, section: section))
                sections[section].insert(contentsOf: items, at: place)
            default:
                let section = Int(random.next() % UInt64(headers.count))
                let removed = sections[section].filter { _ in random.chance(0.3) }
                change = "remove \(removed) from section \(section)"
                base.removeItems(removed)
                sections[section].removeAll { removed.contains($0) }
            }

            let context = "\(kind), seed \(seed), step \(step): \(change)"
            let expected = sections.enumerated().map { section, items in
                [ExpectedRow(role: .supplementary(.header), model: headers[section])]
                    + items.filter(passes).map { ExpectedRow(role: .item, model: String($0)) }
            }
            let rows = shown.sections()
            XCTAssertEqual(rows, expected, context)
            let selected = Set(shown.manager.selectedIndexPaths.compactMap { filtered.item(at: $0) as? Int })
            XCTAssertEqual(selected, selectedBefore.filter { item in sections.joined().contains(item) && passes(item) }, context)
            var shownSelected: Set<Int> = []
            shown.host.forEachBoundRow { _, row in
                if row.role == .item, isShownSelected(row), let item = row.model as? Int { shownSelected.insert(item) }
            }
            XCTAssertEqual(shownSelected, selected, "\(context): what GTK shows selected")
            if rows != expected { return }
        }
    }
}

/// Another storage's sections, headers and changes, told in its own name, with no answer to
/// `updatesNotDelivered(to:)`.
@MainActor private final class ForwardingStorage: SupplementaryStorage, ObservableStorage, StorageObserver {
    private let source: any SupplementaryStorage & ObservableStorage
    private var observers: [WeakObserver] = []

    private struct WeakObserver {
        weak var observer: (any StorageObserver)?
    }

    init(_ source: any SupplementaryStorage & ObservableStorage) {
        self.source = source
        source.addObserver(self)
    }

    var numberOfSections: Int { source.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { source.numberOfItems(inSection: section) }
    func item(at indexPath: IndexPath) -> Any? { source.item(at: indexPath) }
    func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        source.supplementaryModel(ofKind: kind, inSection: section)
    }

    func addObserver(_ observer: any StorageObserver) { observers.append(WeakObserver(observer: observer)) }
    func removeObserver(_ observer: any StorageObserver) { observers.removeAll { $0.observer === observer } }

    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        for entry in observers { entry.observer?.storage(self, didPerform: changes) }
    }

    func storageNeedsReload(_ storage: any Storage) {
        for entry in observers { entry.observer?.storageNeedsReload(self) }
    }
}
