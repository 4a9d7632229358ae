import GtkListManager
import ModelStorage
import SeededRandom

/// What the randomized sequences of both grid hosts share: the configuration, the manager's
/// mappings (numbers and captions as cells, a banner before each section's cells and a summary
/// after them) and the sections the storage implies.
enum RandomizedGrid {
    static let otherKinds: [SupplementaryKind] = ["banner", "summary"]

    /// The list tests' random configuration, with random empty-section rules for other kinds.
    static func randomConfiguration(_ rng: inout SplitMix64) -> ListConfiguration {
        var configuration = RandomizedListTests.randomConfiguration(&rng)
        configuration.displaySupplementaryViewsOnEmptySection = rng.next() % 2 == 0
        return configuration
    }

    /// A manager on `host` over a new storage, both silent about anomalies.
    @MainActor static func manager(on host: any ListHost, _ configuration: ListConfiguration) -> (ListManager, MemoryStorage) {
        let storage = MemoryStorage()
        storage.anomalyHandler.action = { _ in }
        let manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.anomalyHandler.action = { _ in }
        manager.register(NumberRow.self)
        manager.register(CaptionRow.self)
        manager.registerSupplementary(KindLabel.self, ofKind: otherKinds[0])
        manager.registerSupplementary(KindLabel.self, ofKind: otherKinds[1], placement: .afterItems)
        return (manager, storage)
    }

    /// The sections `storage` implies under `configuration`.
    @MainActor static func expectedSections(of storage: MemoryStorage, _ configuration: ListConfiguration) -> [[ExpectedRow]] {
        GtkListManagerTests.expectedSections(
            of: storage, headerOnEmpty: configuration.displayHeaderOnEmptySection,
            footerOnEmpty: configuration.displayFooterOnEmptySection, before: [otherKinds[0]], after: [otherKinds[1]],
            othersOnEmpty: configuration.displaySupplementaryViewsOnEmptySection)
    }
}
