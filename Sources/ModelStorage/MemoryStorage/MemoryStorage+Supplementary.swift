extension MemoryStorage {
    /// The model of `kind` for `section`: the kind's provider (``headerModelProvider`` or
    /// ``footerModelProvider``) first, then ``supplementaryModelProvider``, then the models set
    /// with ``setSupplementaryModels(_:ofKind:)``. The first non-nil answer wins.
    public func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        guard section >= 0 else { return nil }
        let kindProvider: ((Int) -> Any?)? =
            switch kind {
            case .header: headerModelProvider
            case .footer: footerModelProvider
            default: nil
            }
        if let model = kindProvider?(section) { return model }
        if let model = supplementaryModelProvider?(kind, section) { return model }
        guard let stored = storedSupplements[kind], stored.indices.contains(section) else { return nil }
        return stored[section]
    }

    /// Sets the models of `kind` for sections `0..<models.count` (nil: none), replacing earlier
    /// ones of that kind, and records an update for every existing section whose model changed.
    ///
    /// The models form one list aligned to section indices. Sections need not exist yet: a
    /// section appended at index `i` adopts the model stored at `i`. Inserting a section before
    /// others opens a gap for it, deleting one removes its model, moving one moves its model, so
    /// the models of existing sections stay with their section.
    public func setSupplementaryModels(_ models: [Any?], ofKind kind: SupplementaryKind) {
        changeSupplements { storedSupplements[kind] = models }
    }

    /// Sets one supplementary model for one section index.
    public func setSupplementaryModel(_ model: Any?, ofKind kind: SupplementaryKind, forSection section: Int) {
        guard section >= 0 else {
            refuse(
                .sectionIndexOutOfRange(
                    operation: .setSupplementaryModel, index: section, numberOfSections: sections.count))
            return
        }
        changeSupplements {
            var models = storedSupplements[kind] ?? []
            if models.count <= section { models += Array(repeating: nil, count: section + 1 - models.count) }
            models[section] = model
            storedSupplements[kind] = models
        }
    }

    /// Sets the section header models: `models[i]` heads section `i`.
    public func setSectionHeaderModels<T>(_ models: [T]) {
        setSupplementaryModels(models.map { $0 as Any? }, ofKind: .header)
    }

    /// Sets the section footer models: `models[i]` ends section `i`.
    public func setSectionFooterModels<T>(_ models: [T]) {
        setSupplementaryModels(models.map { $0 as Any? }, ofKind: .footer)
    }

    /// Records section updates for `indexes`, so observers refresh their headers and footers, for
    /// example after the state a provider reads has changed.
    public func reloadSections(_ indexes: some Sequence<Int>) {
        let indexes = Array(indexes)
        if let bad = indexes.first(where: { !sections.indices.contains($0) }) {
            refuse(.sectionIndexOutOfRange(operation: .reloadSections, index: bad, numberOfSections: sections.count))
            return
        }
        transaction {
            for index in indexes {
                recorder.record(.updateSection(index, supplements: supplements(forSection: index)))
            }
        }
    }

    /// All supplementary models of `section`, as carried by section inserts and updates.
    func supplements(forSection section: Int) -> SectionSupplements {
        var kinds: Set<SupplementaryKind> = [.header, .footer]
        kinds.formUnion(storedSupplements.keys)
        var result = SectionSupplements()
        for kind in kinds {
            if let model = supplementaryModel(ofKind: kind, inSection: section) {
                result[kind] = model
            }
        }
        return result
    }

    /// Keeps stored supplements attached to their section when one is inserted at `index`
    /// (called before the insert). A section appended at the end adopts what is stored at its
    /// index: models set in advance wait for their section.
    func shiftStoredSupplements(insertingAt index: Int) {
        guard index < sections.count else { return }
        for kind in storedSupplements.keys where storedSupplements[kind]!.count > index {
            storedSupplements[kind]!.insert(nil, at: index)
        }
    }

    /// Keeps stored supplements attached to their section when the one at `index` is deleted.
    func shiftStoredSupplements(deletingAt index: Int) {
        for kind in storedSupplements.keys where storedSupplements[kind]!.count > index {
            storedSupplements[kind]!.remove(at: index)
        }
    }

    /// Keeps stored supplements attached to their section when it moves.
    func shiftStoredSupplements(movingFrom source: Int, to destination: Int) {
        for kind in storedSupplements.keys {
            var models = storedSupplements[kind]!
            let needed = max(source, destination) + 1
            if models.count < needed { models += Array(repeating: nil, count: needed - models.count) }
            models.insert(models.remove(at: source), at: destination)
            while let last = models.last, last == nil { models.removeLast() }
            storedSupplements[kind] = models
        }
    }

    /// Applies a change of supplementary models and records an update for every existing
    /// section whose models changed.
    private func changeSupplements(_ change: () -> Void) {
        let before = sections.indices.map { supplements(forSection: $0) }
        change()
        transaction {
            for (index, old) in before.enumerated() {
                let new = supplements(forSection: index)
                if new != old { recorder.record(.updateSection(index, supplements: new)) }
            }
        }
    }

    /// After a provider changed, every existing section may show other models.
    func recordSupplementsChangedEverywhere() {
        guard !sections.isEmpty else { return }
        reloadSections(sections.indices)
    }
}
