import ModelStorage

/// The snapshot most specifications use: String sections, Int items.
typealias NumberSnapshot = ListSnapshot<String, Int>

/// An item identified by its name whose version is content: a new version is the same item.
struct Package: Identifiable, Hashable, Sendable, CustomStringConvertible {
    let id: String
    var version: Int
    var description: String { "\(id)@\(version)" }
}

/// A snapshot built from `layout`: one section per pair, in order, with its items.
func snapshot(_ layout: KeyValuePairs<String, [Int]>) -> NumberSnapshot {
    var result = NumberSnapshot()
    for (section, items) in layout {
        result.appendSections([section])
        result.appendItems(items, toSection: section)
    }
    return result
}

/// A snapshot's layout in one line, `A[1,2] B[]`, for exact comparisons.
func layout<S, I>(_ snapshot: ListSnapshot<S, I>) -> String {
    snapshot.sectionIdentifiers.map { section in
        "\(section)[" + snapshot.itemIdentifiers(inSection: section).map { "\($0)" }.joined(separator: ",") + "]"
    }.joined(separator: " ")
}

/// Everything a snapshot holds besides its anomalies: layout and marks.
func state<S, I>(_ snapshot: ListSnapshot<S, I>) -> String {
    layout(snapshot)
        + " reloadedSections\(snapshot.reloadedSectionIdentifiers)"
        + " reloadedItems\(snapshot.reloadedItemIdentifiers)"
        + " reconfiguredItems\(snapshot.reconfiguredItemIdentifiers)"
}

/// A storage of `snapshot`'s identifiers, observed by a fresh recorder, with its anomalies
/// collected: the starting point of the storage specifications. Building it records nothing.
@MainActor
func observedSnapshotStorage(
    _ initial: NumberSnapshot = NumberSnapshot(), headerModel: ((String) -> Any?)? = nil,
    footerModel: ((String) -> Any?)? = nil
) -> (storage: SnapshotStorage<String, Int>, recorder: UpdateRecorder, anomalies: SnapshotAnomalyLog) {
    let storage = SnapshotStorage<String, Int>(headerModel: headerModel, footerModel: footerModel)
    storage.applyUsingReloadData(initial)
    return (storage, UpdateRecorder(observing: storage), SnapshotAnomalyLog(installingOn: storage))
}

/// Collects the anomalies a snapshot storage reports.
@MainActor
final class SnapshotAnomalyLog {
    private(set) var anomalies: [SnapshotAnomaly] = []

    init<S, I>(installingOn storage: SnapshotStorage<S, I>) {
        storage.anomalyHandler.action = { self.anomalies.append($0) }
    }
}

/// A `MemoryStorage` with the same items and header/footer models as `storage`: what a host
/// reading `storage` from scratch would show, in the form ``ChangeLogReplica`` compares with.
@MainActor
func mirror<S, I>(of storage: SnapshotStorage<S, I>) -> MemoryStorage {
    let result = MemoryStorage()
    result.setItemsForAllSections(
        (0..<storage.numberOfSections).map { section in
            (0..<storage.numberOfItems(inSection: section)).compactMap { storage.item(at: IndexPath(item: $0, section: section)) }
        })
    result.setSupplementaryModels((0..<storage.numberOfSections).map { storage.headerModel(forSection: $0) }, ofKind: .header)
    result.setSupplementaryModels((0..<storage.numberOfSections).map { storage.footerModel(forSection: $0) }, ofKind: .footer)
    return result
}
