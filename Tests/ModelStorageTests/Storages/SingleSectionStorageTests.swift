import ModelStorage
import SeededRandom
import Testing

@Suite("SingleSectionStorage: one diffed section, accumulation strategies, batched transactions")
@MainActor
struct SingleSectionStorageTests {
    let a = Fruit(id: "a"), b = Fruit(id: "b"), c = Fruit(id: "c"), d = Fruit(id: "d")
    let b2 = Fruit(id: "b", size: 2)

    func observed(_ items: [Fruit]) -> (SingleSectionStorage<Fruit>, UpdateRecorder, AnomalyLog) {
        let storage = SingleSectionStorage(items: items)
        return (storage, UpdateRecorder(observing: storage), anomalyLog(of: storage.anomalyHandler))
    }

    @Test("Reads: always one section, items by index path, nothing outside")
    func reads() {
        let storage = SingleSectionStorage(items: [a, b])
        #expect(storage.numberOfSections == 1)
        #expect(storage.numberOfItems(inSection: 0) == 2)
        #expect(storage.numberOfItems(inSection: 1) == 0)
        #expect(storage.item(at: ip(1, 0)) as? Fruit == b)
        #expect(storage.item(at: ip(2, 0)) == nil)
        #expect(storage.item(at: ip(0, 1)) == nil)
        #expect(SingleSectionStorage<Fruit>().numberOfSections == 1, "the section exists while empty")
    }

    @Test("setItems delivers the minimal diff: deletes, one move, inserts, in-place updates")
    func setItemsIsDiffed() {
        let (storage, recorder, anomalies) = observed([a, b, c])

        storage.setItems([c, a, Fruit(id: "b", size: 7), d])

        #expect(storage.items == [c, a, Fruit(id: "b", size: 7), d])
        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(2, 0), to: ip(0, 0)),
                    .insertItem(at: ip(3, 0), model: d),
                    .updateItem(at: ip(2, 0), model: Fruit(id: "b", size: 7)),
                ])
            ])
        #expect(anomalies.anomalies == [])
    }

    @Test("Setting the same items delivers nothing")
    func unchangedItemsDeliverNothing() {
        let (storage, recorder, _) = observed([a, b])
        storage.items = [a, b]
        #expect(recorder.updates == [])
    }

    @Test("Additive strategy appends: old + new")
    func additive() {
        let (storage, recorder, anomalies) = observed([a, b])

        storage.addItems([c, d])

        #expect(storage.items == [a, b, c, d])
        #expect(recorder.updates == [.changes([.insertItem(at: ip(2, 0), model: c), .insertItem(at: ip(3, 0), model: d)])])
        #expect(anomalies.anomalies == [])
    }

    @Test("Additive strategy with a present identifier keeps both and reports the duplicate")
    func additiveDuplicateIsKeptAndReported() {
        let (storage, recorder, anomalies) = observed([a, b])

        storage.addItems([b2], strategy: .additive)

        #expect(storage.items == [a, b, b2], "nothing is lost")
        #expect(recorder.updates == [.changes([.insertItem(at: ip(2, 0), model: b2)])])
        #expect(anomalies.anomalies == [.duplicateIdentifiers(kind: .items, count: 1)])
    }

    @Test("UpdateOldValues replaces a present identifier where it stands and appends new ones")
    func updateOldValues() {
        let (storage, recorder, anomalies) = observed([a, b, c])

        storage.addItems([b2, d], strategy: .updateOldValues)

        #expect(storage.items == [a, b2, c, d])
        #expect(
            recorder.updates == [
                .changes([
                    .insertItem(at: ip(3, 0), model: d),
                    .updateItem(at: ip(1, 0), model: b2),
                ])
            ])
        #expect(anomalies.anomalies == [])
    }

    @Test("UpdateOldValues takes new items in order: a repeated new identifier updates the one just appended")
    func updateOldValuesWithRepeatsInTheBatch() {
        let (storage, _, anomalies) = observed([a])
        let d2 = Fruit(id: "d", size: 2)

        storage.addItems([d, b, d2], strategy: UpdateOldValuesAccumulationStrategy())

        #expect(storage.items == [a, d2, b])
        #expect(anomalies.anomalies == [])
    }

    @Test("DeleteOldValues removes a present identifier and appends the new value at the end")
    func deleteOldValues() {
        let (storage, recorder, anomalies) = observed([a, b, c])

        storage.addItems([b2, d], strategy: .deleteOldValues)

        #expect(storage.items == [a, c, b2, d])
        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(2, 0), to: ip(1, 0)),  // c before b: one move either way
                    .insertItem(at: ip(3, 0), model: d),
                    .updateItem(at: ip(2, 0), model: b2),
                ])
            ])
        #expect(anomalies.anomalies == [])
    }

    @Test("DeleteOldValues with a repeated new identifier keeps only its last value, at the end")
    func deleteOldValuesWithRepeatsInTheBatch() {
        let (storage, _, _) = observed([a, b])
        storage.addItems([b2, c, Fruit(id: "b", size: 3)], strategy: DeleteOldValuesAccumulationStrategy())
        #expect(storage.items == [a, c, Fruit(id: "b", size: 3)])
    }

    @Test("performUpdates delivers one change set: the diff between the start and the end")
    func transactionsBatch() {
        let (storage, recorder, _) = observed([a, b])

        storage.performUpdates {
            storage.addItems([c])
            storage.performUpdates {
                storage.addItems([d])
                storage.setItems(storage.items.filter { $0 != a })  // a goes
            }
            #expect(recorder.updates == [], "nothing is delivered before the outermost transaction ends")
            storage.addItems([b2], strategy: .updateOldValues)
            storage.addItems([Fruit(id: "tmp")])
            storage.setItems(storage.items.filter { $0.id != "tmp" })  // added and removed: never shown
        }

        #expect(storage.items == [b2, c, d])
        #expect(
            recorder.updates == [
                .changes([
                    .deleteItem(at: ip(0, 0)),
                    .insertItem(at: ip(1, 0), model: c),
                    .insertItem(at: ip(2, 0), model: d),
                    .updateItem(at: ip(0, 0), model: b2),
                ])
            ])
    }

    @Test("A throwing transaction still delivers what was applied")
    func throwingTransactionDelivers() {
        struct Stop: Error {}
        let (storage, recorder, _) = observed([a])
        #expect(throws: Stop.self) {
            try storage.performUpdates { () throws(Stop) in
                storage.addItems([b])
                throw Stop()
            }
        }
        #expect(recorder.updates == [.changes([.insertItem(at: ip(1, 0), model: b)])])
    }

    @Test("Randomized: replaying every delivered change set reaches the storage's items", arguments: [1, 2, 3] as [UInt64])
    func randomizedReplay(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (storage, recorder, _) = observed([])
        storage.anomalyHandler.action = { _ in }
        var replica = HostReplica(emptySections: 1)
        func randomItems() -> [Fruit] {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Fruit(id: String(Int.random(in: 0..<10, using: &random)), size: Int.random(in: 0..<3, using: &random))
            }
        }
        for _ in 0..<200 {
            recorder.reset()
            switch Int.random(in: 0..<4, using: &random) {
            case 0: storage.setItems(randomItems().uniqued())
            case 1: storage.addItems(randomItems(), strategy: .updateOldValues)
            case 2: storage.addItems(randomItems(), strategy: .deleteOldValues)
            default:
                storage.performUpdates {
                    storage.addItems(randomItems(), strategy: .updateOldValues)
                    storage.setItems(storage.items.filter { _ in random.chance(0.7) })
                }
            }
            #expect(recorder.updates.count <= 1)
            try replica.apply(recorder.updates)
            #expect(replica.sections.flatMap { $0 } == storage.items.map(\.description), "seed \(seed)")
        }
    }
}

extension Array where Element == Fruit {
    /// The fruits without repeated ids (first occurrence kept).
    func uniqued() -> [Fruit] {
        var seen = Set<String>()
        return filter { seen.insert($0.id).inserted }
    }
}
