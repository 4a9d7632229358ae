import ModelStorage
import SeededRandom
import Testing

// A comparator change: moves only, the fewest, delivered as one reordering per section.
extension SortedStorageTests {
    @Test("A comparator change emits moves only: reversing four items is three moves")
    func comparatorChangeReverses() {
        let items = (1...4).map { Fruit(id: "f\($0)", size: $0) }
        let (storage, recorder, _) = unsectioned(bySize, items)

        storage.setComparator(bySizeDescending, execution: .immediate)

        #expect(storage.items.map(\.size) == [4, 3, 2, 1])
        let changes = recorder.lastChanges ?? []
        #expect(changes.count == 3)
        #expect(changes.allSatisfy { if case .moveItem = $0 { true } else { false } })
    }

    @Test("A comparator change emits exactly the minimal number of moves, per section", arguments: [11, 12, 13, 14] as [UInt64])
    func comparatorChangeIsMinimal(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let items = (0..<60).map {
            Fruit(id: "f\($0)", size: Int.random(in: 0..<20, using: &random), section: ["x", "y", "z"].randomElement(using: &random)!)
        }
        let (storage, recorder, _) = sectioned(items)
        let before = (0..<storage.numberOfSections).map { storage.items(inSection: $0).map(\.id) }

        storage.setComparator(byID, execution: .immediate)

        let after = (0..<storage.numberOfSections).map { storage.items(inSection: $0).map(\.id) }
        let minimalMoves = zip(before, after).map { old, new in
            let newPosition = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
            return old.count - longestIncreasingSubsequenceLength(old.compactMap { newPosition[$0] })
        }.reduce(0, +)
        let changes = recorder.lastChanges ?? []
        #expect(changes.allSatisfy { if case .moveItem = $0 { true } else { false } }, "only moves")
        #expect(changes.count == minimalMoves)
        #expect(minimalMoves > 0)
        var replica = ChangeLogReplica(snapshotOf: makeStorage(before.map { $0 as [Any] }))
        for change in changes { try replica.apply(change) }
        #expect(replica.sections.map { $0.compactMap { $0 as? String } } == after)
    }

    @Test("A comparator change reaches observers as one reordering per section whose order changed")
    func comparatorChangeIsOneReorderingPerSection() throws {
        // Section x reverses, section y (one item) stays as it is.
        let items =
            [Fruit(id: "a", size: 1, section: "x"), Fruit(id: "b", size: 2, section: "x"), Fruit(id: "c", size: 3, section: "x")]
            + [Fruit(id: "d", size: 1, section: "y")]
        let (storage, recorder, _) = sectioned(items)

        storage.setComparator(bySizeDescending, execution: .immediate)

        let changes = try #require(recorder.lastChanges)
        #expect(changes.segments.count == 1)
        guard case let .reordering(reordering) = try #require(changes.segments.first) else {
            Issue.record("not a reordering: \(changes)")
            return
        }
        #expect(reordering.section == 0 && reordering.sources == [2, 1, 0])
        #expect(storage.items(inSection: 0).map(\.id) == ["c", "b", "a"])
    }
}
