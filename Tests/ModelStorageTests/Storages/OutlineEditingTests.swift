import ModelStorage
import SeededRandom
import Testing

@Suite("OutlineStorage editing: items added and removed in place, in transactions")
@MainActor
struct OutlineEditingTests {
    private func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: IndexPath(item: $0, section: 0)) as! String }
    }

    @Test("append, insert before and after, delete: the rows shown change where the tree does")
    func edits() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home", "docs"])
        let replica = OutlineReplica(observing: storage)
        storage.append(["c"], to: "docs", inSection: "Places")
        #expect(rows(storage) == ["home", "docs", "a", "b", "c", "music", "etc"])
        storage.insert(["photos"], before: "music")
        storage.insert(["videos"], after: "docs")
        #expect(rows(storage) == ["home", "docs", "a", "b", "c", "videos", "photos", "music", "etc"])
        storage.append(["usr"], inSection: "Places")
        storage.append(["resolv.conf"], to: "etc", inSection: "Places")  // etc is closed: no row
        #expect(rows(storage) == ["home", "docs", "a", "b", "c", "videos", "photos", "music", "etc", "usr"])
        storage.delete(["docs", "a"])  // a goes with docs
        #expect(rows(storage) == ["home", "videos", "photos", "music", "etc", "usr"])
        #expect(replica.rows == rows(storage))
        #expect(storage.outline(of: "Places").children(of: "etc") == ["hosts", "resolv.conf"])
    }

    @Test("edits in performUpdates reach observers as one update; refusals are reported")
    func transactions() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home"])
        let replica = OutlineReplica(observing: storage)
        let recorder = UpdateRecorder(observing: storage)
        var reported: [SnapshotAnomaly] = []
        storage.anomalyHandler.action = { reported.append($0) }
        storage.performUpdates {
            storage.append(["x", "y"], to: "home", inSection: "Places")
            storage.delete(["music"])
            storage.insert(["home"], after: "etc")  // a repeat: refused
        }
        #expect(recorder.updates.count == 1)
        #expect(replica.rows == rows(storage))
        #expect(rows(storage) == ["home", "docs", "x", "y", "etc"])
        #expect(reported == [.itemIdentifiersNotUnique(operation: .insertAfterItem, identifiers: ["home"])])
    }

    @Test("random edits, expansions and collapses: the rows delivered are the rows stored", arguments: 0..<8)
    func randomized(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        let replica = OutlineReplica(observing: storage)
        var next = 0
        for _ in 0..<120 {
            let items = storage.outline(of: "Places").items
            let item = items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
            next += 1
            switch (random.next() % 6, item) {
            case (0, let item?): storage.append(["n\(next)"], to: item, inSection: "Places")
            case (1, let item?): storage.insert(["n\(next)"], before: item)
            case (2, let item?): storage.insert(["n\(next)", "m\(next)"], after: item)
            case (3, let item?): storage.delete([item])
            case (4, let item?): storage.expand([item])
            case (5, let item?): storage.collapse([item])
            default: storage.append(["n\(next)"], inSection: "Places")
            }
            #expect(replica.rows == rows(storage), "seed \(seed)")
        }
    }
}
