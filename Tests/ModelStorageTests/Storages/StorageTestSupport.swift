import Foundation
import ModelStorage

/// A model with an identity (`id`) and content (`size`, `version`): a new size or version of the
/// same id is the same item with new content. Prints as `id:size` (plus `vN` when versioned) so
/// exact logs stay short.
struct Fruit: Identifiable, Equatable, Diffable, Sendable, CustomStringConvertible {
    var id: String
    var size: Int = 0
    var section: String = "-"
    var version: Int = 0

    var description: String { "\(id):\(size)" + (version == 0 ? "" : "v\(version)") }
}

/// Sorted by id; ties impossible (ids are unique).
let byID: @Sendable (Fruit, Fruit) -> Bool = { $0.id < $1.id }
/// Sorted by size; fruits of one size tie.
let bySize: @Sendable (Fruit, Fruit) -> Bool = { $0.size < $1.size }
/// Sorted by size, largest first.
let bySizeDescending: @Sendable (Fruit, Fruit) -> Bool = { $0.size > $1.size }

/// A hand-off that parks every result until the test delivers it: the test decides when the
/// background result reaches the main actor, and can change the storage in between.
final class ParkingHandOff: MainActorHandOff, Sendable {
    private let parked = LockedValue<[@Sendable @MainActor () -> Void]>([])

    /// How many results wait to be delivered.
    var parkedCount: Int { parked.withLock { $0.count } }

    func handOff(_ work: @escaping @Sendable @MainActor () -> Void) {
        parked.withLock { $0.append(work) }
    }

    /// Waits (without blocking the main actor) until a result is parked; false on timeout.
    @MainActor
    func waitForResult(timeout: Duration = .seconds(30)) async -> Bool {
        await waitUntil(timeout: timeout) { self.parkedCount > 0 }
    }

    /// Delivers the oldest parked result on the main actor; false when none was parked.
    @MainActor
    @discardableResult
    func deliverNext() -> Bool {
        let work = parked.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        work?()
        return work != nil
    }
}

/// Polls `condition` on the main actor, sleeping in between so other main-actor work (hand-offs)
/// runs, until it holds or this wait has waited `timeout`: an async test can fail, never hang.
///
/// Suites run in parallel, and another suite's long synchronous main-actor test (a randomized
/// one, ~34 s under ThreadSanitizer) can hold the main actor far longer than any timeout. A poll
/// that resumes late waited for the main actor, not for the condition, so it counts as at most
/// `longestCountedPoll`, and the condition is always checked again before the wait gives up.
/// A wait for something that never happens still fails, after `timeout` of polling.
@MainActor
func waitUntil(timeout: Duration = .seconds(30), _ condition: @MainActor () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let longestCountedPoll = Duration.milliseconds(50)
    var waited = Duration.zero
    while !condition() {
        if waited >= timeout { return false }
        let start = clock.now
        try? await Task.sleep(for: .milliseconds(1))
        waited += min(clock.now - start, longestCountedPoll)
    }
    return true
}

/// Routes a storage's anomalies into an ``AnomalyLog``.
@MainActor
func anomalyLog(of handler: AnomalyHandler<StorageAnomaly>) -> AnomalyLog {
    let log = AnomalyLog()
    handler.action = { log.record($0) }
    return log
}

/// A replica of what a host shows: starts empty and learns only from delivered updates.
@MainActor
struct HostReplica {
    private(set) var replica: ChangeLogReplica

    /// A replica of a storage holding `emptySections` empty sections.
    init(emptySections: Int = 0) {
        replica = ChangeLogReplica(snapshotOf: makeStorage(Array(repeating: [], count: emptySections)))
    }

    mutating func apply(_ updates: [StorageUpdate]) throws {
        for update in updates {
            guard case let .changes(changeSet) = update else { throw ChangeLogReplica.ReplayError(description: "unexpected reload") }
            for change in changeSet { try replica.apply(change) }
        }
    }

    /// The fruits of each section, as the host shows them.
    var sections: [[String]] { replica.sections.map { $0.map { String(describing: $0) } } }
    /// The header of each section, as the host shows it.
    var headers: [String?] { replica.supplements.map { $0.header.map { String(describing: $0) } } }
}

/// A storage's sections as printed fruits, for comparison with a replica.
@MainActor
func printedSections<Key>(of storage: SortedStorage<Fruit, Key>) -> [[String]] {
    (0..<storage.numberOfSections).map { storage.items(inSection: $0).map(\.description) }
}

/// The length of a longest strictly increasing subsequence (the items a reorder can leave in
/// place), computed naively in O(n²) as an oracle.
func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

/// Counts the updates a storage delivers.
final class UpdateCounter: StorageObserver {
    let counted: () -> Void
    init(_ counted: @escaping () -> Void) { self.counted = counted }
    func storage(_ storage: any Storage, didPerform changes: ChangeSet) { counted() }
    func storageNeedsReload(_ storage: any Storage) { counted() }
}
