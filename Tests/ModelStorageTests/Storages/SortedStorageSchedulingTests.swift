import ModelStorage
import Testing

/// Background execution of SortedStorage: diffs on a serial queue, results handed back to the
/// main actor, stale results recomputed, completions after the observers. Every wait has a
/// timeout, so a broken hand-off fails a test instead of hanging the run.
@Suite("SortedStorage scheduling: background diffs, FIFO completions, stale results")
@MainActor
struct SortedStorageSchedulingTests {
    /// What happened, in order: "update" when an observer received a change set, the name of a
    /// completion when it ran.
    final class EventLog: StorageObserver {
        var events: [String] = []
        init(observing storage: some ObservableStorage) { storage.addObserver(self) }
        func storage(_ storage: any Storage, didPerform changes: ChangeSet) { events.append("update") }
        func storageNeedsReload(_ storage: any Storage) { events.append("reload") }
    }

    let a = Fruit(id: "a", size: 1), b = Fruit(id: "b", size: 0), c = Fruit(id: "c", size: 2)

    @Test("With the default Task hand-off a change applies later; its completion runs after the observers")
    func defaultHandOffAppliesThenCompletes() async {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        let log = EventLog(observing: storage)

        storage.upsert([a, b]) { log.events.append("done") }

        #expect(storage.count == 0, "reads see the state observers were told about")
        #expect(storage.hasPendingChanges)
        #expect(await waitUntil { log.events.contains("done") })
        #expect(log.events == ["update", "done"])
        #expect(storage.items == [b, a])
        #expect(!storage.hasPendingChanges)
    }

    @Test("Completions run in call order, each after its change was delivered")
    func completionsAreFIFO() async {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        let log = EventLog(observing: storage)

        for index in 0..<5 {
            storage.upsert([Fruit(id: "f\(index)", size: 5 - index)]) { log.events.append("\(index)") }
        }
        storage.remove(identifiers: ["f0"]) { log.events.append("removed") }

        #expect(await waitUntil { log.events.contains("removed") })
        #expect(log.events.filter { $0 != "update" } == ["0", "1", "2", "3", "4", "removed"])
        #expect(log.events.first == "update", "the first completion waits for its change")
        #expect(storage.items.map(\.id) == ["f4", "f3", "f2", "f1"])
    }

    @Test("One job in flight; changes requested meanwhile go together in the next job, in order")
    func changesQueuedDuringAJobCoalesce() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize, handOff: handOff)
        let log = EventLog(observing: storage)
        let recorder = UpdateRecorder(observing: storage)

        storage.upsert([a]) { log.events.append("1") }
        try #require(await handOff.waitForResult())
        storage.upsert([b, c]) { log.events.append("2") }
        storage.remove([a]) { log.events.append("3") }
        storage.setComparator(bySizeDescending) { log.events.append("4") }
        #expect(handOff.parkedCount == 1, "the second job waits for the first")

        handOff.deliverNext()
        #expect(log.events == ["update", "1"])
        #expect(storage.items == [a])
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(log.events == ["update", "1", "update", "2", "3", "4"])
        #expect(storage.items == [c, b])
        #expect(
            recorder.updates.last
                == .changes([
                    .deleteItem(at: ip(0, 0)),
                    .insertItem(at: ip(0, 0), model: c),
                    .insertItem(at: ip(1, 0), model: b),
                ]))
        #expect(storage.staleResultCount == 0)
    }

    @Test("Re-sorts that go together in one job reach observers as one reordering, to the last order")
    func reSortsInOneJobComposeIntoOneReordering() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize, handOff: handOff)
        let items = (0..<8).map { Fruit(id: "f\($0)", size: ($0 * 5) % 8) }
        storage.reset(items, execution: .immediate)
        let before = storage.items
        let recorder = UpdateRecorder(observing: storage)

        storage.upsert([]) {}
        try #require(await handOff.waitForResult())
        storage.setComparator(bySizeDescending)
        storage.setComparator(byID)
        handOff.deliverNext()
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items.map(\.id) == (0..<8).map { "f\($0)" })
        let changes = try #require(recorder.lastChanges)
        guard changes.segments.count == 1, case let .reordering(reordering) = changes.segments[0] else {
            Issue.record("not one reordering: \(changes)")
            return
        }
        #expect(reordering.sources.map { before[$0] } == storage.items, "from the order observers knew to the last one")
    }

    @Test("A result that comes back after the state changed is recomputed from the current state, never applied")
    func staleResultIsRecomputed() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize, handOff: handOff)
        let log = EventLog(observing: storage)
        let recorder = UpdateRecorder(observing: storage)
        var replica = HostReplica()

        storage.upsert([a, c]) { log.events.append("background") }
        try #require(await handOff.waitForResult())
        // The state changes while the job's result waits: its script was computed for [].
        storage.upsert([b], execution: .immediate) { log.events.append("immediate") }
        #expect(log.events == ["update", "immediate"])

        handOff.deliverNext()
        #expect(storage.staleResultCount == 1)
        #expect(storage.items == [b], "the stale script was not applied")
        #expect(log.events == ["update", "immediate"], "no update and no completion for a stale result")
        #expect(storage.hasPendingChanges)

        try #require(await handOff.waitForResult())
        handOff.deliverNext()
        #expect(storage.items == [b, a, c])
        #expect(log.events == ["update", "immediate", "update", "background"])
        #expect(recorder.updates.last == .changes([.insertItem(at: ip(1, 0), model: a), .insertItem(at: ip(2, 0), model: c)]))
        try replica.apply(recorder.updates)
        #expect(replica.sections == printedSections(of: storage))
        #expect(storage.staleResultCount == 1)
    }

    @Test("A stale comparator change is recomputed too: the immediate upsert is sorted by the new comparator")
    func staleComparatorChange() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize, handOff: handOff)
        storage.reset([a, b], execution: .immediate)
        let recorder = UpdateRecorder(observing: storage)
        var replica = HostReplica()
        try replica.apply([.changes([.insertSection(0), .insertItem(at: ip(0, 0), model: b), .insertItem(at: ip(1, 0), model: a)])])

        storage.setComparator(bySizeDescending)
        try #require(await handOff.waitForResult())
        storage.upsert([c], execution: .immediate)
        handOff.deliverNext()
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items == [c, a, b])
        try replica.apply(recorder.updates)
        #expect(replica.sections == printedSections(of: storage))
        #expect(!storage.hasPendingChanges)
    }

    @Test("A result handed back after the storage is gone does nothing")
    func resultAfterTheStorageIsGone() async throws {
        let handOff = ParkingHandOff()
        var completed = false
        var storage: SortedStorage<Fruit, Unsectioned>? = SortedStorage(sortedBy: bySize, handOff: handOff)
        storage?.upsert([a]) { completed = true }
        try #require(await handOff.waitForResult())

        storage = nil
        #expect(handOff.deliverNext())
        #expect(!completed)
    }

    @Test("Upserts of one row each, queued behind a job, apply in one pass as they would one by one")
    func rowByRowUpsertsQueuedBehindAJobApplyAsOne() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize, handOff: handOff)
        let anomalies = anomalyLog(of: storage.anomalyHandler)
        storage.upsert([a, b, c])
        try #require(await handOff.waitForResult())
        // A feed upserting each changed row: new rows of one size (their ties in the order of
        // the call that first added them), rows updated again and again (the last wins, in
        // place), one call repeating a row of its own (reported), another moving a row.
        for version in 1...300 {
            storage.upsert([Fruit(id: "n\(version % 3)", size: 5, version: version)])
            storage.upsert([Fruit(id: "a", size: 1, version: version)])
        }
        storage.upsert([Fruit(id: "d", size: 5), Fruit(id: "d", size: 5, version: 1)])
        storage.upsert([Fruit(id: "b", size: 9)])
        #expect(handOff.parkedCount == 1, "the feed's calls wait for the first job")
        handOff.deliverNext()
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items.map(\.description) == ["a:1v300", "c:2", "n1:5v298", "n2:5v299", "n0:5v300", "d:5v1", "b:9"])
        #expect(anomalies.anomalies == [.duplicateIdentifiers(kind: .items, count: 1)])
    }
}
