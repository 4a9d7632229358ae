import ModelStorage
import Testing

/// The `async` forms of SortedStorage's changes and SnapshotStorage's applies: each returns once
/// its change is applied (the storage shows it when the call returns, observers have seen it),
/// also when its result came back stale or a newer sort superseded it.
@Suite("Awaited changes: SortedStorage and SnapshotStorage return once the change shows")
@MainActor
struct SortedAndSnapshotAsyncTests {
    let a = Fruit(id: "a", size: 1), b = Fruit(id: "b", size: 0), c = Fruit(id: "c", size: 2)
    let sizes = ColumnComparisons<Fruit>(breakingTiesBy: byID).column("size", by: \.size)

    @Test("Each change's call returns once it is applied and observers have seen it")
    func eachChangeReturnsOnceApplied() async {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        let recorder = UpdateRecorder(observing: storage)

        await storage.upsertAndWait([a, b, c])
        #expect(storage.items == [b, a, c])
        #expect(recorder.updates.count == 1, "observers received it before the call returned")
        await storage.removeAndWait([a])
        #expect(storage.items == [b, c])
        await storage.removeAndWait(identifiers: ["b"])
        #expect(storage.items == [c])
        await storage.resetAndWait([a, b, c])
        #expect(storage.items == [b, a, c])
        await storage.setComparatorAndWait(bySizeDescending)
        #expect(storage.items == [c, a, b])
        await storage.sortAndWait(by: [SortKey("size")], using: sizes)
        #expect(storage.items == [b, a, c])
        await storage.upsertAndWait([Fruit(id: "d", size: 5)], execution: .immediate)
        #expect(storage.items.map(\.id) == ["b", "a", "c", "d"])
        #expect(recorder.updates.count == 7)
        #expect(!storage.hasPendingChanges)
    }

    @Test("A superseded sort's call returns once the newer sort is applied, never before")
    func supersededSortReturns() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: byID, handOff: handOff)
        storage.reset([a, b, c], execution: .immediate)
        let recorder = UpdateRecorder(observing: storage)
        let first = AwaitedCall(
            { await storage.sortAndWait(by: [SortKey("size")], using: self.sizes) }, shown: { storage.items.map(\.id) })
        try #require(await handOff.waitForResult())

        let second = AwaitedCall(
            { await storage.sortAndWait(by: [SortKey("size", ascending: false)], using: self.sizes) },
            shown: { storage.items.map(\.id) })
        handOff.deliverNext()  // the first sort: stale, computed again with the second
        #expect(storage.staleResultCount == 1)
        try #require(await handOff.waitForResult())
        try? await Task.sleep(for: .milliseconds(20))
        #expect(!first.hasReturned, "the superseded sort's call waits for the newer one")
        handOff.deliverNext()

        #expect(await waitUntil { first.hasReturned && second.hasReturned })
        #expect(first.shownOnReturn == ["c", "a", "b"], "it returns showing the sort that superseded it")
        #expect(second.shownOnReturn == ["c", "a", "b"])
        #expect(recorder.updates.count == 1, "the first order never showed")
    }

    @Test("A change whose result comes back stale returns once it is computed again and applied")
    func staleChangeReturnsOnceRecomputed() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize, handOff: handOff)
        let upsert = AwaitedCall({ await storage.upsertAndWait([self.a, self.c]) }, shown: { storage.items.map(\.id) })
        try #require(await handOff.waitForResult())

        await storage.upsertAndWait([b], execution: .immediate)
        #expect(storage.items == [b])
        handOff.deliverNext()  // stale: computed without b
        try #require(await handOff.waitForResult())
        #expect(!upsert.hasReturned)
        handOff.deliverNext()

        #expect(await waitUntil { upsert.hasReturned })
        #expect(upsert.shownOnReturn == ["b", "a", "c"])
    }

    @Test("applyAndWait returns once observers applied the snapshot; the reload form once they reloaded")
    func snapshotReturnsOnceApplied() async {
        let storage = SnapshotStorage<String, String>()
        let recorder = UpdateRecorder(observing: storage)
        var snapshot = storage.snapshot()
        snapshot.appendSections(["fruit"])
        snapshot.appendItems(["apple", "pear"], toSection: "fruit")

        await storage.applyAndWait(snapshot)
        #expect(storage.itemIdentifier(at: ip(1, 0)) == "pear")
        #expect(recorder.updates.count == 1, "observers received it before the call returned")

        snapshot.deleteItems(["apple"])
        await storage.applyUsingReloadDataAndWait(snapshot)
        #expect(storage.numberOfItems(inSection: 0) == 1)
        #expect(recorder.reloadCount == 1)

        await storage.applyAndWait(snapshot)
        #expect(recorder.updates.count == 2, "the same state: nothing to tell, and the call returns")
    }

    @Test("Cancelling the awaiting task cancels no change: it applies and the call returns")
    func cancellingTheTaskCancelsNothing() async {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        let task = Task {
            await storage.upsertAndWait([a, b])
            return (Task.isCancelled, storage.items.map(\.id))
        }
        task.cancel()
        let (cancelled, shownOnReturn) = await task.value
        #expect(cancelled)
        #expect(shownOnReturn == ["b", "a"])
    }
}
