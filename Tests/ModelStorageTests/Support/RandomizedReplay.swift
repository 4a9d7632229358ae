import ModelStorage

/// What a view showing a storage of `Int` models holds: items per section and each section's
/// header. The randomized test reads it from the storage, and rebuilds it by replaying logs.
struct ObservedState: Equatable, CustomStringConvertible {
    var sections: [[Int]] = []
    var headers: [Int?] = []

    @MainActor
    init(of storage: MemoryStorage) {
        sections = storage.sections.map { $0.items.map { $0 as! Int } }
        headers = storage.sections.indices.map { storage.headerModel(forSection: $0) as? Int }
    }

    init(sections: [[Int]], headers: [Int?]) {
        self.sections = sections
        self.headers = headers
    }

    var description: String {
        zip(sections, headers).map { items, header in "[\(header.map(String.init) ?? "-")] \(items)" }
            .joined(separator: " | ")
    }
}

struct ReplayError: Error, CustomStringConvertible {
    let description: String
}

extension ObservedState {
    /// Applies `changes` entry by entry, as a host would, refusing any entry that is out of range
    /// in the state it is applied to.
    func replaying(_ changes: ChangeSet) throws -> ObservedState {
        var state = self
        for (number, change) in changes.enumerated() {
            func fail(_ why: String) -> ReplayError {
                ReplayError(description: "entry \(number) `\(change)` \(why) in \(state)")
            }
            switch change {
            case let .insertSection(index, supplements):
                guard (0...state.sections.count).contains(index) else { throw fail("is out of range") }
                state.sections.insert([], at: index)
                state.headers.insert(supplements.header as? Int, at: index)
            case let .deleteSection(index):
                guard state.sections.indices.contains(index) else { throw fail("is out of range") }
                state.sections.remove(at: index)
                state.headers.remove(at: index)
            case let .moveSection(from, to):
                guard state.sections.indices.contains(from), state.sections.indices.contains(to) else {
                    throw fail("is out of range")
                }
                state.sections.insert(state.sections.remove(at: from), at: to)
                state.headers.insert(state.headers.remove(at: from), at: to)
            case let .updateSection(index, supplements):
                guard state.sections.indices.contains(index) else { throw fail("is out of range") }
                state.headers[index] = supplements.header as? Int
            case let .insertItem(indexPath, model):
                guard state.sections.indices.contains(indexPath.section),
                    (0...state.sections[indexPath.section].count).contains(indexPath.item)
                else { throw fail("is out of range") }
                guard let value = model as? Int else { throw fail("carries no Int model") }
                state.sections[indexPath.section].insert(value, at: indexPath.item)
            case let .deleteItem(indexPath):
                guard state.contains(indexPath) else { throw fail("is out of range") }
                state.sections[indexPath.section].remove(at: indexPath.item)
            case let .moveItem(from, to):
                guard state.contains(from) else { throw fail("has no source") }
                let value = state.sections[from.section].remove(at: from.item)
                guard state.sections.indices.contains(to.section),
                    (0...state.sections[to.section].count).contains(to.item)
                else { throw fail("has no destination") }
                state.sections[to.section].insert(value, at: to.item)
            case let .updateItem(indexPath, model):
                guard state.contains(indexPath) else { throw fail("is out of range") }
                guard let value = model as? Int else { throw fail("carries no Int model") }
                state.sections[indexPath.section][indexPath.item] = value
            }
        }
        return state
    }

    private func contains(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && sections[indexPath.section].indices.contains(indexPath.item)
    }
}
