/// A storage's items by section, changed step by step as ``UndoStep``s say, for a storage to
/// take whole (diffed) once every step is applied.
struct UndoSections {
    private(set) var sections: [[Any]]
    /// Where each identity is; rebuilt after an insertion or a removal shifted places.
    private var places: [ModelIdentity: IndexPath] = [:]
    private var placesAreCurrent = false

    init(_ sections: [[Any]]) {
        self.sections = sections
    }

    mutating func apply(_ step: UndoStep) {
        switch step {
        case let .insert(models, predecessor, section, index):
            guard sections.indices.contains(section) else { return }
            let at = place(after: predecessor, in: section, fallback: index)
            // An item back already (applied twice) is not inserted twice.
            let missing = models.filter { model in ModelIdentity(of: model).map { place(of: $0) == nil } ?? true }
            sections[section].insert(contentsOf: missing, at: at)
            placesAreCurrent = false
        case let .remove(identities):
            let removed = Set(identities)
            for section in sections.indices {
                sections[section].removeAll { ModelIdentity(of: $0).map(removed.contains) ?? false }
            }
            placesAreCurrent = false
        case let .move(identity, predecessor, section, index):
            guard let from = place(of: identity), sections.indices.contains(section) else { return }
            let model = sections[from.section].remove(at: from.item)
            placesAreCurrent = false
            sections[section].insert(model, at: place(after: predecessor, in: section, fallback: index))
            placesAreCurrent = false
        case let .replace(identity, model):
            guard let at = place(of: identity) else { return }
            sections[at.section][at.item] = model
        case .storageDefined:
            // Another storage's step: nothing a memory storage reads.
            return
        }
    }

    /// Where an item goes after `predecessor` in `section`: right after it when it is there,
    /// else at `fallback` (kept within the section).
    private mutating func place(after predecessor: ModelIdentity?, in section: Int, fallback: Int) -> Int {
        guard let predecessor else { return 0 }
        if let at = place(of: predecessor), at.section == section { return at.item + 1 }
        return min(max(fallback, 0), sections[section].count)
    }

    private mutating func place(of identity: ModelIdentity) -> IndexPath? {
        if !placesAreCurrent {
            places = [:]
            for (section, items) in sections.enumerated() {
                for (item, model) in items.enumerated() {
                    if let key = ModelIdentity(of: model) { places[key] = IndexPath(item: item, section: section) }
                }
            }
            placesAreCurrent = true
        }
        return places[identity]
    }
}
