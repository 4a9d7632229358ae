import ModelStorage
import Synchronization
import Testing

/// A SortedStorage following the sort a user picks in a table's headers: moves only, the
/// fewest, deterministic ties, unknown columns reported, superseded sorts never shown.
@Suite("SortedStorage: following a table's sort keys")
@MainActor
struct SortedStorageColumnSortTests {
    /// Eight tracks, lengths with ties, titles all different; inserted in id order.
    let tracks = [
        Track(id: "t1", title: "Naima", artist: "Coltrane", length: 260, rating: 5),
        Track(id: "t2", title: "Blue in Green", artist: "Davis", length: 337),
        Track(id: "t3", title: "Giant Steps", artist: "Coltrane", length: 286, rating: 4),
        Track(id: "t4", title: "So What", artist: "Davis", length: 562, rating: 5),
        Track(id: "t5", title: "Airegin", artist: "Rollins", length: 260, rating: 3),
        Track(id: "t6", title: "Freddie Freeloader", artist: "Davis", length: 586),
        Track(id: "t7", title: "Mr. P.C.", artist: "Coltrane", length: 286, rating: 4),
        Track(id: "t8", title: "Oleo", artist: "Rollins", length: 260),
    ]

    /// An unsectioned storage holding `tracks` (immediately), its recorder and anomaly log.
    func storage(handOff: any MainActorHandOff = TaskMainActorHandOff()) -> (
        SortedStorage<Track, Unsectioned>, UpdateRecorder, AnomalyLog
    ) {
        let storage = SortedStorage<Track, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: handOff)
        storage.reset(tracks, execution: .immediate)
        return (storage, UpdateRecorder(observing: storage), anomalyLog(of: storage.anomalyHandler))
    }

    /// The moves of `updates`; nil when any change is not a move.
    func movesOnly(_ updates: [StorageUpdate]) -> [StorageChange]? {
        var moves: [StorageChange] = []
        for update in updates {
            guard case let .changes(changes) = update else { return nil }
            for change in changes {
                guard case .moveItem = change else { return nil }
                moves.append(change)
            }
        }
        return moves
    }

    /// A host replica that shows `tracks` in one section.
    func replicaOfTracks() throws -> HostReplica {
        var replica = HostReplica()
        let inserts: [StorageChange] = [.insertSection(0)] + tracks.indices.map { .insertItem(at: ip($0, 0), model: tracks[$0]) }
        try replica.apply([.changes(ChangeSet(inserts))])
        return replica
    }

    /// The fewest moves from `old` to `new`: every item but a longest run already in order.
    func fewestMoves(from old: [Track], to new: [Track]) -> Int {
        let oldPositions = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        return new.count - longestIncreasingSubsequenceLength(new.map { oldPositions[$0.id]! })
    }

    @Test("A multi-key sort reaches observers as moves only, the fewest possible, and the replica follows")
    func multiKeySortIsTheFewestMoves() throws {
        let (storage, recorder, anomalies) = storage()
        var replica = try replicaOfTracks()
        let before = storage.items

        storage.sort(by: [SortKey("length", ascending: false), SortKey("title")], using: trackColumns, execution: .immediate)

        #expect(storage.items.map(\.id) == ["t6", "t4", "t2", "t3", "t7", "t5", "t1", "t8"])
        #expect(recorder.updates.count == 1)
        let moves = try #require(movesOnly(recorder.updates), "moves only: \(recorder.updates)")
        #expect(moves.count == fewestMoves(from: before, to: storage.items))
        try replica.apply(recorder.updates)
        #expect(replica.sections == [storage.items.map(\.description)])
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("Reversing the primary key is moves only; sorting again by the same keys changes nothing")
    func reversingAndRepeating() throws {
        let (storage, recorder, _) = storage()
        storage.sort(by: [SortKey("title")], using: trackColumns, execution: .immediate)
        let ascending = storage.items
        recorder.reset()

        storage.sort(by: [SortKey("title", ascending: false)], using: trackColumns, execution: .immediate)
        #expect(storage.items == ascending.reversed())
        #expect(try #require(movesOnly(recorder.updates)).count == tracks.count - 1)

        recorder.reset()
        storage.sort(by: [SortKey("title", ascending: false)], using: trackColumns, execution: .immediate)
        #expect(recorder.updates.isEmpty, "the same order: nothing to deliver")
    }

    @Test("A key naming an unknown column is reported and left out; the other keys apply")
    func unknownColumnIsReported() {
        let (storage, _, anomalies) = storage()

        storage.sort(
            by: [SortKey("mood"), SortKey("rating", ascending: false), SortKey("title")], using: trackColumns, execution: .immediate)

        #expect(storage.items.map(\.id) == ["t1", "t4", "t3", "t7", "t5", "t2", "t6", "t8"])
        #expect(anomalies.anomalies == [.unknownSortColumn(column: "mood", knownColumns: ["title", "artist", "length", "rating"])])
        #expect(anomalies.anomalies.first?.debugDescription.contains("\"mood\"") == true)
    }

    @Test("Ties keep the order the items entered the storage, whatever order was shown before and whichever way the key points")
    func tiesAreDeterministic() {
        let (direct, _, _) = storage()
        direct.sort(by: [SortKey("length")], using: trackColumns, execution: .immediate)
        let (viaOtherSorts, _, _) = storage()
        viaOtherSorts.sort(by: [SortKey("title", ascending: false)], using: trackColumns, execution: .immediate)
        viaOtherSorts.sort(by: [SortKey("artist")], using: trackColumns, execution: .immediate)
        viaOtherSorts.sort(by: [SortKey("length")], using: trackColumns, execution: .immediate)

        #expect(direct.items.map(\.id) == ["t1", "t5", "t8", "t3", "t7", "t2", "t4", "t6"])
        #expect(viaOtherSorts.items == direct.items)
        viaOtherSorts.sort(by: [SortKey("length", ascending: false)], using: trackColumns, execution: .immediate)
        #expect(viaOtherSorts.items.map(\.id) == ["t6", "t4", "t2", "t3", "t7", "t1", "t5", "t8"], "ties not reversed")

        // An empty sort: the tie-breaker alone, here none, so the order the items came in.
        viaOtherSorts.sort(by: [], using: trackColumns, execution: .immediate)
        #expect(viaOtherSorts.items == tracks)
    }

    @Test("After a sort, upserts follow it: a longer track moves to its place, a new one goes where the keys say")
    func changesFollowTheSort() throws {
        let (storage, recorder, _) = storage()
        storage.sort(by: [SortKey("length", ascending: false), SortKey("title")], using: trackColumns, execution: .immediate)
        recorder.reset()

        var airegin = tracks[4]
        airegin.length = 600
        storage.upsert([airegin, Track(id: "t9", title: "Alabama", length: 300)], execution: .immediate)

        #expect(storage.items.map(\.id) == ["t5", "t6", "t4", "t2", "t9", "t3", "t7", "t1", "t8"])
        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(5, 0), to: ip(0, 0)),
                    .insertItem(at: ip(4, 0), model: Track(id: "t9", title: "Alabama", length: 300)),
                    .updateItem(at: ip(0, 0), model: airegin),
                ])
            ])
    }

    @Test("A column sorted again reads the ranks it kept; an upsert makes them stale, so the next sort ranks afresh")
    func keptRanksFollowTheItems() {
        let (storage, _, _) = storage()
        let titleReads = Mutex(0)
        let columns = ColumnComparisons<Track>()
            .column("title") { lhs, rhs in
                titleReads.withLock { $0 += 1 }
                return lhs.title < rhs.title
            }
            .column("length", by: \.length)
        storage.sort(by: [SortKey("title")], using: columns, execution: .immediate)
        let ranked = titleReads.withLock { $0 }
        storage.sort(by: [SortKey("length")], using: columns, execution: .immediate)
        storage.sort(by: [SortKey("title", ascending: false)], using: columns, execution: .immediate)
        #expect(titleReads.withLock { $0 } == ranked, "the title ranks were kept through two sorts")
        #expect(storage.items.map(\.title).first == "So What")

        var airegin = tracks[4]
        airegin.title = "Zoot"
        storage.upsert([airegin], execution: .immediate)
        storage.sort(by: [SortKey("length")], using: columns, execution: .immediate)
        storage.sort(by: [SortKey("title", ascending: false)], using: columns, execution: .immediate)
        #expect(titleReads.withLock { $0 } > ranked, "ranked afresh after the upsert")
        #expect(storage.items.map(\.title).prefix(2) == ["Zoot", "So What"])
    }

    @Test("After each of several sorts, every identity is found where the list shows its item, in sections too")
    func lookupsFollowEverySort() {
        let storage = SortedStorage<Track, String>(sortedBy: { $0.id < $1.id }, sectionedBy: { $0.artist })
        storage.reset(tracks, execution: .immediate)
        let sorts = [
            [SortKey("title")], [SortKey("length", ascending: false)], [SortKey("title", ascending: false)],
            [SortKey("length"), SortKey("title")],
        ]
        for keys in sorts {
            storage.sort(by: keys, using: trackColumns, execution: .immediate)
            for section in 0..<storage.numberOfSections {
                for (offset, item) in storage.items(inSection: section).enumerated() {
                    #expect(storage.indexPath(ofIdentifier: item.id) == ip(offset, section), "\(item.id) after \(keys)")
                    #expect(storage.item(withIdentifier: item.id) == item)
                }
            }
        }
        // An upsert after the sorts replaces the item in place of its identity.
        var oleo = tracks[7]
        oleo.title = "Oleo (take 2)"
        storage.upsert([oleo], execution: .immediate)
        #expect(storage.item(withIdentifier: "t8") == oleo)
        #expect(storage.items(inSection: 2).map(\.id) == ["t5", "t8"])
        #expect(storage.contains(identifier: "t8"))
        #expect(!storage.contains(identifier: "t9"))
    }

    @Test("Sections keep their order; each sorts its own items")
    func sectionsSortTheirItems() {
        let storage = SortedStorage<Track, String>(sortedBy: { $0.id < $1.id }, sectionedBy: { $0.artist })
        storage.reset(tracks, execution: .immediate)
        let recorder = UpdateRecorder(observing: storage)

        storage.sort(by: [SortKey("length", ascending: false)], using: trackColumns, execution: .immediate)

        #expect(storage.sectionKeys == ["Coltrane", "Davis", "Rollins"])
        #expect((0..<3).map { storage.items(inSection: $0).map(\.id) } == [["t3", "t7", "t1"], ["t6", "t4", "t2"], ["t5", "t8"]])
        #expect(movesOnly(recorder.updates) != nil, "moves only")
    }

    @Test("A sort asked while another is being computed supersedes it: one change set, to the newest order")
    func supersededSortIsNeverApplied() async throws {
        let handOff = ParkingHandOff()
        let (storage, recorder, _) = storage(handOff: handOff)
        var replica = try replicaOfTracks()
        var completions: [String] = []

        storage.sort(by: [SortKey("title")], using: trackColumns) { completions.append("title") }
        try #require(await handOff.waitForResult())
        storage.sort(by: [SortKey("length", ascending: false)], using: trackColumns) { completions.append("length") }
        handOff.deliverNext()

        #expect(recorder.updates.isEmpty, "the title order was never shown")
        #expect(storage.staleResultCount == 1)
        #expect(completions.isEmpty)
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items.map(\.id) == ["t6", "t4", "t2", "t3", "t7", "t1", "t5", "t8"])
        #expect(recorder.updates.count == 1)
        #expect(movesOnly(recorder.updates) != nil, "moves only")
        #expect(completions == ["title", "length"])
        try replica.apply(recorder.updates)
        #expect(replica.sections == [storage.items.map(\.description)])
        #expect(!storage.hasPendingChanges)
    }

    @Test("A sort after a queued upsert in flight still applies both, in call order")
    func sortAfterAnUpsertInFlight() async throws {
        let handOff = ParkingHandOff()
        let (storage, recorder, _) = storage(handOff: handOff)
        let added = Track(id: "t0", title: "Zoot", length: 100)

        storage.upsert([added])
        try #require(await handOff.waitForResult())
        storage.sort(by: [SortKey("title")], using: trackColumns)
        handOff.deliverNext()
        #expect(recorder.updates.count == 1, "an upsert alone is not superseded")
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(storage.items.map(\.id) == ["t5", "t2", "t6", "t3", "t7", "t1", "t8", "t4", "t0"])
        #expect(storage.staleResultCount == 0)
    }
}
