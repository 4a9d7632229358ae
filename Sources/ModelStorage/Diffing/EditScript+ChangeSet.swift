// The change set of a script: each step with the model it brings, read at once or, for
// insertions that follow one another, as runs read when asked.
extension EditScript {
    /// The change set a host applies: each step with the model it brings.
    ///
    /// - Parameters:
    ///   - supplements: the supplementary models of a section of the new state.
    ///   - item: the model at an index path of the new state.
    public func changeSet(
        supplements: (Int) -> SectionSupplements = { _ in [:] },
        item: (IndexPath) -> Any
    ) -> ChangeSet {
        // Read at once, never kept: the closure does not outlive the call.
        withoutActuallyEscaping(item) { item in changeSet(supplements: supplements, item: item, gathersRuns: false) }
    }

    /// The change set of ``changeSet(supplements:item:)``, its insertions of items that follow
    /// one another held as runs whose models `item` makes only when a reader asks for them: a
    /// change set of a hundred thousand insertions costs its runs until its rows are shown.
    ///
    /// Insertions follow one another when each is inserted right after the one before, in the
    /// same section, and is the next item of the new state. `item` is called with an index path
    /// of the new state, whenever a run's model is read: the caller keeps what it reads valid
    /// for as long as the change set is read. Updates read their models at once.
    public func changeSet(
        supplements: (Int) -> SectionSupplements = { _ in [:] },
        lazilyReading item: @escaping (IndexPath) -> Any
    ) -> ChangeSet {
        changeSet(supplements: supplements, item: item, gathersRuns: true)
    }

    private func changeSet(
        supplements: (Int) -> SectionSupplements, item: @escaping (IndexPath) -> Any, gathersRuns: Bool
    ) -> ChangeSet {
        var changes = ChangeSet()
        // The run being gathered: where it is inserted, where its first item is in the new state.
        var run: (at: IndexPath, newItem: IndexPath, count: Int)?
        func flush() {
            guard let gathered = run else { return }
            run = nil
            let section = gathered.newItem.section, first = gathered.newItem.item
            changes.appendLazyInsertion(
                of: ModelRun(count: gathered.count) { item(IndexPath(item: first + $0, section: section)) }, at: gathered.at)
        }
        for edit in self {
            if gathersRuns, case let .insertItem(at, newItem) = edit {
                let at = at.indexPath, new = newItem.indexPath
                if let gathered = run, at.section == gathered.at.section, at.item == gathered.at.item + gathered.count,
                    new.section == gathered.newItem.section, new.item == gathered.newItem.item + gathered.count
                {
                    run!.count += 1
                } else {
                    flush()
                    run = (at, new, 1)
                }
                continue
            }
            flush()
            switch edit {
            case let .insertSection(index, newSection):
                changes.append(.insertSection(index, supplements: supplements(newSection)))
            case let .deleteSection(index):
                changes.append(.deleteSection(index))
            case let .moveSection(from, to):
                changes.append(.moveSection(from: from, to: to))
            case let .updateSection(index):
                changes.append(.updateSection(index, supplements: supplements(index)))
            case let .insertItem(at, newItem):
                changes.append(.insertItem(at: at.indexPath, model: item(newItem.indexPath)))
            case let .deleteItem(place):
                changes.append(.deleteItem(at: place.indexPath))
            case let .moveItem(from, to):
                changes.append(.moveItem(from: from.indexPath, to: to.indexPath))
            case let .updateItem(place):
                changes.append(.updateItem(at: place.indexPath, model: item(place.indexPath)))
            }
        }
        flush()
        return changes
    }
}
