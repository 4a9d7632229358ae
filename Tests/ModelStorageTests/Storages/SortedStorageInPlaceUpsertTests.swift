import ModelStorage
import SeededRandom
import Testing

/// Upserts that only give stored items new values in their sections (a feed re-sorting its
/// rows as their values change): the storage re-sorts them as one reordering per section and
/// updates the items whose content changed, with no insertion or deletion, and its log still
/// brings a host to the storage's state, however they mix with re-sorts, new items and
/// removals.
@Suite("SortedStorage: upserts of stored items re-sort as one reordering and their updates")
@MainActor
struct SortedStorageInPlaceUpsertTests {
    @Test("New values that move items are one reordering, then an update of each item changed, where it went")
    func movedItemsAreOneReorderingThenTheirUpdates() {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        storage.reset((0..<6).map { Fruit(id: "f\($0)", size: $0 * 10) }, execution: .immediate)
        let recorder = UpdateRecorder(observing: storage)

        // f0 goes last, f4 first; f2 gets a new version where it is.
        storage.upsert(
            [Fruit(id: "f0", size: 99), Fruit(id: "f4", size: -1), Fruit(id: "f2", size: 20, version: 1)], execution: .immediate)

        #expect(storage.items.map(\.description) == ["f4:-1", "f1:10", "f2:20v1", "f3:30", "f5:50", "f0:99"])
        guard case let .changes(changes) = recorder.updates.first else {
            Issue.record("no change set: \(recorder.updates)")
            return
        }
        #expect(changes.segments.count == 4, "\(changes)")
        guard case let .reordering(reordering) = changes.segments.first else {
            Issue.record("the log starts with its reordering: \(changes)")
            return
        }
        #expect(reordering.sources == [4, 1, 2, 3, 5, 0])
        #expect(
            Array(changes.dropFirst(reordering.moveCount)) == [
                .updateItem(at: ip(0, 0), model: Fruit(id: "f4", size: -1)),
                .updateItem(at: ip(2, 0), model: Fruit(id: "f2", size: 20, version: 1)),
                .updateItem(at: ip(5, 0), model: Fruit(id: "f0", size: 99)),
            ])
    }

    @Test("The same values again change nothing and tell nothing")
    func unchangedValuesTellNothing() {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        let fruits = (0..<4).map { Fruit(id: "f\($0)", size: $0) }
        storage.reset(fruits, execution: .immediate)
        let recorder = UpdateRecorder(observing: storage)

        storage.upsert(fruits.reversed(), execution: .immediate)

        #expect(recorder.updates == [])
        #expect(storage.items == fruits)
    }

    @Test("A repeated identity in a call keeps its last value and is reported, as in any upsert")
    func repeatedIdentityKeepsTheLastValue() {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        storage.reset([Fruit(id: "a", size: 1), Fruit(id: "b", size: 2)], execution: .immediate)
        let anomalies = anomalyLog(of: storage.anomalyHandler)

        storage.upsert([Fruit(id: "a", size: 5), Fruit(id: "a", size: 3)], execution: .immediate)

        #expect(storage.items.map(\.description) == ["b:2", "a:3"])
        #expect(anomalies.anomalies.count == 1)
    }

    @Test(
        "Randomized feeds of new values, in sections, mixed with re-sorts, new items and removals, match a reference",
        arguments: [11, 12, 13, 14] as [UInt64])
    func randomizedFeedsMatchAReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let storage = SortedStorage<Fruit, String>(sortedBy: bySize, sectionedBy: { $0.section }, sectionHeader: { "Section \($0)" })
        storage.anomalyHandler.action = { _ in }
        let recorder = UpdateRecorder(observing: storage)
        var reference = SortedReference()
        var replica = HostReplica()
        var sectionOf: [String: String] = [:]
        func feed() -> [Fruit] {
            // Stored items only, each in its section, most of them with a new size.
            let ids = Array(sectionOf.keys).sorted()
            guard !ids.isEmpty else { return [] }
            return (0..<Int.random(in: 1...12, using: &random)).map { _ in
                let id = ids.randomElement(using: &random)!
                return Fruit(
                    id: id, size: Int.random(in: 0..<8, using: &random), section: sectionOf[id]!,
                    version: Int.random(in: 0..<3, using: &random))
            }
        }
        for step in 0..<300 {
            recorder.reset()
            var inPlaceOnly = false
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let batch = feed()
                inPlaceOnly = true
                storage.upsert(batch, execution: .immediate)
                reference.upsert(batch)
            case 6:
                let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    Fruit(
                        id: "f\(Int.random(in: 0..<30, using: &random))", size: Int.random(in: 0..<8, using: &random),
                        section: ["a", "b", "c"].randomElement(using: &random)!)
                }
                storage.upsert(batch, execution: .immediate)
                reference.upsert(batch)
                for fruit in batch { sectionOf[fruit.id] = fruit.section }
            case 7:
                let ids = (0..<2).map { _ in "f\(Int.random(in: 0..<30, using: &random))" }
                storage.remove(identifiers: ids, execution: .immediate)
                reference.remove(ids)
                for id in ids { sectionOf[id] = nil }
            default:
                let descending = Bool.random(using: &random)
                storage.setComparator(descending ? bySizeDescending : bySize, execution: .immediate)
                reference.comparator = descending ? { $0.size > $1.size } : { $0.size < $1.size }
            }
            let context = "seed \(seed) step \(step)"
            #expect(printedSections(of: storage) == reference.sections.map { $0.map(\.description) }, "\(context)")
            try replica.apply(recorder.updates)
            #expect(replica.sections == printedSections(of: storage), "\(context): the log reaches the state")
            if inPlaceOnly {
                for case let .changes(changes) in recorder.updates {
                    let insertsOrDeletes = changes.contains { change in
                        switch change {
                        case .insertItem, .deleteItem, .insertSection, .deleteSection: true
                        default: false
                        }
                    }
                    #expect(!insertsOrDeletes, "\(context): new values move and update, never reinsert: \(changes)")
                }
            }
        }
    }
}
