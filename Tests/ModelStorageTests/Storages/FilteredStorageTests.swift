import Foundation
import ModelStorage
import SeededRandom
import Testing

/// FilteredStorage: the items of a base that pass a filter, a new filter scanned off the main
/// thread, the base's changes mapped as they come. Every delivered log is replayed on a replica
/// that starts from what the storage showed: it must end where the storage is.
@Suite("FilteredStorage: any storage filtered, the filter changing at any time")
@MainActor
struct FilteredStorageTests {
    let isEven: @Sendable (Int) -> Bool = { $0 % 2 == 0 }

    /// The items each section of `storage` shows, as Ints.
    func shown(_ storage: FilteredStorage<Int>) -> [[Int]] {
        (0..<storage.numberOfSections).map { section in
            (0..<storage.numberOfItems(inSection: section)).map { storage.item(at: ip($0, section)) as! Int }
        }
    }

    /// A replica of what `storage` shows now, to replay its next updates on.
    func replica(of storage: FilteredStorage<Int>) -> ChangeLogReplica {
        ChangeLogReplica(snapshotOf: makeStorage(shown(storage)))
    }

    @Test("It shows the base's items that pass, in the base's order, section by section; nil shows all")
    func showsWhatPasses() {
        let base = makeStorage([[1, 2, 3, 4], [], [6, 7]])
        let filtered = FilteredStorage<Int>(base, filter: isEven)
        #expect(shown(filtered) == [[2, 4], [], [6]])
        #expect(filtered.count == 3)
        #expect(filtered.baseIndexPath(for: ip(1, 0)) == ip(3, 0))
        #expect(filtered.indexPath(forBaseIndexPath: ip(3, 0)) == ip(1, 0))
        #expect(filtered.indexPath(forBaseIndexPath: ip(2, 0)) == nil, "3 does not pass")
        #expect(filtered.item(at: ip(2, 0)) == nil)
        filtered.setFilter(nil, execution: .immediate)
        #expect(shown(filtered) == [[1, 2, 3, 4], [], [6, 7]])
    }

    @Test("A new filter deletes the rows that stop passing and inserts those that start; the others are untouched")
    func aNewFilterTouchesOnlyWhatChanges() throws {
        let base = makeStorage([Array(0..<10)])
        let filtered = FilteredStorage<Int>(base, filter: isEven)
        let recorder = UpdateRecorder(observing: filtered)
        var host = replica(of: filtered)

        filtered.setFilter({ $0 % 4 == 0 || $0 == 3 }, execution: .immediate)

        let changes = try #require(recorder.lastChanges)
        // One segment for the section: 6 then 2 deleted (bottom to top), 3 inserted.
        guard changes.segments.count == 1, case let .splices(splices) = changes.segments[0] else {
            Issue.record("one splices segment expected: \(changes)")
            return
        }
        #expect(splices.deletions == [3..<4, 1..<2] && splices.insertions == [1..<2])
        #expect(splices.models.map { $0 as! Int } == [3])
        #expect(changes.allSatisfy { if case .updateItem = $0 { false } else if case .moveItem = $0 { false } else { true } })
        try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
        #expect(host.sections as? [[Int]] == [[0, 3, 4, 8]])
        #expect(shown(filtered) == [[0, 3, 4, 8]])
    }

    @Test("The base's changes are mapped as they come: what passes shows, what stops passing goes, hidden items change nothing")
    func baseChangesAreMapped() throws {
        let base = makeStorage([[1, 2, 3]])
        let filtered = FilteredStorage<Int>(base, filter: isEven)
        let recorder = UpdateRecorder(observing: filtered)

        try base.insertItems([10, 11, 12, 13], at: ip(1, 0))
        #expect(recorder.lastChanges?.changes == [.insertItem(at: ip(0, 0), model: 10), .insertItem(at: ip(1, 0), model: 12)])

        try base.replaceItem(at: ip(0, 0), with: 20)  // 1 → 20: starts passing
        #expect(recorder.lastChanges?.changes == [.insertItem(at: ip(0, 0), model: 20)])
        try base.replaceItem(at: ip(1, 0), with: 15)  // 10 → 15: stops passing
        #expect(recorder.lastChanges?.changes == [.deleteItem(at: ip(1, 0))])
        base.moveItem(at: ip(0, 0), to: ip(5, 0))  // 20 to the end
        #expect(recorder.lastChanges?.changes == [.moveItem(from: ip(0, 0), to: ip(2, 0))])
        recorder.reset()
        base.moveItem(at: ip(1, 0), to: ip(0, 0))  // 11 (hidden) moves: nothing shown changes
        #expect(recorder.updates.isEmpty)
        #expect(shown(filtered) == [[12, 2, 20]])
    }

    @Test(
        "Random base changes and filters, sections included: the replayed log always shows the base filtered",
        arguments: SeedCount.seeds(40))
    func randomChangesAndFilters(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed + 1)
        let base = makeStorage(
            (0..<3).map { _ in (0..<Int.random(in: 0..<12, using: &rng)).map { _ in Int.random(in: 0..<40, using: &rng) } })
        var divisor = 2
        let filtered = FilteredStorage<Int>(base, filter: { $0 % 2 == 0 })
        let recorder = UpdateRecorder(observing: filtered)
        var host = replica(of: filtered)

        for step in 0..<80 {
            let sections = base.sections.count
            let value = Int.random(in: 0..<40, using: &rng)
            let section = Int.random(in: 0..<max(sections, 1), using: &rng)
            let count = sections > 0 ? base.numberOfItems(inSection: section) : 0
            switch Int.random(in: 0..<9, using: &rng) {
            case 0 where sections > 0:
                let run = (0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0..<40, using: &rng) }
                try base.insertItems(run, at: ip(Int.random(in: 0...count, using: &rng), section))
            case 1 where count > 0:
                base.removeItems(at: [ip(Int.random(in: 0..<count, using: &rng), section)])
            case 2 where count > 0:
                try base.replaceItem(at: ip(Int.random(in: 0..<count, using: &rng), section), with: value)
            case 3 where count > 0:
                let to = Int.random(in: 0..<sections, using: &rng)
                let toCount = base.numberOfItems(inSection: to) - (to == section ? 1 : 0)
                base.moveItem(at: ip(Int.random(in: 0..<count, using: &rng), section), to: ip(Int.random(in: 0...toCount, using: &rng), to))
            case 4:
                // A diffed replacement: deletions, insertions and moves in one transaction.
                base.setItems(
                    (0..<Int.random(in: 0..<14, using: &rng)).map { _ in Int.random(in: 0..<40, using: &rng) }, forSection: section,
                    diffing: true)
            case 5 where sections < 5:
                base.insertSection(SectionModel(items: [value, value + 1]), at: Int.random(in: 0...sections, using: &rng))
            case 6 where sections > 1:
                if rng.chance(0.5) {
                    base.deleteSections([section])
                } else {
                    base.moveSection(section, toSection: Int.random(in: 0..<sections, using: &rng))
                }
            case 7:
                divisor = Int.random(in: 1...4, using: &rng)
                let modulus = divisor
                filtered.setFilter({ $0 % modulus == 0 }, execution: .immediate)
            default:
                base.performUpdates {
                    base.addItem(value, toSection: 0)
                    if base.numberOfItems(inSection: 0) > 1 { base.removeItems(at: [ip(0, 0)]) }
                }
            }
            try host.apply(recorder.updates, reloadingFrom: makeStorage(shown(filtered)))
            recorder.reset()
            let expected = base.sections.map { $0.items.map { $0 as! Int }.filter { $0 % divisor == 0 } }
            #expect(shown(filtered) == expected, "seed \(seed) step \(step)")
            #expect(host.sections as? [[Int]] == expected, "seed \(seed) step \(step)")
            if shown(filtered) != expected { return }
        }
    }

    @Test("Runs of the base (an outline's branch opening and closing) map to runs of the rows that pass")
    func runsMapToRuns() throws {
        let outline = OutlineStorage<String, Int>()
        var tree = OutlineSnapshot<Int>()
        tree.append([-1, -2])
        tree.append(Array(0..<10_000), to: -1)
        outline.apply(tree, to: "numbers")
        let filtered = FilteredStorage<Int>(outline, filter: { $0 % 3 == 0 })
        let recorder = UpdateRecorder(observing: filtered)
        var host = replica(of: filtered)

        outline.expand([-1])
        #expect(recorder.lastChanges?.segments.count == 1)
        #expect(recorder.lastChanges?.count == 3_334)
        outline.collapse([-1])
        #expect(recorder.lastChanges?.segments.count == 1)
        outline.expand([-1])

        try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
        let expected = [[Int](stride(from: 0, to: 10_000, by: 3))]
        #expect(shown(filtered) == expected)
        #expect(host.sections as? [[Int]] == expected)
    }

    @Test("A completion that asks for another filter and lets the storage go: the storage goes, nothing more runs")
    func aCompletionMayLetTheStorageGo() async {
        var filtered: FilteredStorage<Int>? = FilteredStorage<Int>(makeStorage([Array(0..<1_000)]))
        weak let gone = filtered
        var done: [String] = []
        filtered!.setFilter({ $0 < 10 }) {
            filtered?.setFilter({ $0 > 990 }) { done.append("second") }
            filtered = nil
            done.append("first")
        }
        #expect(await waitUntil { done == ["first"] })
        #expect(gone == nil, "nothing keeps the storage once its owner lets it go")
        // The second scan's result has nowhere to go.
        try? await Task.sleep(for: .milliseconds(200))
        #expect(done == ["first"])
    }

    @Test("A filter applied at once supersedes a scan under way: the scan's result is dropped, not scanned again")
    func anImmediateFilterSupersedesARunningScan() async throws {
        let handOff = ParkingHandOff()
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<20)]), handOff: handOff)
        let recorder = UpdateRecorder(observing: filtered)
        var done: [String] = []

        filtered.setFilter({ $0 < 10 }) { done.append("scanned") }
        try #require(await handOff.waitForResult())
        filtered.setFilter({ $0 >= 15 }, execution: .immediate) { done.append("at once") }
        #expect(done == ["scanned", "at once"], "the scan's completion runs with the filter that superseded it")
        #expect(shown(filtered) == [Array(15..<20)])
        handOff.deliverNext()  // the scan: dropped, and no scan follows
        #expect(!filtered.hasPendingFilter)
        #expect(recorder.updates.count == 1)
        #expect(shown(filtered) == [Array(15..<20)])
        #expect(done == ["scanned", "at once"])
    }

    @Test("A filter asked while a scan runs supersedes it: one change set, to the newest filter; completions in call order")
    func aNewFilterSupersedesARunningScan() async throws {
        let handOff = ParkingHandOff()
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<20)]), handOff: handOff)
        let recorder = UpdateRecorder(observing: filtered)
        var done: [String] = []

        filtered.setFilter({ $0 < 10 }) { done.append("first") }
        try #require(await handOff.waitForResult())
        filtered.setFilter({ $0 >= 15 }) { done.append("second") }
        #expect(filtered.hasPendingFilter)
        handOff.deliverNext()  // the first scan: dropped
        #expect(recorder.updates.isEmpty)
        #expect(filtered.staleScanCount == 1)
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(recorder.updates.count == 1)
        #expect(shown(filtered) == [Array(15..<20)])
        #expect(done == ["first", "second"])
        #expect(!filtered.hasPendingFilter)
    }

    @Test("A base change while a scan runs makes it scan again, from the new models")
    func aBaseChangeDuringAScanRescans() async throws {
        let handOff = ParkingHandOff()
        let base = makeStorage([[1, 2, 3, 4]])
        let filtered = FilteredStorage<Int>(base, handOff: handOff)
        let recorder = UpdateRecorder(observing: filtered)
        var host = replica(of: filtered)

        filtered.setFilter(isEven)
        try #require(await handOff.waitForResult())
        base.addItem(6, toSection: 0)
        handOff.deliverNext()  // stale: computed without 6
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
        #expect(shown(filtered) == [[2, 4, 6]])
        #expect(host.sections as? [[Int]] == [[2, 4, 6]])
    }

    @Test("A prepared filter is worked out once, off the main thread, then scanned; one that shows every item too")
    func aPreparedFilterIsPreparedOnceOffTheMainThread() async throws {
        let handOff = ParkingHandOff()
        let filtered = FilteredStorage<Int>(makeStorage([Array(0..<8)]), handOff: handOff)
        let preparations = LockedValue<[Bool]>([])  // whether each ran on the main thread
        var done: [String] = []

        filtered.setFilter(preparedBy: {
            preparations.withLock { $0.append(Thread.isMainThread) }
            return { $0 >= 5 }
        }) { done.append("five and up") }
        try #require(await handOff.waitForResult())
        handOff.deliverNext()
        #expect(shown(filtered) == [[5, 6, 7]])

        filtered.setFilter(preparedBy: {
            preparations.withLock { $0.append(Thread.isMainThread) }
            return nil
        }) { done.append("all") }
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(shown(filtered) == [Array(0..<8)])
        #expect(preparations.withLock { $0 } == [false, false], "once each, never on the main thread")
        #expect(done == ["five and up", "all"])
    }

    @Test("A base change while a prepared filter is scanned prepares it again, then scans the new models")
    func aBaseChangePreparesAgain() async throws {
        let handOff = ParkingHandOff()
        let base = makeStorage([[1, 2, 3, 4]])
        let filtered = FilteredStorage<Int>(base, handOff: handOff)
        let preparations = LockedValue(0)

        filtered.setFilter(preparedBy: { [isEven] in
            preparations.withLock { $0 += 1 }
            return isEven
        })
        try #require(await handOff.waitForResult())
        base.addItem(6, toSection: 0)
        handOff.deliverNext()  // stale: prepared and scanned without 6
        try #require(await handOff.waitForResult())
        handOff.deliverNext()

        #expect(shown(filtered) == [[2, 4, 6]])
        #expect(preparations.withLock { $0 } == 2)
    }

    @Test("A re-sort of a sorted base is one reordering of the rows that pass")
    func aReSortIsOneReordering() throws {
        let sorted = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        sorted.upsert((0..<8).map { Fruit(id: "f\($0)", size: $0) }, execution: .immediate)
        let filtered = FilteredStorage<Fruit>(sorted, filter: { $0.size % 2 == 1 })
        let recorder = UpdateRecorder(observing: filtered)

        sorted.setComparator(bySizeDescending, execution: .immediate)

        let changes = try #require(recorder.lastChanges)
        #expect(changes.segments.count == 1 && changes.segments[0].isReordering, "\(changes)")
        #expect((0..<4).map { (filtered.item(at: ip($0, 0)) as! Fruit).size } == [7, 5, 3, 1])
    }

    @Test("Models of another type never pass, and are reported once per type")
    func modelsOfAnotherTypeAreReported() throws {
        let base = makeStorage([[1, 3]])
        let filtered = FilteredStorage<Int>(base)
        let anomalies = anomalyLog(of: filtered.anomalyHandler)
        let recorder = UpdateRecorder(observing: filtered)

        base.addItems(["two", "four"], toSection: 0)

        #expect(recorder.updates.isEmpty, "nothing shown changed")
        #expect(shown(filtered) == [[1, 3]])
        let anomaly = try #require(anomalies.anomalies.first)
        #expect(anomalies.anomalies.count == 1)
        guard case let .itemNotAccepted(typeName, _) = anomaly else {
            Issue.record("\(anomaly)")
            return
        }
        #expect(typeName == "Swift.String")
    }
}
