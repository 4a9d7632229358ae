import ModelStorage
import SeededRandom
import Testing

/// Re-sorts and changes of the count in one background job, as a table whose data keeps
/// arriving sees when the user clicks its headers: every operation applies in call order, the
/// storage ends in the order of its last sort, and what observers were told reaches it.
@Suite("SortedStorage: sorts interleaved with upserts and removals before the background completes")
@MainActor
struct SortedStorageInterleavedSortTests {
    /// Ties broken by id: every sort is a strict total order, so a plain sort is the oracle.
    let columns = ColumnComparisons<Track>(breakingTiesBy: { $0.id < $1.id })
        .column("title", byText: \.title)
        .column("length", by: \.length)
        .column("rating", by: \.rating)

    let keyChoices: [[SortKey]] = [
        [SortKey("title")], [SortKey("title", ascending: false)], [SortKey("length")],
        [SortKey("length", ascending: false), SortKey("title")], [SortKey("rating", ascending: false), SortKey("length")], [],
    ]

    func track(_ number: Int, length: Int) -> Track {
        Track(id: "t\(number)", title: "Title \((number * 7) % 13)", length: length, rating: number % 3 == 0 ? nil : number % 5)
    }

    @Test("A sort, an upsert and a second sort before the first completed: one job, all three applied in order")
    func sortUpsertSortBeforeTheFirstCompleted() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Track, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: handOff)
        storage.reset((0..<6).map { track($0, length: 100 + $0 * 10) }, execution: .immediate)
        let recorder = UpdateRecorder(observing: storage)
        var replica = HostReplica()
        try replica.apply([
            .changes(ChangeSet([.insertSection(0)] + storage.items.indices.map { .insertItem(at: ip($0, 0), model: storage.items[$0]) }))
        ])
        var completions: [String] = []

        storage.sort(by: [SortKey("title")], using: columns) { completions.append("title") }
        try #require(await handOff.waitForResult())
        storage.upsert([track(6, length: 5)]) { completions.append("upsert") }
        storage.sort(by: [SortKey("length", ascending: false)], using: columns) { completions.append("length") }
        handOff.deliverNext()  // the first sort, superseded: run again with the other two
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items.map(\.id) == ["t5", "t4", "t3", "t2", "t1", "t0", "t6"])
        #expect(completions == ["title", "upsert", "length"])
        try replica.apply(recorder.updates)
        #expect(replica.sections == [storage.items.map(\.description)])
        #expect(!storage.hasPendingChanges)
    }

    @Test("A sort, a removal and a sort in one job: the removal applies, the last order holds")
    func sortRemoveSortInOneJob() async throws {
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Track, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: handOff)
        storage.reset((0..<6).map { track($0, length: 100 + $0 * 10) }, execution: .immediate)
        storage.upsert([])  // a job in flight, so the next three go together
        try #require(await handOff.waitForResult())
        storage.sort(by: [SortKey("title")], using: columns)
        storage.remove(identifiers: ["t2"])
        storage.sort(by: [SortKey("length", ascending: false)], using: columns)
        handOff.deliverNext()
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items.map(\.id) == ["t5", "t4", "t3", "t1", "t0"])
        #expect(!storage.hasPendingChanges)
    }

    @Test(
        "Random sorts, upserts and removals before the background completes: the order is a plain sort, the replica equal",
        arguments: 0..<16)
    func randomized(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let handOff = ParkingHandOff()
        let storage = SortedStorage<Track, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: handOff)
        storage.anomalyHandler.action = { _ in }  // removals of absent tracks are expected here
        let recorder = UpdateRecorder(observing: storage)
        var replica = HostReplica()
        var keys: [SortKey] = []
        for _ in 0..<60 {
            let immediate = Int.random(in: 0..<10, using: &random) == 0
            let execution: SortedStorage<Track, Unsectioned>.Execution = immediate ? .immediate : .background
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1:
                // Header clicks, in the background: the last one asked is the last applied (an
                // immediate change goes ahead of queued ones).
                keys = keyChoices.randomElement(using: &random)!
                storage.sort(by: keys, using: columns)
            case 2, 3:
                let count = Int.random(in: 0..<4, using: &random)
                let tracks = (0..<count).map { _ in
                    track(Int.random(in: 0..<24, using: &random), length: Int.random(in: 0..<6, using: &random) * 30)
                }
                storage.upsert(tracks, execution: execution)
            default:
                let ids = (0..<Int.random(in: 1..<4, using: &random)).map { _ in "t\(Int.random(in: 0..<24, using: &random))" }
                storage.remove(identifiers: ids, execution: execution)
            }
            // Sometimes a result comes back between two calls, mostly not.
            if handOff.parkedCount > 0, Int.random(in: 0..<4, using: &random) == 0 { handOff.deliverNext() }
        }
        while storage.hasPendingChanges {
            try #require(await handOff.waitForResult(), "seed \(seed): a job never came back")
            handOff.deliverNext()
        }
        let plain = storage.items.sorted(by: columns.comparator(for: keys))
        #expect(storage.items == plain, "seed \(seed): \(keys)")
        try replica.apply(recorder.updates)
        #expect(replica.sections == (storage.items.isEmpty ? [] : [storage.items.map(\.description)]), "seed \(seed)")
    }
}
