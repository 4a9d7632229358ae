import ModelStorage

// The fewest moves a two-level edit can make, computed independently of the differ, with a
// plain quadratic longest increasing subsequence. Identities must be unique.

/// The length of a longest strictly increasing subsequence, by dynamic programming in O(n²).
public func longestIncreasingRunLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] {
            best[i] = max(best[i], best[j] + 1)
        }
    }
    return best.max() ?? 0
}

/// Section moves: the matched sections minus the most that can stay in their relative order.
public func minimumSectionMoves(from old: ShelfState, to new: ShelfState) -> Int {
    let oldIndices = new.compactMap { section in old.firstIndex { $0.model.id == section.model.id } }
    return oldIndices.count - longestIncreasingRunLength(oldIndices)
}

/// Item moves: every surviving item that changes section, plus, per matched section pair, the
/// common items minus the most that can stay in their relative order.
public func minimumItemMoves(from old: ShelfState, to new: ShelfState) -> Int {
    var moves = 0
    for section in new {
        let partner = old.first { $0.model.id == section.model.id }
        var common: [Int] = []
        for card in section.items {
            if let index = partner?.items.firstIndex(where: { $0.id == card.id }) {
                common.append(index)
            } else if old.contains(where: { $0.items.contains { $0.id == card.id } }) {
                moves += 1
            }
        }
        moves += common.count - longestIncreasingRunLength(common)
    }
    return moves
}

/// The updates a script must carry, in new coordinates: matched sections whose title changed and
/// matched items whose content changed.
public func expectedUpdates(from old: ShelfState, to new: ShelfState) -> (sections: Set<Int>, items: Set<IndexPath>) {
    var sections = Set<Int>()
    var items = Set<IndexPath>()
    let oldCards = Dictionary(uniqueKeysWithValues: old.flatMap(\.items).map { ($0.id, $0) })
    for (index, section) in new.enumerated() {
        if let partner = old.first(where: { $0.model.id == section.model.id }), partner.model.title != section.model.title {
            sections.insert(index)
        }
        for (item, card) in section.items.enumerated() where oldCards[card.id].map({ $0.content != card.content }) ?? false {
            items.insert(IndexPath(item: item, section: index))
        }
    }
    return (sections, items)
}

extension EditScript {
    /// The section and item updates of the script.
    public var updates: (sections: Set<Int>, items: Set<IndexPath>) {
        var sections = Set<Int>()
        var items = Set<IndexPath>()
        for step in steps {
            if case let .updateSection(index) = step { sections.insert(index) }
            if case let .updateItem(path) = step { items.insert(path) }
        }
        return (sections, items)
    }

    /// How many section moves and item moves the script makes.
    public var moveCounts: (sections: Int, items: Int) {
        var counts = (sections: 0, items: 0)
        for step in steps {
            if case .moveSection = step { counts.sections += 1 }
            if case .moveItem = step { counts.items += 1 }
        }
        return counts
    }
}
