import ModelStorage
import SeededRandom
import Testing

/// Thousands of seeded random request sequences, valid and invalid, over several sections with
/// headers. After every request:
/// - a refused request reported exactly the expected anomaly, changed nothing and notified no one;
/// - an accepted one left the storage equal to an independent reference model, and replaying the
///   delivered change log on the previous state (as a host would) gives exactly the new state,
///   headers included; a reload was delivered exactly when one was due.
@Suite("Randomized storage sequences")
@MainActor
struct RandomizedStorageTests {
    static let sequenceCount = SeedCount.of(3_000)
    static let sequenceLength = 40

    @Test("every change log replays to the new state, and refused requests change nothing")
    func randomSequences() {
        var coverage = Coverage()
        for seed in 0..<UInt64(Self.sequenceCount) {
            let operations = Self.generateSequence(seed: seed)
            if let failure = Self.firstFailure(in: operations, coverage: &coverage) {
                let shrunk = Self.shrink(operations)
                Issue.record(
                    """
                    Randomized storage test failed for seed \(seed): \(failure.message)
                    Shrunk sequence (\(shrunk.count) of \(operations.count) operations), replay with `firstFailure(in:)`:
                    \(shrunk.map { "  \($0)" }.joined(separator: "\n"))
                    """)
                return
            }
        }
        // The generator must really exercise every request, accepted and refused.
        for kind in coverage.kinds {
            #expect(coverage.applied[kind, default: 0] >= 50, "too few accepted \(kind): \(coverage.applied[kind, default: 0])")
        }
        for kind in Coverage.refusable {
            #expect(coverage.refused[kind, default: 0] >= 20, "too few refused \(kind): \(coverage.refused[kind, default: 0])")
        }
        #expect(coverage.applied["transaction", default: 0] >= 500)
        print(
            "Randomized storage: \(Self.sequenceCount) sequences, \(coverage.total) requests, "
                + "\(coverage.refused.values.reduce(0, +)) refused, \(coverage.kinds.count) request kinds")
    }

    @Test("the checker catches a wrong log: replaying a corrupted log fails")
    func checkerIsNotVacuous() throws {
        let storage = makeStorage([[1, 2]])
        var replica = ChangeLogReplica(snapshotOf: storage)
        #expect(throws: ChangeLogReplica.ReplayError.self) {
            try replica.apply(.deleteItem(at: IndexPath(item: 2, section: 0)))
        }
        try replica.apply(.moveItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0)))
        #expect(ObservedState(of: replica).sections == [[2, 1]])
    }

    // MARK: - Machinery

    struct Failure { let message: String }

    struct Coverage {
        static let refusable = [
            "addItems", "insertItem", "insertItemsAt", "insertItemsTo", "insertSection", "removeItem",
            "removeItemsHashable", "removeItemsEquatable", "removeItemsAt", "removeItemsFromSection",
            "deleteSections", "moveSection", "moveItem", "moveItemWithoutNotification", "reloadItem",
            "reloadItemAt", "replaceItem", "replaceItemAt", "reloadSections",
        ]
        var applied: [String: Int] = [:]
        var refused: [String: Int] = [:]
        var total = 0
        var kinds: [String] { applied.keys.sorted() }

        mutating func count(_ operation: RandomizedOperation, _ outcomes: [ReferenceModel.Outcome]) {
            total += 1
            if case let .transaction(inner) = operation {
                applied["transaction", default: 0] += 1
                for (op, outcome) in zip(inner, outcomes) { count(op, [outcome]) }
                return
            }
            if case .refused = outcomes.first { refused[operation.kind, default: 0] += 1 } else { applied[operation.kind, default: 0] += 1 }
        }
    }

    static func generateSequence(seed: UInt64) -> [RandomizedOperation] {
        var generator = RandomizedGenerator(rng: SplitMix64(seed: seed))
        var model = ReferenceModel()
        return (0..<sequenceLength).map { _ in
            let operation = generator.operation(for: model)
            _ = model.apply(operation)
            return operation
        }
    }

    static func firstFailure(in operations: [RandomizedOperation]) -> Failure? {
        var ignored = Coverage()
        return firstFailure(in: operations, coverage: &ignored)
    }

    /// Runs `operations` on a fresh storage, checking each against the reference model.
    static func firstFailure(in operations: [RandomizedOperation], coverage: inout Coverage) -> Failure? {
        let storage = MemoryStorage()
        let recorder = Recorder()
        storage.addObserver(recorder)
        var reported: [StorageAnomaly] = []
        storage.anomalyHandler.action = { reported.append($0) }
        var model = ReferenceModel()

        for (step, operation) in operations.enumerated() {
            let before = ObservedState(of: storage)
            var replica = ChangeLogReplica(snapshotOf: storage)
            recorder.updates.removeAll()
            reported.removeAll()
            let outcomes = model.apply(operation)
            operation.perform(on: storage)
            coverage.count(operation, outcomes)
            let after = ObservedState(of: storage)

            func fail(_ why: String) -> Failure {
                Failure(
                    message: "step \(step) `\(operation)`: \(why)\n  before: \(before)\n  after:  \(after)\n  updates: \(recorder.updates)")
            }
            let expectedRefusals = outcomes.compactMap { if case let .refused(name) = $0 { name } else { nil } }
            guard reported.map(\.description) == expectedRefusals else {
                return fail("anomalies \(reported.map(\.description)), expected \(expectedRefusals)")
            }
            guard after == model.observed else { return fail("state differs from the reference \(model.observed)") }

            if outcomes.allSatisfy({ if case .refused = $0 { true } else { $0 == .silent } }) {
                guard recorder.updates.isEmpty else { return fail("a refused or silent request notified observers") }
                continue
            }
            if outcomes.contains(.reloaded) {
                guard recorder.updates == [.reload] else { return fail("expected exactly one reload") }
                continue
            }
            guard recorder.updates.count <= 1 else { return fail("more than one update for one transaction") }
            do {
                try replica.apply(recorder.updates, reloadingFrom: storage)
                let replayed = ObservedState(of: replica)
                guard replayed == after else { return fail("replaying the log gives \(replayed)") }
            } catch {
                return fail("log does not replay: \(error)")
            }
        }
        return nil
    }

    /// Removes operations (and operations inside transactions) while the sequence still fails.
    static func shrink(_ operations: [RandomizedOperation]) -> [RandomizedOperation] {
        var current = operations
        var progress = true
        while progress {
            progress = false
            var index = 0
            while index < current.count {
                var candidate = current
                candidate.remove(at: index)
                if firstFailure(in: candidate) != nil {
                    current = candidate
                    progress = true
                    continue
                }
                if case let .transaction(inner) = current[index], inner.count > 1 {
                    for innerIndex in inner.indices {
                        var smaller = inner
                        smaller.remove(at: innerIndex)
                        candidate = current
                        candidate[index] = .transaction(smaller)
                        if firstFailure(in: candidate) != nil {
                            current = candidate
                            progress = true
                            break
                        }
                    }
                }
                index += 1
            }
        }
        return current
    }

    @MainActor
    final class Recorder: StorageObserver {
        var updates: [StorageUpdate] = []
        func storage(_ storage: any Storage, didPerform changes: ChangeSet) { updates.append(.changes(changes)) }
        func storageNeedsReload(_ storage: any Storage) { updates.append(.reload) }
    }
}
