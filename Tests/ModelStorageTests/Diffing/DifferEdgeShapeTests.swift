import DifferChecks
import ModelStorage
import SeededRandom
import Testing

// A diff lays all its working arrays out in one allocation, sized from the state's shape: these
// shapes put the regions at their edges (empty, one element, one section, many sections, no
// hashed middle, identities copied out of their sections, wide identities) and check each script
// as the property tests do: it replays to the new state, moves the fewest and updates exactly the
// changed items.

@Suite("Differ edge shapes")
struct DifferEdgeShapeTests {
    let differ = Differ()

    /// Checks the script of `old` → `new` the way the property tests do.
    private func check(_ old: ShelfState, _ new: ShelfState, _ name: String) throws {
        let script = differ.script(from: old, to: new)
        let context = "\(name): \(old) → \(new)\n\(script)"
        let reached = try inContext(context) { try replay(script, on: old, toward: new) }
        try #require(reached == new, "\(context)\nreached \(reached)")
        #expect(script.moveCounts.sections == minimumSectionMoves(from: old, to: new), "\(context)")
        #expect(script.moveCounts.items == minimumItemMoves(from: old, to: new), "\(context)")
        let updates = expectedUpdates(from: old, to: new)
        #expect(script.updates.sections == updates.sections && script.updates.items == updates.items, "\(context)")
    }

    @Test("No sections, empty sections and one empty side, in every combination")
    func emptySides() throws {
        let full: ShelfState = [shelf(1, [1, 2]), shelf(2, []), shelf(3, [3])]
        let hollow: ShelfState = [shelf(3, []), shelf(1, []), shelf(4, [])]
        for (index, old) in [[], hollow, full].enumerated() {
            for (other, new) in [[], hollow, full].enumerated() {
                try check(old, new, "shape \(index) → \(other)")
            }
        }
    }

    @Test("One section, one item: every change a pair of single-element lists can make")
    func singleElements() throws {
        try check([shelf(1, [1])], [shelf(1, [1])], "same")
        try check([shelf(1, [1])], [shelf(1, [2])], "replaced")
        try check([shelf(1, [1])], [shelf(1, [])], "emptied")
        try check([shelf(1, [1])], [DiffSection(Shelf(1, title: 1), items: [Card(1, content: 1)])], "updated")
        try check([shelf(1, [1])], [shelf(2, [1])], "moved to a new section")
        try check([shelf(1, [1]), shelf(2, [])], [shelf(2, [1]), shelf(1, [])], "sections swapped, item changed section")
    }

    @Test("Only a prefix or a suffix changes: nothing is hashed", arguments: [0, 1, 2, 3] as [Int])
    func affixesOnly(variant: Int) throws {
        let ids = Array(1...300)
        let (oldIDs, newIDs): ([Int], [Int]) =
            switch variant {
            case 0: (ids, ids + [301, 302])
            case 1: (ids, Array(ids.dropFirst(5)))
            case 2: (ids, Array(ids[..<150]) + [999] + Array(ids[150...]))
            default: (Array(ids[..<150]) + [999] + Array(ids[150...]), ids)
            }
        try check([shelf(1, oldIDs)], [shelf(1, newIDs)], "one section, variant \(variant)")
        let oldCards = oldIDs.map { Card($0) }
        let newCards = newIDs.map { Card($0) }
        let script = differ.script(from: oldCards, to: newCards, inSection: 2)
        #expect(try replay(script, on: oldCards, toward: newCards, inSection: 2) == newCards)
        #expect(script.counts.moves == 0)
        // Across sections: the same items split over sections of different sizes.
        try check([shelf(1, Array(oldIDs[..<100])), shelf(2, Array(oldIDs[100...]))], [shelf(1, newIDs)], "split, variant \(variant)")
    }

    @Test("Hundreds of sections of zero to two items, items moving across them", arguments: [1, 2, 3] as [UInt64])
    func manyTinySections(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        let old: ShelfState = (0..<400).map { section in
            let count = Int.random(in: 0...2, using: &random)
            defer { nextID += count }
            return shelf(section, Array(nextID..<nextID + count))
        }
        // Sections: most kept, some gone, some new, a few moved; items: most stay in their
        // section, some change section, some are new or gone, some change content.
        var shelves = old.map(\.model).filter { _ in random.chance(0.9) }
        for _ in 0..<20 { shelves.insert(Shelf(1_000 + shelves.count), at: Int.random(in: 0...shelves.count, using: &random)) }
        for _ in 0..<10 {
            shelves.insert(
                shelves.remove(at: Int.random(in: 0..<shelves.count, using: &random)), at: Int.random(in: 0..<shelves.count, using: &random)
            )
        }
        var items = [[Card]](repeating: [], count: shelves.count)
        for section in old {
            let home = shelves.firstIndex { $0.id == section.model.id }
            for card in section.items where random.chance(0.9) {
                let target = home.flatMap { random.chance(0.8) ? $0 : nil } ?? Int.random(in: 0..<shelves.count, using: &random)
                items[target].append(random.chance(0.1) ? Card(card.id, content: 1) : card)
            }
        }
        for _ in 0..<50 { items[Int.random(in: 0..<shelves.count, using: &random)].append(Card(10_000 + nextID + items.count)) }
        let new = zip(shelves, items).map { DiffSection($0, items: $1.shuffled(using: &random)) }
        try check(old, new, "seed \(seed)")
    }

    @Test("A long list, shuffled and edited, past several table sizes", arguments: [20, 200, 2_000] as [Int])
    func longLists(count: Int) throws {
        var random = SplitMix64(seed: UInt64(count))
        let old = (0..<count).map { Card($0) }
        var new = old.filter { _ in random.chance(0.9) }.map { random.chance(0.1) ? Card($0.id, content: 1) : $0 }
        for id in count..<count + count / 10 { new.insert(Card(id), at: Int.random(in: 0...new.count, using: &random)) }
        for _ in 0..<count / 10 {
            new.insert(new.remove(at: Int.random(in: 0..<new.count, using: &random)), at: Int.random(in: 0..<new.count, using: &random))
        }
        try check([shelf(1, old.map(\.id))], [DiffSection(Shelf(1), items: new)], "\(count) in one section")
        let script = differ.script(from: old, to: new)
        #expect(try replay(script, on: old, toward: new) == new)
        let oneSection = { (cards: [Card]) in [DiffSection(Shelf(0), items: cards)] }
        #expect(script.counts.moves == minimumItemMoves(from: oneSection(old), to: oneSection(new)))
    }

    @Test(
        "Identities copied out of their sections (strings, 16-byte aligned values) give the script integer ids give, duplicates included",
        arguments: [false, true])
    func copiedIdentities(allowsDuplicates: Bool) {
        var states = RandomShelfStates(seed: allowsDuplicates ? 21 : 22, allowsDuplicates: allowsDuplicates)
        for round in 0..<500 {
            let (old, new, _) = states.next()
            let expected = differ.script(from: old, to: new)
            func script<ID: Hashable>(_ identity: (Int) -> ID) -> EditScript {
                differ.script(
                    fromSections: old.map { identity($0.model.id) }, items: old.map { $0.items.map { identity($0.id) } },
                    toSections: new.map { identity($0.model.id) }, items: new.map { $0.items.map { identity($0.id) } },
                    sectionContentEqual: { old[$0].model.title == new[$1].model.title },
                    itemContentEqual: { old[$0.section].items[$0.item].content == new[$1.section].items[$1.item].content })
            }
            #expect(script { "identity \($0)" } == expected, "round \(round): strings")
            #expect(script { WideIdentity(SIMD4($0, -$0, 7, 0)) } == expected, "round \(round): wide identities")
        }
    }
}

/// An identity aligned to 16 bytes, wider than the differ's other regions.
private struct WideIdentity: Hashable {
    let lanes: SIMD4<Int32>

    init(_ lanes: SIMD4<Int>) {
        self.lanes = SIMD4(truncatingIfNeeded: lanes)
    }
}
