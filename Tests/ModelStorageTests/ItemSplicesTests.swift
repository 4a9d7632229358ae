import ModelStorage
import SeededRandom
import Testing

/// A section's runs of deletions and insertions as one change: it reads as its entries, it
/// tells where each item goes in O(log runs), and part of it applied leaves splices that finish
/// it.
@Suite("ItemSplices: a filter's runs as one change that still reads as its entries")
struct ItemSplicesTests {
    /// A random change of `items` (distinct values) into the items that pass a random filter
    /// plus new ones (negative values), as runs in the order splices take them.
    static func randomSplices(of items: [Int], _ random: inout SplitMix64) -> (ItemSplices, final: [Int]) {
        var deletions: [Range<Int>] = [], insertions: [Range<Int>] = [], final: [Int] = []
        var newModel = -1
        for item in items {
            // Runs of new items come before some kept or deleted item, now and then.
            if random.next() % 4 == 0 {
                let count = Int(random.next() % 3) + 1
                let start = final.count
                for _ in 0..<count {
                    final.append(newModel)
                    newModel -= 1
                }
                if let last = insertions.last, last.upperBound == start {
                    insertions[insertions.count - 1] = last.lowerBound..<final.count
                } else {
                    insertions.append(start..<final.count)
                }
            }
            if random.next() % 3 == 0 {
                let place = items.firstIndex(of: item)!
                if let last = deletions.last, last.upperBound == place {
                    deletions[deletions.count - 1] = last.lowerBound..<place + 1
                } else {
                    deletions.append(place..<place + 1)
                }
            } else {
                final.append(item)
            }
        }
        let inserted = final.filter { $0 < 0 }
        let splices = ItemSplices(
            section: 1, deletions: deletions.reversed(), insertions: insertions, models: ModelRun(inserted))!
        return (splices, final)
    }

    /// `items` after the entries of `splices` from `first` on, one at a time.
    static func replayingEntries(of splices: ItemSplices, on items: [Int], from first: Int = 0) -> [Int] {
        (first..<splices.entryCount).reduce(items) { applying(splices.entry(at: $1), to: $0) }
    }

    @Test("Its entries, replayed one by one, give the new items", arguments: 1...8 as ClosedRange<UInt64>)
    func entriesGiveTheNewItems(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let items = Array(0..<Int(random.next() % 200))
        let (splices, final) = Self.randomSplices(of: items, &random)
        #expect(Self.replayingEntries(of: splices, on: items) == final)
        #expect(splices.entryCount == splices.deletedCount + splices.insertedCount)
        #expect(splices.deletedCount + final.count == items.count + splices.insertedCount)
    }

    @Test("Each item's destination is where the entries put it, or nil when they delete it", arguments: 11...18 as ClosedRange<UInt64>)
    func destinationsFollowTheEntries(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let items = Array(0..<Int(random.next() % 200))
        let (splices, final) = Self.randomSplices(of: items, &random)
        for (place, item) in items.enumerated() {
            let destination = splices.destination(ofItemAt: IndexPath(item: place, section: 1))
            #expect(destination?.item == final.firstIndex(of: item), "item \(item) at \(place)")
            #expect(destination == nil || destination?.section == 1)
        }
        let elsewhere = IndexPath(item: 5, section: 0)
        #expect(splices.destination(ofItemAt: elsewhere) == elsewhere, "another section's items stay")
    }

    @Test("After some of its entries, the remainder finishes the change", arguments: 21...30 as ClosedRange<UInt64>)
    func remainderFinishesTheChange(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let items = Array(0..<Int(random.next() % 150) + 1)
        let (splices, final) = Self.randomSplices(of: items, &random)
        let applied = Int(random.next() % UInt64(splices.entryCount + 1))
        // The first `applied` entries, then the remainder's, one by one.
        var partial = items
        for offset in 0..<applied {
            partial = Self.applying(splices.entry(at: offset), to: partial)
        }
        let remainder = splices.remainder(after: applied)
        #expect(remainder.entryCount == splices.entryCount - applied)
        #expect(Self.replayingEntries(of: remainder, on: partial) == final)
        for (place, item) in partial.enumerated() {
            #expect(remainder.destination(ofItemAt: IndexPath(item: place, section: 1))?.item == final.firstIndex(of: item))
        }
    }

    @Test("Its plain runs, and a change set written out with them, read as the same entries")
    func segmentsReadAsTheSameEntries() {
        var random = SplitMix64(seed: 41)
        let items = Array(0..<300)
        let (splices, final) = Self.randomSplices(of: items, &random)
        var changes = ChangeSet()
        changes.appendSplices(splices)
        #expect(changes.segments.count == 1 && changes.count == splices.entryCount)
        let expanded = changes.expandingSplices()
        #expect(expanded.segments.count == splices.deletions.count + splices.insertions.count)
        #expect(expanded == changes, "entry by entry")
        var replayed = items
        for change in expanded { replayed = Self.applying(change, to: replayed) }
        #expect(replayed == final)
    }

    @Test("Splices that change nothing add nothing to a change set")
    func emptySplicesAreLeftOut() throws {
        var changes = ChangeSet()
        changes.appendSplices(try #require(ItemSplices(section: 0, deletions: [], insertions: [], models: ModelRun([Int]()))))
        #expect(changes.isEmpty)
    }

    @Test(
        "Runs out of order, empty or overlapping, or models of another count, make no splices",
        arguments: [
            ([0..<2, 5..<6], [], 0),  // deletions must go bottom to top
            ([4..<6, 5..<7], [], 0),  // overlapping
            ([3..<3], [], 0),  // empty
            ([], [4..<5, 1..<2], 2),  // insertions must go top to bottom
            ([], [1..<3], 1),  // one model for two items
            ([-2..<0], [], 0),  // before the first item
        ] as [([Range<Int>], [Range<Int>], Int)])
    func invalidRunsAreRefused(deletions: [Range<Int>], insertions: [Range<Int>], models: Int) {
        #expect(ItemSplices(section: 0, deletions: deletions, insertions: insertions, models: ModelRun(Array(0..<models))) == nil)
    }

    @Test("Models given by item are read at their items after the splices")
    func modelsByItem() throws {
        // [a, b, c, d] becomes [x, a, d, y]: b and c go, x comes at 0 and y at 3.
        let splices = try #require(
            ItemSplices(section: 0, deletions: [1..<3], insertions: [0..<1, 3..<4]) { item in "model at \(item)" })
        #expect(splices.models.map { $0 as! String } == ["model at 0", "model at 3"])
        #expect(splices.destination(ofItemAt: IndexPath(item: 3, section: 0)) == IndexPath(item: 2, section: 0))
        #expect(splices.destination(ofItemAt: IndexPath(item: 0, section: 0)) == IndexPath(item: 1, section: 0))
        #expect(splices.destination(ofItemAt: IndexPath(item: 2, section: 0)) == nil)
    }

    /// `items` after one deletion or insertion.
    static func applying(_ change: StorageChange, to items: [Int]) -> [Int] {
        var items = items
        switch change {
        case let .deleteItem(indexPath): items.remove(at: indexPath.item)
        case let .insertItem(indexPath, model): items.insert(model as! Int, at: indexPath.item)
        default: Issue.record("splices wrote \(change)")
        }
        return items
    }
}
