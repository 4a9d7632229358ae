// Diffed replacement: hand over the whole new content, observers get the minimal animated
// changes (moves, inserts, deletes, in-place updates) instead of a reload.
extension MemoryStorage {
    /// Replaces the items of `section` (creating sections up to it).
    ///
    /// With `diffing`, the new items are diffed against the old ones by identity (see
    /// ``ModelIdentity``): observers receive the fewest inserts, deletes and moves, and an update
    /// for each item whose content changed, so its row refreshes in place. Without, observers
    /// reload.
    public func setItems<Model>(_ items: [Model], forSection section: Int = 0, diffing: Bool) {
        let items = items.asAnyModels
        guard diffing else { return setItems(items, forSection: section) }
        guard section >= 0 else {
            refuse(.invalidIndexPath(indexPath: IndexPath(item: 0, section: section)))
            return
        }
        transaction {
            createSections(through: section)
            let old = sections[section].items
            var inspector = ModelInspector()
            let keys = diffKeys(old: [old], new: [items], inspector: &inspector)
            let script = Differ().script(
                fromIdentities: keys.old[0], to: keys.new[0], inSection: section,
                contentEqual: { inspector.contentIsEqual(old[$0], items[$1]) })
            sections[section].items = items
            record(script.changeSet(supplements: supplements(forSection:), item: { items[$0.item] }))
        }
    }

    /// Replaces the items of every section, one array per section, sections matched by index.
    ///
    /// With `diffing`, items are diffed by identity across all sections, so an item that changes
    /// section moves there; sections are added or removed at the end. Without, observers reload.
    public func setItemsForAllSections(_ itemsBySection: [[Any]], diffing: Bool) {
        guard diffing else { return setItemsForAllSections(itemsBySection) }
        // The existing section objects stay (matched by object); extra arrays become new sections.
        let newSections = itemsBySection.indices.map { $0 < sections.count ? sections[$0] : SectionModel() }
        transaction { replaceSectionsDiffing(newSections, items: itemsBySection, matchingByObject: true) }
    }

    /// Replaces every section with `newSections`.
    ///
    /// With `diffing`, sections are matched by ``SectionModel/identifier`` (by object when it is
    /// nil) and items by identity across sections: observers receive section and item moves,
    /// inserts, deletes and updates. Supplementary models stay with their section. Without
    /// `diffing`, observers reload.
    public func setSections(_ newSections: [SectionModel], diffing: Bool) {
        guard diffing else { return setSections(newSections) }
        if let index = newSections.indices.first(where: { newSections[$0].storage != nil && newSections[$0].storage !== self }) {
            refuse(.sectionAlreadyInStorage(operation: .setSection, index: index))
            return
        }
        var seen = Set<ObjectIdentifier>()
        if let index = newSections.indices.first(where: { !seen.insert(ObjectIdentifier(newSections[$0])).inserted }) {
            refuse(.sectionAlreadyInStorage(operation: .setSection, index: index))
            return
        }
        transaction { replaceSectionsDiffing(newSections, items: newSections.map(\.items), matchingByObject: false) }
    }

    /// Diffs the current sections against `newSections` holding `newItems`, installs them, shifts
    /// stored supplements along with their sections and records the script.
    private func replaceSectionsDiffing(_ newSections: [SectionModel], items newItems: [[Any]], matchingByObject: Bool) {
        let oldItems = sections.map(\.items)
        var inspector = ModelInspector()
        let keys = diffKeys(old: oldItems, new: newItems, inspector: &inspector)
        let identity: (SectionModel) -> AnyHashable = matchingByObject ? { AnyHashable(ObjectIdentifier($0)) } : \.diffIdentity
        let newSectionIdentities = newSections.map(identity)
        reportDuplicates(among: newSectionIdentities, kind: .sections)
        let script = Differ().script(
            fromSections: sections.map(identity), items: keys.old,
            toSections: newSectionIdentities, items: keys.new,
            itemContentEqual: { inspector.contentIsEqual(oldItems[$0.section][$0.item], newItems[$1.section][$1.item]) })

        // Replay the section steps on the section list so stored supplements follow their
        // sections exactly as observers will see them.
        for edit in script {
            switch edit {
            case let .insertSection(index, newSection):
                shiftStoredSupplements(insertingAt: index)
                sections.insert(newSections[newSection], at: index)
            case let .deleteSection(index):
                shiftStoredSupplements(deletingAt: index)
                sections[index].storage = nil
                sections.remove(at: index)
            case let .moveSection(from, to):
                shiftStoredSupplements(movingFrom: from, to: to)
                sections.insert(sections.remove(at: from), at: to)
            default:
                continue
            }
        }
        for section in sections where !newSections.contains(where: { $0 === section }) {
            section.storage = nil
        }
        for (section, items) in zip(newSections, newItems) {
            section.storage = self
            section.items = items
        }
        sections = newSections
        record(script.changeSet(supplements: supplements(forSection:), item: { newItems[$0.section][$0.item] }))
    }

    private func record(_ changeSet: ChangeSet) {
        recorder.record(changeSet)
    }

    /// Reports identities that `identities` repeats (the differ only sees repeats in the part
    /// that changed, so the new state is checked here as a whole).
    private func reportDuplicates<Identity: Hashable>(among identities: [Identity], kind: StorageAnomaly.IdentifierKind) {
        var seen = Set<Identity>(minimumCapacity: identities.count)
        let repeats = identities.count(where: { !seen.insert($0).inserted })
        if repeats > 0 { refuse(.duplicateIdentifiers(kind: kind, count: repeats)) }
    }

    /// The identities the differ matches models by. A model without identity gets a key of its
    /// own that matches nothing (it is deleted and inserted again), reported once per type.
    private func diffKeys(
        old: [[Any]], new: [[Any]], inspector: inout ModelInspector
    ) -> (old: [[ModelIdentity]], new: [[ModelIdentity]]) {
        var unidentified = 0
        var reportedTypes = Set<ObjectIdentifier>()
        func keys(_ sections: [[Any]]) -> [[ModelIdentity]] {
            sections.map { items in
                items.map { model in
                    if let identity = inspector.identity(of: model) { return identity }
                    if reportedTypes.insert(ObjectIdentifier(type(of: model))).inserted {
                        refuse(.modelWithoutIdentity(typeName: String(reflecting: type(of: model))))
                    }
                    unidentified += 1
                    return ModelIdentity(unmatched: unidentified)
                }
            }
        }
        let newKeys = keys(new)
        reportDuplicates(among: newKeys.flatMap { $0 }, kind: .items)
        return (keys(old), newKeys)
    }
}
