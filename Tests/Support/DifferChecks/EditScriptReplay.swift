import ModelStorage

/// Why a script could not be replayed.
public struct ReplayFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// Applies `script` to `old` step by step, as a host would, and returns the state it reaches.
///
/// Every step must fit the state the steps before it left (an index out of range fails), inserts
/// bring the new state's element they name, updates come after every structural step and must
/// land on the element with the same identity in the new state, whose content they install.
/// So the result equals `new` (contents included) only when the structure is right and every
/// changed item or section was updated.
public func replay(_ script: EditScript, on old: ShelfState, toward new: ShelfState) throws(ReplayFailure) -> ShelfState {
    var state = old
    var updating = false
    for (number, step) in script.steps.enumerated() {
        func fail(_ reason: String) -> ReplayFailure {
            ReplayFailure(description: "step \(number) (\(step)) \(reason); item counts \(state.map(\.items.count))")
        }
        func isItem(_ path: IndexPath, in sections: ShelfState) -> Bool {
            sections.indices.contains(path.section) && sections[path.section].items.indices.contains(path.item)
        }
        let isUpdate: Bool
        switch step {
        case .updateSection, .updateItem: isUpdate = true
        default: isUpdate = false
        }
        if updating, !isUpdate { throw fail("is a structural step after an update") }
        updating = isUpdate

        switch step {
        case let .insertSection(index, newSection):
            guard (0...state.count).contains(index), new.indices.contains(newSection) else { throw fail("is out of range") }
            state.insert(DiffSection(new[newSection].model, items: []), at: index)
        case let .deleteSection(index):
            guard state.indices.contains(index) else { throw fail("is out of range") }
            state.remove(at: index)
        case let .moveSection(from, to):
            guard state.indices.contains(from), state.indices.contains(to) else { throw fail("is out of range") }
            state.insert(state.remove(at: from), at: to)
        case let .updateSection(index):
            guard state.indices.contains(index), new.indices.contains(index),
                state[index].model.id == new[index].model.id
            else { throw fail("does not name the same section in both states") }
            state[index].model = new[index].model
        case let .insertItem(at, newItem):
            guard state.indices.contains(at.section), (0...state[at.section].items.count).contains(at.item),
                isItem(newItem, in: new)
            else { throw fail("is out of range") }
            state[at.section].items.insert(new[newItem.section].items[newItem.item], at: at.item)
        case let .deleteItem(at):
            guard isItem(at, in: state) else { throw fail("is out of range") }
            state[at.section].items.remove(at: at.item)
        case let .moveItem(from, to):
            guard isItem(from, in: state), state.indices.contains(to.section) else { throw fail("is out of range") }
            let card = state[from.section].items.remove(at: from.item)
            guard (0...state[to.section].items.count).contains(to.item) else { throw fail("has its destination out of range") }
            state[to.section].items.insert(card, at: to.item)
        case let .updateItem(at):
            guard isItem(at, in: state), isItem(at, in: new),
                state[at.section].items[at.item].id == new[at.section].items[at.item].id
            else { throw fail("does not name the same item in both states") }
            state[at.section].items[at.item] = new[at.section].items[at.item]
        }
    }
    return state
}

/// Replays a flat script addressed in `section` on one list of cards.
public func replay(_ script: EditScript, on old: [Card], toward new: [Card], inSection section: Int = 0) throws(ReplayFailure) -> [Card] {
    // Sections before `section` are empty placeholders the script must not touch.
    let placeholders = (0..<section).map { DiffSection<Shelf, Card>(Shelf(-1 - $0), items: []) }
    let result = try replay(
        script, on: placeholders + [DiffSection(Shelf(section), items: old)],
        toward: placeholders + [DiffSection(Shelf(section), items: new)])
    guard result.count == section + 1, result.dropLast().allSatisfy(\.items.isEmpty) else {
        throw ReplayFailure(description: "the script touched other sections than \(section)")
    }
    return result[section].items
}
