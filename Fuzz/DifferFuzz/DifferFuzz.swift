import DifferChecks
import FuzzDriver
import ModelStorage

/// The differ on any two sectioned lists the input describes, with repeated identities and
/// changed contents: its script replayed on the old state step by step (every step in range)
/// gives the new state exactly; without repeated identities its moves are the fewest possible
/// and its updates exactly the changed matches; the identity form agrees with the `Diffable`
/// one; the flat form replays too.
@main
enum DifferFuzz: FuzzTarget {
    static func check(_ input: inout FuzzInput) {
        let repeats = input.oneIn(3)
        let old = state(from: &input, repeats: repeats)
        let new = state(from: &input, repeats: repeats)
        let script = Differ().script(from: old, to: new)
        let context = "\(old) → \(new)\n\(script)"
        expectReplay(script, from: old, to: new, context)
        if isUnique(old), isUnique(new) {
            FuzzFailure.require(script.moveCounts.sections == minimumSectionMoves(from: old, to: new), "section moves: \(context)")
            FuzzFailure.require(script.moveCounts.items == minimumItemMoves(from: old, to: new), "item moves: \(context)")
            let expected = expectedUpdates(from: old, to: new)
            FuzzFailure.require(
                script.updates.sections == expected.sections && script.updates.items == expected.items, "updates: \(context)")
            let identities = Differ().script(
                fromSections: old.map(\.model.id), items: old.map { $0.items.map(\.id) },
                toSections: new.map(\.model.id), items: new.map { $0.items.map(\.id) },
                sectionContentEqual: { old[$0].model.title == new[$1].model.title },
                itemContentEqual: { old[$0.section].items[$0.item].content == new[$1.section].items[$1.item].content })
            FuzzFailure.require(identities == script, "the identity form differs: \(context)\n\(identities)")
        }
        let oldCards = old.flatMap(\.items), newCards = new.flatMap(\.items)
        let flat = Differ().script(from: oldCards, to: newCards)
        do {
            let reached = try replay(flat, on: oldCards, toward: newCards)
            FuzzFailure.require(reached == newCards, "flat: \(oldCards) → \(newCards)\n\(flat)\nreached \(reached)")
        } catch {
            FuzzFailure.fail("flat: \(oldCards) → \(newCards)\n\(flat)\n\(error)")
        }
    }

    private static func expectReplay(_ script: EditScript, from old: ShelfState, to new: ShelfState, _ context: String) {
        do {
            let reached = try replay(script, on: old, toward: new)
            FuzzFailure.require(reached == new, "\(context)\nreached \(reached)")
        } catch {
            FuzzFailure.fail("\(context)\n\(error)")
        }
    }

    /// Up to 6 sections of up to 24 cards; identities from small pools when `repeats`, else
    /// each drawn once at most.
    private static func state(from input: inout FuzzInput, repeats: Bool) -> ShelfState {
        var usedSections = Set<Int>(), usedCards = Set<Int>()
        var state: ShelfState = []
        for _ in 0..<input.int(in: 0...6) {
            let id = input.int(in: 0...(repeats ? 3 : 9))
            guard repeats || usedSections.insert(id).inserted else { continue }
            var cards: [Card] = []
            for _ in 0..<input.int(in: 0...24) {
                let card = input.int(in: 0...(repeats ? 11 : 63))
                guard repeats || usedCards.insert(card).inserted else { continue }
                cards.append(Card(card, content: input.int(in: 0...2)))
            }
            state.append(DiffSection(Shelf(id, title: input.int(in: 0...1)), items: cards))
        }
        return state
    }

    private static func isUnique(_ state: ShelfState) -> Bool {
        let cards = state.flatMap(\.items).map(\.id)
        return Set(state.map(\.model.id)).count == state.count && Set(cards).count == cards.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { DifferFuzz.fuzz(data, count) }
