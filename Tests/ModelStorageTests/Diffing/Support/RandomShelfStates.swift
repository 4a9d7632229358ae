import DifferChecks
import ModelStorage
import SeededRandom

/// Seeded random pairs of sectioned states (old, new) for the differ's properties.
///
/// A new state keeps most sections and items of the old one and rearranges them the way real
/// updates do: sections deleted, inserted and reordered, items deleted, inserted, nudged within
/// their section or sent to another, some titles and contents changed. One round in four takes
/// an extreme shape instead (no sections, only empty sections, everything inserted or deleted).
struct RandomShelfStates {
    /// The extreme shapes, each forced on some rounds.
    enum Shape: CaseIterable {
        case rearranged, oldWithoutSections, newWithoutSections, onlyEmptySections, allInserted, allDeleted
    }

    private var random: SplitMix64
    /// When true, section and item ids repeat on either side (drawn from small pools).
    let allowsDuplicates: Bool
    private var nextFreshID = 1_000

    init(seed: UInt64, allowsDuplicates: Bool = false) {
        random = SplitMix64(seed: seed)
        self.allowsDuplicates = allowsDuplicates
    }

    mutating func next() -> (old: ShelfState, new: ShelfState, shape: Shape) {
        let shape: Shape = random.chance(0.75) ? .rearranged : Shape.allCases.randomElement(using: &random)!
        var old = makeOldState()
        var new = rearrange(old)
        switch shape {
        case .rearranged: break
        case .oldWithoutSections: old = []
        case .newWithoutSections: new = []
        case .onlyEmptySections:
            old = old.map { DiffSection($0.model, items: []) }
            new = new.map { DiffSection($0.model, items: []) }
        case .allInserted: old = old.map { DiffSection($0.model, items: []) }
        case .allDeleted: new = new.map { DiffSection($0.model, items: []) }
        }
        return (old, new, shape)
    }

    private mutating func makeOldState() -> ShelfState {
        var sectionIDs = Array(0..<8).shuffled(using: &random)
        var itemIDs = Array(0..<60).shuffled(using: &random)
        return (0..<Int.random(in: 0...5, using: &random)).map { _ in
            let sectionID = allowsDuplicates ? Int.random(in: 0..<4, using: &random) : sectionIDs.removeLast()
            let items = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                Card(allowsDuplicates ? Int.random(in: 0..<10, using: &random) : itemIDs.removeLast())
            }
            return DiffSection(Shelf(sectionID), items: items)
        }
    }

    private mutating func freshID() -> Int {
        if allowsDuplicates { return Int.random(in: 0..<14, using: &random) }
        nextFreshID += 1
        return nextFreshID
    }

    private mutating func rearrange(_ old: ShelfState) -> ShelfState {
        // Sections: most survive (some retitled), a few are new; the order is kept but for one
        // move, or shuffled.
        var shelves = old.map(\.model).filter { _ in random.chance(0.7) }.map { shelf in
            random.chance(0.2) ? Shelf(shelf.id, title: 1) : shelf
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            shelves.insert(
                Shelf(allowsDuplicates ? Int.random(in: 0..<6, using: &random) : 100 + freshID()),
                at: Int.random(in: 0...shelves.count, using: &random))
        }
        if random.chance(0.4) {
            shelves.shuffle(using: &random)
        } else if shelves.count > 1 {
            shelves.insert(
                shelves.remove(at: Int.random(in: 0..<shelves.count, using: &random)),
                at: Int.random(in: 0..<shelves.count, using: &random))
        }
        guard !shelves.isEmpty else { return [] }

        // Items: each survivor gets a section and a sort key, its old flat position, unless it
        // jumps (a move); fresh items land anywhere.
        var placed: [[(key: Double, card: Card)]] = shelves.map { _ in [] }
        var flat = 0.0
        for section in old {
            let home = shelves.firstIndex { $0.id == section.model.id }
            for card in section.items {
                flat += 1
                guard random.chance(0.75) else { continue }
                let target = home.flatMap { random.chance(0.8) ? $0 : nil } ?? Int.random(in: 0..<shelves.count, using: &random)
                let key = random.chance(0.2) ? Double.random(in: 0...flat + 10, using: &random) : flat
                placed[target].append((key, random.chance(0.25) ? Card(card.id, content: card.content + 1) : card))
            }
        }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            placed[Int.random(in: 0..<shelves.count, using: &random)].append(
                (Double.random(in: 0...flat + 10, using: &random), Card(freshID())))
        }
        return zip(shelves, placed).map { shelf, items in
            DiffSection(shelf, items: items.sorted { $0.key < $1.key }.map(\.card))
        }
    }
}
