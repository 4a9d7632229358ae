import ModelStorage
import SeededRandom
import Testing

/// What a SortedStorage does with each change, applied `.immediate`ly so every specification
/// reads as one synchronous story. (Background execution: SortedStorageSchedulingTests.)
@Suite("SortedStorage: always sorted, unique by identity, sectioned by key")
@MainActor
struct SortedStorageTests {
    func unsectioned(_ comparator: @escaping @Sendable (Fruit, Fruit) -> Bool, _ items: [Fruit] = [])
        -> (SortedStorage<Fruit, Unsectioned>, UpdateRecorder, AnomalyLog)
    {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: comparator)
        storage.reset(items, execution: .immediate)
        return (storage, UpdateRecorder(observing: storage), anomalyLog(of: storage.anomalyHandler))
    }

    func sectioned(_ items: [Fruit] = []) -> (SortedStorage<Fruit, String>, UpdateRecorder, AnomalyLog) {
        let storage = SortedStorage<Fruit, String>(sortedBy: bySize, sectionedBy: { $0.section }, sectionHeader: { "Section \($0)" })
        storage.reset(items, execution: .immediate)
        return (storage, UpdateRecorder(observing: storage), anomalyLog(of: storage.anomalyHandler))
    }

    // MARK: - Order

    @Test("Items are sorted by the comparator; ties keep the order their identities arrived in")
    func sortedWithDeterministicTies() {
        let (storage, _, _) = unsectioned(bySize)

        storage.upsert([Fruit(id: "c", size: 1), Fruit(id: "a", size: 1), Fruit(id: "b", size: 0)], execution: .immediate)
        storage.upsert([Fruit(id: "d", size: 1)], execution: .immediate)
        storage.upsert([Fruit(id: "a", size: 1, version: 2)], execution: .immediate)  // an update keeps its place

        #expect(storage.items.map(\.description) == ["b:0", "c:1", "a:1v2", "d:1"])
        #expect(storage.count == 4)
        #expect(storage.numberOfSections == 1)
    }

    @Test("An empty storage has no section; the one section comes and goes with the items")
    func unsectionedSectionFollowsItems() {
        let (storage, recorder, _) = unsectioned(bySize)
        #expect(storage.numberOfSections == 0)

        storage.upsert([Fruit(id: "a", size: 1)], execution: .immediate)
        storage.remove(identifiers: ["a"], execution: .immediate)

        #expect(
            recorder.updates == [
                .changes([.insertSection(0), .insertItem(at: ip(0, 0), model: Fruit(id: "a", size: 1))]),
                .changes([.deleteSection(0)]),
            ])
    }

    // MARK: - Upsert

    @Test("Upsert with new content at the same position is one in-place update; a new item one insert (T21 lost D here)")
    func upsertUpdatesInPlaceAndInserts() {
        let (storage, recorder, anomalies) = unsectioned(
            bySize, [Fruit(id: "A", size: 1), Fruit(id: "B", size: 2), Fruit(id: "C", size: 3)])
        let newC = Fruit(id: "C", size: 3, version: 1)
        let d = Fruit(id: "D", size: 4)

        storage.upsert([newC, d], execution: .immediate)

        #expect(storage.items.map(\.description) == ["A:1", "B:2", "C:3v1", "D:4"])
        #expect(recorder.updates == [.changes([.insertItem(at: ip(3, 0), model: d), .updateItem(at: ip(2, 0), model: newC)])])
        #expect(anomalies.anomalies == [])
    }

    @Test("Upsert of the first item with new content is an update, not a delete and an insert (T21's off-by-one)")
    func upsertOfFirstItemIsAnUpdate() {
        let (storage, recorder, _) = unsectioned(bySize, [Fruit(id: "A", size: 1), Fruit(id: "B", size: 2), Fruit(id: "C", size: 3)])

        storage.upsert([Fruit(id: "A", size: 1, version: 1)], execution: .immediate)

        #expect(recorder.updates == [.changes([.updateItem(at: ip(0, 0), model: Fruit(id: "A", size: 1, version: 1))])])
    }

    @Test("Upsert that changes an item's position is a move of the same item, then its update")
    func upsertThatResortsIsAMove() {
        let (storage, recorder, _) = unsectioned(bySize, [Fruit(id: "a", size: 1), Fruit(id: "b", size: 2), Fruit(id: "c", size: 3)])

        storage.upsert([Fruit(id: "a", size: 5)], execution: .immediate)

        #expect(storage.items.map(\.description) == ["b:2", "c:3", "a:5"])
        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(0, 0), to: ip(2, 0)),
                    .updateItem(at: ip(2, 0), model: Fruit(id: "a", size: 5)),
                ])
            ])
    }

    @Test("A batch that repeats an identity keeps the last occurrence and reports the duplicate")
    func batchDuplicatesLastWins() {
        let (storage, recorder, anomalies) = unsectioned(bySize)

        storage.upsert([Fruit(id: "x", size: 1), Fruit(id: "y", size: 2), Fruit(id: "x", size: 9)], execution: .immediate)

        #expect(storage.items.map(\.description) == ["y:2", "x:9"])
        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0),
                    .insertItem(at: ip(0, 0), model: Fruit(id: "y", size: 2)),
                    .insertItem(at: ip(1, 0), model: Fruit(id: "x", size: 9)),
                ])
            ])
        #expect(anomalies.anomalies == [.duplicateIdentifiers(kind: .items, count: 1)])
    }

    // MARK: - Remove and reset

    @Test("Remove by items or identifiers; an absent identifier is reported and the rest removed")
    func remove() {
        let (storage, recorder, anomalies) = unsectioned(
            bySize, [Fruit(id: "a", size: 1), Fruit(id: "b", size: 2), Fruit(id: "c", size: 3)])

        storage.remove([Fruit(id: "b", size: 99)], execution: .immediate)  // by identity: the size does not matter
        storage.remove(identifiers: ["zz", "a"], execution: .immediate)

        #expect(storage.items.map(\.description) == ["c:3"])
        #expect(recorder.updates == [.changes([.deleteItem(at: ip(1, 0))]), .changes([.deleteItem(at: ip(0, 0))])])
        #expect(anomalies.anomalies == [.removeItemFailedItemNotFound(itemDescription: "zz")])
    }

    @Test("Reset is diffed: staying identities are updated or moved, never reinserted")
    func resetIsDiffed() {
        let (storage, recorder, _) = unsectioned(bySize, [Fruit(id: "a", size: 1), Fruit(id: "b", size: 2), Fruit(id: "c", size: 3)])
        let newB = Fruit(id: "b", size: 2, version: 1)

        storage.reset([Fruit(id: "c", size: 3), Fruit(id: "d", size: 0), newB], execution: .immediate)

        #expect(storage.items.map(\.description) == ["d:0", "b:2v1", "c:3"])
        #expect(
            recorder.updates == [
                .changes([
                    .deleteItem(at: ip(0, 0)),
                    .insertItem(at: ip(0, 0), model: Fruit(id: "d", size: 0)),
                    .updateItem(at: ip(1, 0), model: newB),
                ])
            ])
    }

    // MARK: - Sections

    @Test("Sections are the keys present, ascending, each with its header; an emptied section goes")
    func sectionsByKey() {
        let (storage, recorder, _) = sectioned()
        let leek = Fruit(id: "leek", size: 2, section: "veg")
        let pear = Fruit(id: "pear", size: 1, section: "fruit")

        storage.upsert([leek, pear], execution: .immediate)

        #expect(storage.sectionKeys == ["fruit", "veg"])
        #expect(storage.headerModel(forSection: 1) as? String == "Section veg")
        #expect(storage.footerModel(forSection: 1) == nil)
        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0, supplements: [.header: "Section fruit"]),
                    .insertSection(1, supplements: [.header: "Section veg"]),
                    .insertItem(at: ip(0, 0), model: pear),
                    .insertItem(at: ip(0, 1), model: leek),
                ])
            ])

        recorder.reset()
        storage.remove([pear], execution: .immediate)
        #expect(recorder.updates == [.changes([.deleteSection(0)])], "the section goes with its last item")
        #expect(storage.sectionKeys == ["veg"])
    }

    @Test("An item whose section key changes moves to the other section")
    func sectionChangeIsACrossSectionMove() {
        let apple = Fruit(id: "apple", size: 1, section: "fruit")
        let (storage, recorder, _) = sectioned([
            apple, Fruit(id: "kiwi", size: 2, section: "fruit"), Fruit(id: "leek", size: 3, section: "veg"),
        ])
        let vegetableApple = Fruit(id: "apple", size: 9, section: "veg")

        storage.upsert([vegetableApple], execution: .immediate)

        #expect(printedSections(of: storage) == [["kiwi:2"], ["leek:3", "apple:9"]])
        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(0, 0), to: ip(1, 1)),
                    .updateItem(at: ip(1, 1), model: vegetableApple),
                ])
            ])
    }

    @Test("Setting sectionHeader refreshes every header")
    func headerChangeUpdatesSections() {
        let (storage, recorder, _) = sectioned([Fruit(id: "a", section: "s1"), Fruit(id: "b", section: "s2")])

        storage.sectionHeader = { $0.uppercased() }

        #expect(
            recorder.updates == [
                .changes([
                    .updateSection(0, supplements: [.header: "S1"]),
                    .updateSection(1, supplements: [.header: "S2"]),
                ])
            ])
    }

    @Test("Other supplementary kinds come from the section key, ride on section changes, and refresh when set")
    func otherKindsFromTheSectionKey() {
        let (storage, recorder, _) = sectioned([Fruit(id: "a", section: "s1"), Fruit(id: "b", section: "s2")])

        storage.sectionSupplementaries = ["summary": { "\($0) summary" }, .footer: { $0 == "s1" ? "end of s1" : nil }]

        #expect(
            recorder.updates == [
                .changes([
                    .updateSection(0, supplements: [.header: "Section s1", "summary": "s1 summary", .footer: "end of s1"]),
                    .updateSection(1, supplements: [.header: "Section s2", "summary": "s2 summary"]),
                ])
            ])
        #expect(storage.supplementaryModel(ofKind: "summary", inSection: 1) as? String == "s2 summary")
        #expect(storage.supplementaryModel(ofKind: .footer, inSection: 1) == nil)
        #expect(storage.supplementaryModel(ofKind: "summary", inSection: 2) == nil, "no section, no model")

        recorder.reset()
        let cherry = Fruit(id: "c", section: "s3")
        storage.upsert([cherry], execution: .immediate)
        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(2, supplements: [.header: "Section s3", "summary": "s3 summary"]),
                    .insertItem(at: ip(0, 2), model: cherry),
                ])
            ], "a new section carries its models of every kind")
    }

    // MARK: - Lookup

    @Test("Lookup by identifier finds the item and where it is now (T21's uid subscript was always nil)")
    func lookupByIdentifier() {
        let (storage, _, _) = sectioned([
            Fruit(id: "apple", size: 3, section: "fruit"), Fruit(id: "kiwi", size: 1, section: "fruit"),
            Fruit(id: "leek", size: 2, section: "veg"),
        ])

        #expect(storage.item(withIdentifier: "apple") == Fruit(id: "apple", size: 3, section: "fruit"))
        #expect(storage.indexPath(ofIdentifier: "apple") == ip(1, 0))
        #expect(storage.indexPath(ofIdentifier: "leek") == ip(0, 1))
        #expect(storage.contains(identifier: "kiwi"))
        #expect(storage.item(withIdentifier: "fig") == nil)
        #expect(storage.indexPath(ofIdentifier: "fig") == nil)

        storage.setComparator(bySizeDescending, execution: .immediate)
        #expect(storage.indexPath(ofIdentifier: "apple") == ip(0, 0))
        #expect(storage.item(at: ip(1, 0)) as? Fruit == Fruit(id: "kiwi", size: 1, section: "fruit"))
        #expect(storage.item(at: ip(2, 0)) == nil)
        #expect(storage.item(at: ip(0, 2)) == nil)
    }

    // MARK: - Randomized

    @Test("Randomized upserts, removals, resets and comparator changes match a reference model", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomizedAgainstReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (storage, recorder, _) = sectioned()
        storage.anomalyHandler.action = { _ in }
        var reference = SortedReference()
        var replica = HostReplica()
        let comparators: [(@Sendable (Fruit, Fruit) -> Bool, (Fruit, Fruit) -> Bool)] = [
            (bySize, { $0.size < $1.size }), (bySizeDescending, { $0.size > $1.size }), (byID, { $0.id < $1.id }),
        ]
        func randomFruits(_ maximum: Int) -> [Fruit] {
            (0..<Int.random(in: 0...maximum, using: &random)).map { _ in
                Fruit(
                    id: "f\(Int.random(in: 0..<25, using: &random))", size: Int.random(in: 0..<4, using: &random),
                    section: ["a", "b", "c"].randomElement(using: &random)!, version: Int.random(in: 0..<2, using: &random))
            }
        }
        for step in 0..<300 {
            recorder.reset()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let batch = randomFruits(6)
                storage.upsert(batch, execution: .immediate)
                reference.upsert(batch)
            case 5..<8:
                let ids = (0..<Int.random(in: 1...4, using: &random)).map { _ in "f\(Int.random(in: 0..<25, using: &random))" }
                storage.remove(identifiers: ids, execution: .immediate)
                reference.remove(ids)
            case 8:
                let batch = randomFruits(20)
                storage.reset(batch, execution: .immediate)
                reference.reset(batch)
            default:
                let (comparator, plain) = comparators.randomElement(using: &random)!
                storage.setComparator(comparator, execution: .immediate)
                reference.comparator = plain
            }
            let expected = reference.sections
            #expect(printedSections(of: storage) == expected.map { $0.map(\.description) }, "seed \(seed) step \(step)")
            #expect(storage.sectionKeys == expected.map { $0[0].section })
            try replica.apply(recorder.updates)
            #expect(replica.sections == printedSections(of: storage), "seed \(seed) step \(step): the change log reaches the state")
            #expect(replica.headers == storage.sectionKeys.map { "Section \($0)" })
            for (section, fruits) in expected.enumerated() {
                for (index, fruit) in fruits.enumerated() {
                    #expect(storage.indexPath(ofIdentifier: fruit.id) == ip(index, section))
                }
            }
        }
    }
}

/// A deliberately naive oracle for SortedStorage: a dictionary by id with arrival sequences,
/// sorted from scratch on every read.
struct SortedReference {
    private var stored: [String: (fruit: Fruit, sequence: Int)] = [:]
    private var nextSequence = 0
    var comparator: (Fruit, Fruit) -> Bool = { $0.size < $1.size }

    mutating func upsert(_ batch: [Fruit]) {
        let before = stored
        for (offset, fruit) in batch.enumerated() {
            stored[fruit.id] = (fruit, before[fruit.id]?.sequence ?? nextSequence + offset)
        }
        nextSequence += batch.count
    }

    mutating func remove(_ ids: [String]) {
        for id in ids { stored[id] = nil }
    }

    mutating func reset(_ batch: [Fruit]) {
        let before = stored
        stored = [:]
        for (offset, fruit) in batch.enumerated() {
            stored[fruit.id] = (fruit, before[fruit.id]?.sequence ?? nextSequence + offset)
        }
        nextSequence += batch.count
    }

    /// The fruits per section key, ascending, each sorted by comparator then sequence.
    var sections: [[Fruit]] {
        let keys = Set(stored.values.map(\.fruit.section)).sorted()
        return keys.map { key in
            stored.values.filter { $0.fruit.section == key }.sorted { lhs, rhs in
                if comparator(lhs.fruit, rhs.fruit) { return true }
                if comparator(rhs.fruit, lhs.fruit) { return false }
                return lhs.sequence < rhs.sequence
            }.map(\.fruit)
        }
    }
}
