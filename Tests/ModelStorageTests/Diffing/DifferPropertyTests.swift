import DifferChecks
import ModelStorage
import SeededRandom
import Testing

// What holds for every pair of states, checked on thousands of seeded random pairs (see
// RandomShelfStates): a failing round prints its seed, states and script.

@Suite("Differ properties")
struct DifferPropertyTests {
    @Test(
        "Replaying the script on the old state reaches the new one exactly, every step in range",
        arguments: [1, 2, 3] as [UInt64])
    func replayReachesNewState(seed: UInt64) throws {
        var states = RandomShelfStates(seed: seed)
        for round in 0..<2_000 {
            let (old, new, shape) = states.next()
            let script = Differ().script(from: old, to: new)
            let context = "seed \(seed) round \(round) (\(shape)): \(old) → \(new)\n\(script)"
            let reached = try inContext(context) { try replay(script, on: old, toward: new) }
            try #require(reached == new, "\(context)\nreached \(reached)")
            #expect(script.duplicateItemCount == 0 && script.duplicateSectionCount == 0, "\(context)")
        }
    }

    @Test(
        "Moves are the fewest possible: matched sections off their longest ordered run, items that change section, matched items off their run",
        arguments: [4, 5, 6] as [UInt64])
    func movesAreMinimal(seed: UInt64) throws {
        var states = RandomShelfStates(seed: seed)
        for round in 0..<2_000 {
            let (old, new, shape) = states.next()
            let script = Differ().script(from: old, to: new)
            let context = "seed \(seed) round \(round) (\(shape)): \(old) → \(new)\n\(script)"
            try #require(script.moveCounts.sections == minimumSectionMoves(from: old, to: new), "\(context)")
            try #require(script.moveCounts.items == minimumItemMoves(from: old, to: new), "\(context)")
        }
    }

    @Test(
        "Updates are exactly the matched sections and items whose content changed, in new coordinates",
        arguments: [7, 8] as [UInt64])
    func updatesAreExactlyTheChangedMatches(seed: UInt64) throws {
        var states = RandomShelfStates(seed: seed)
        var updatesSeen = 0
        for round in 0..<2_000 {
            let (old, new, shape) = states.next()
            let script = Differ().script(from: old, to: new)
            let expected = expectedUpdates(from: old, to: new)
            let context = "seed \(seed) round \(round) (\(shape)): \(old) → \(new)\n\(script)"
            try #require(script.updates.sections == expected.sections, "\(context)")
            try #require(script.updates.items == expected.items, "\(context)")
            try #require(script.counts.updates == expected.sections.count + expected.items.count, "no update twice: \(context)")
            updatesSeen += expected.items.count
        }
        #expect(updatesSeen > 1_000, "the generator must change contents often enough to test this")
    }

    @Test(
        "With duplicate identities on either side, the script still replays to the new state and nothing is lost",
        arguments: [9, 10, 11] as [UInt64])
    func duplicatesStillReplay(seed: UInt64) throws {
        var states = RandomShelfStates(seed: seed, allowsDuplicates: true)
        var reportedDuplicates = 0
        for round in 0..<2_000 {
            let (old, new, shape) = states.next()
            let script = Differ().script(from: old, to: new)
            let context = "seed \(seed) round \(round) (\(shape)): \(old) → \(new)\n\(script)"
            let reached = try inContext(context) { try replay(script, on: old, toward: new) }
            try #require(reached == new, "\(context)\nreached \(reached)")
            if script.duplicateItemCount > 0 { reportedDuplicates += 1 }
        }
        #expect(reportedDuplicates > 500, "the generator must produce duplicates in the hashed middle")
    }

    @Test("The identity API (what storages use) and the Diffable API produce the same script")
    func identityAPIAgreesWithDiffableAPI() {
        var states = RandomShelfStates(seed: 12)
        for round in 0..<1_000 {
            let (old, new, _) = states.next()
            let identities = Differ().script(
                fromSections: old.map(\.model.id), items: old.map { $0.items.map(\.id) },
                toSections: new.map(\.model.id), items: new.map { $0.items.map(\.id) },
                sectionContentEqual: { old[$0].model.title == new[$1].model.title },
                itemContentEqual: { old[$0.section].items[$0.item].content == new[$1.section].items[$1.item].content })
            #expect(identities == Differ().script(from: old, to: new), "round \(round)")
        }
    }

    @Test(
        "A flat diff (one list, any section index) replays, moves the fewest and updates exactly the changed items",
        arguments: [13, 14] as [UInt64])
    func flatDiffs(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var states = RandomShelfStates(seed: seed)
        for round in 0..<2_000 {
            let (old, new, _) = states.next()
            // One section each: the old state's items laid end to end, the new state's likewise.
            let oldCards = old.flatMap(\.items)
            let newCards = new.flatMap(\.items)
            let section = Int.random(in: 0...3, using: &random)
            let script = Differ().script(from: oldCards, to: newCards, inSection: section)
            let context = "seed \(seed) round \(round) section \(section): \(oldCards) → \(newCards)\n\(script)"
            let reached = try inContext(context) {
                try replay(script, on: oldCards, toward: newCards, inSection: section)
            }
            try #require(reached == newCards, "\(context)\nreached \(reached)")
            let oneSection = { (cards: [Card]) in [DiffSection(Shelf(0), items: cards)] }
            try #require(script.counts.moves == minimumItemMoves(from: oneSection(oldCards), to: oneSection(newCards)), "\(context)")
            let changed = expectedUpdates(from: oneSection(oldCards), to: oneSection(newCards)).items
            try #require(script.updates.items == Set(changed.map { IndexPath(item: $0.item, section: section) }), "\(context)")
        }
    }

    @Test("A flat diff with duplicate identities replays to the new list", arguments: [15, 16] as [UInt64])
    func flatDiffsWithDuplicates(seed: UInt64) throws {
        var states = RandomShelfStates(seed: seed, allowsDuplicates: true)
        for round in 0..<2_000 {
            let (old, new, _) = states.next()
            let oldCards = old.flatMap(\.items)
            let newCards = new.flatMap(\.items)
            let script = Differ().script(from: oldCards, to: newCards)
            let context = "seed \(seed) round \(round): \(oldCards) → \(newCards)\n\(script)"
            let reached = try inContext(context) { try replay(script, on: oldCards, toward: newCards) }
            try #require(reached == newCards, "\(context)\nreached \(reached)")
        }
    }

    @Test(
        "Integer identities that share their low bits, negative ones and extremes still match exactly",
        arguments: [17, 18] as [UInt64])
    func integerIdentitiesThatCollide(seed: UInt64) throws {
        // The table hashes integers with one multiplication: ids far apart in their high bits,
        // or equal below them, must still find their partners and nothing else.
        var random = SplitMix64(seed: seed)
        let ids = (0..<600).map { index in
            switch index % 4 {
            case 0: index << 32
            case 1: -index
            case 2: Int.max - index
            default: Int.min + index
            }
        }
        for round in 0..<50 {
            let old = ids.shuffled(using: &random).prefix(400).map { Card($0) }
            var new = Array(old.dropFirst(40)) + ids.shuffled(using: &random).prefix(60).map { Card($0) }
            new = Array(Set(new.map(\.id))).shuffled(using: &random).map { id in Card(id, content: id % 3 == 0 ? 1 : 0) }
            let script = Differ().script(from: old, to: new)
            let context = "seed \(seed) round \(round)"
            let reached = try inContext(context) { try replay(script, on: old, toward: new) }
            try #require(reached == new, "\(context)")
            let oneSection = { (cards: [Card]) in [DiffSection(Shelf(0), items: cards)] }
            try #require(script.counts.moves == minimumItemMoves(from: oneSection(old), to: oneSection(new)), "\(context)")
        }
    }
}
