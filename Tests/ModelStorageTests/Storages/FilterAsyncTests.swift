import ModelStorage
import Testing

/// An awaited call, started in a main-actor task: whether it returned, and what the storage
/// showed the moment it returned.
@MainActor
final class AwaitedCall<Shown> {
    private(set) var shownOnReturn: Shown?
    var hasReturned: Bool { shownOnReturn != nil }

    /// Starts `call` at once: it has run up to its first suspension when this returns, so calls
    /// made after it are newer. `shown` is read the moment it returns.
    init(_ call: @escaping @MainActor () async -> Void, shown: @escaping @MainActor () -> Shown) {
        Task.immediate {
            await call()
            self.shownOnReturn = shown()
        }
    }
}

/// The filter calls' `async` forms: each returns once its filter is applied (the storage shows
/// it when the call returns, observers have seen it), also when a newer filter superseded it,
/// and also when the awaiting task is cancelled.
@Suite("Awaited filters: FilteredStorage and OutlineStorage return once the filter shows")
@MainActor
struct FilterAsyncTests {
    func shown(_ storage: FilteredStorage<Int>) -> [[Int]] {
        (0..<storage.numberOfSections).map { section in
            (0..<storage.numberOfItems(inSection: section)).map { storage.item(at: ip($0, section)) as! Int }
        }
    }

    func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { OutlineReplica.text(storage.item(at: ip($0, 0))) }
    }

    @Test("setFilterAndWait returns once the filter is applied: its rows show, observers saw them")
    func filteredReturnsOnceApplied() async {
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<1_000), [5, 100]]))
        let recorder = UpdateRecorder(observing: filtered)

        await filtered.setFilterAndWait { $0 % 100 == 0 }
        #expect(shown(filtered) == [Array(stride(from: 0, to: 1_000, by: 100)), [100]])
        #expect(recorder.updates.count == 1, "observers received the change before the call returned")

        await filtered.setFilterAndWait(nil, execution: .immediate)
        #expect(filtered.count == 1_002)

        await filtered.setFilterAndWait(preparedBy: { { $0 < 3 } })
        #expect(shown(filtered) == [[0, 1, 2], []])
        #expect(!filtered.hasPendingFilter)
    }

    @Test("A superseded filter's call returns once the newer filter is applied, never before")
    func filteredSupersededReturns() async throws {
        let handOff = ParkingHandOff()
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<20)]), handOff: handOff)
        let recorder = UpdateRecorder(observing: filtered)
        let first = AwaitedCall({ await filtered.setFilterAndWait { $0 < 10 } }, shown: { self.shown(filtered) })
        try #require(await handOff.waitForResult())

        let second = AwaitedCall({ await filtered.setFilterAndWait { $0 >= 15 } }, shown: { self.shown(filtered) })
        handOff.deliverNext()  // the first scan: superseded, dropped
        try #require(await handOff.waitForResult())
        try? await Task.sleep(for: .milliseconds(20))
        #expect(!first.hasReturned, "the first filter's call waits for the newer filter")
        #expect(recorder.updates.isEmpty)
        handOff.deliverNext()

        #expect(await waitUntil { first.hasReturned && second.hasReturned })
        #expect(first.shownOnReturn == [Array(15..<20)], "it returns showing the filter that superseded it")
        #expect(second.shownOnReturn == [Array(15..<20)])
        #expect(recorder.updates.count == 1, "the first filter never showed")
    }

    @Test("A prepared filter superseded by one applied at once returns with it")
    func preparedSupersededByAnImmediateFilter() async throws {
        let handOff = ParkingHandOff()
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<20)]), handOff: handOff)
        let first = AwaitedCall(
            { await filtered.setFilterAndWait(preparedBy: { { $0 < 10 } }) }, shown: { self.shown(filtered) })
        try #require(await handOff.waitForResult())

        filtered.setFilter({ $0 == 7 }, execution: .immediate)
        #expect(await waitUntil { first.hasReturned })
        #expect(first.shownOnReturn == [[7]])
        handOff.deliverNext()  // the prepared filter's scan: dropped
        #expect(shown(filtered) == [[7]])
    }

    @Test("Cancelling the awaiting task cancels nothing: the filter applies and the call returns")
    func cancellingTheTaskCancelsNothing() async {
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<10)]))
        let task = Task {
            await filtered.setFilterAndWait { $0 % 2 == 1 }
            return (Task.isCancelled, shown(filtered))
        }
        task.cancel()
        let (cancelled, shownOnReturn) = await task.value
        #expect(cancelled)
        #expect(shownOnReturn == [[1, 3, 5, 7, 9]])
    }

    @Test("OutlineStorage.setFilterAndWait returns once the filter shows, with the matches' ancestors")
    func outlineReturnsOnceApplied() async {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        let replica = OutlineReplica(observing: storage)

        await storage.setFilterAndWait { $0 == "b" }
        #expect(rows(storage) == ["home", "docs", "b"])
        #expect(replica.rows == rows(storage), "observers saw it before the call returned")

        await storage.setFilterAndWait(nil, execution: .immediate)
        #expect(rows(storage) == ["home", "etc"])
    }

    @Test("A superseded tree filter's call returns once the newer one shows, never before")
    func outlineSupersededReturns() async throws {
        let handOff = ParkingHandOff()
        let storage = OutlineStorage<String, String>(handOff: handOff)
        storage.apply(fileOutline(), to: "Places")
        let first = AwaitedCall({ await storage.setFilterAndWait { $0 == "b" } }, shown: { self.rows(storage) })
        try #require(await handOff.waitForResult())

        let second = AwaitedCall({ await storage.setFilterAndWait { $0 == "hosts" } }, shown: { self.rows(storage) })
        handOff.deliverNext()  // the first scan: superseded, dropped
        try #require(await handOff.waitForResult())
        try? await Task.sleep(for: .milliseconds(20))
        #expect(!first.hasReturned, "the first filter's call waits for the newer filter")
        handOff.deliverNext()

        #expect(await waitUntil { first.hasReturned && second.hasReturned })
        #expect(first.shownOnReturn == ["etc", "hosts"], "the first filter never showed: it returned with the newer one")
        #expect(second.shownOnReturn == ["etc", "hosts"])
        #expect(!storage.hasPendingFilter)
    }
}
