// Whole-content replacement. Each of these is delivered to observers as a reload; for animated
// replacement, a diffing API computes the changes instead.
extension MemoryStorage {
    /// Replaces the items of `section` (creating sections up to it). Observers reload.
    public func setItems<Model>(_ items: [Model], forSection section: Int = 0) {
        let items = items.asAnyModels
        guard section >= 0 else {
            refuse(.invalidIndexPath(indexPath: IndexPath(item: 0, section: section)))
            return
        }
        transaction {
            var newSections = sections
            while newSections.count <= section { newSections.append(SectionModel()) }
            newSections[section] = SectionModel(items: items)
            replaceSections(newSections)
        }
    }

    /// Replaces every section: one section per array. Observers reload.
    public func setItemsForAllSections(_ itemsBySection: [[Any]]) {
        transaction {
            replaceSections(itemsBySection.map { SectionModel(items: $0) })
        }
    }

    /// Replaces every section with `newSections`. Observers reload.
    public func setSections(_ newSections: [SectionModel]) {
        if let (index, _) = newSections.enumerated().first(where: { _, s in s.storage != nil && s.storage !== self }) {
            refuse(.sectionAlreadyInStorage(operation: .setSection, index: index))
            return
        }
        var seen = Set<ObjectIdentifier>()
        if let index = newSections.indices.first(where: { !seen.insert(ObjectIdentifier(newSections[$0])).inserted }) {
            refuse(.sectionAlreadyInStorage(operation: .setSection, index: index))
            return
        }
        transaction { replaceSections(newSections) }
    }

    /// Puts `section` at index `index`, replacing the section there (creating sections up to it).
    /// Observers reload.
    public func setSection(_ section: SectionModel, forSection index: Int) {
        guard index >= 0 else {
            refuse(.sectionIndexOutOfRange(operation: .setSection, index: index, numberOfSections: sections.count))
            return
        }
        if let owner = section.storage, owner !== self || sectionIndex(for: section) != index {
            refuse(.sectionAlreadyInStorage(operation: .setSection, index: index))
            return
        }
        transaction {
            var newSections = sections
            while newSections.count <= index { newSections.append(SectionModel()) }
            newSections[index] = section
            replaceSections(newSections)
        }
    }

    /// Empties every section; the sections themselves stay. Observers reload.
    public func removeAllItems() {
        transaction {
            for section in sections { section.items.removeAll() }
            recorder.recordReload()
        }
    }
}
