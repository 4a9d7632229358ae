// The base's changes, mapped as they come: each segment of its log becomes the segment it is
// among the items that pass, read against the state the entries before it left. A segment that
// state cannot take (a custom base whose log contradicts itself) is reported, and the base read
// again as it is now.
extension FilteredStorage {
    func baseDidPerform(_ changes: ChangeSet, in storage: any Storage) {
        guard storage === base else { return }
        var mapped = ChangeSet()
        do throws(ChangeMismatch) {
            for segment in changes.segments { try map(segment, into: &mapped) }
        } catch {
            // The base contradicts its own log: what is mapped so far may be wrong, and the base
            // as it is now is the only truth left.
            anomalyHandler.report(
                .inconsistentBaseChange(
                    storageTypeName: String(reflecting: type(of: base)), change: error.change, count: error.count,
                    section: error.section))
            baseNeedsReload(base)
            return
        }
        // A scan that started before this change reads models and places that are gone.
        filterScans.stateDidChange()
        if !mapped.isEmpty { broadcaster.deliver(.changes(mapped), from: self) }
    }

    func baseNeedsReload(_ storage: any Storage) {
        guard storage === base else { return }
        filterScans.stateDidChange()
        readBase()
        broadcaster.deliver(.reload, from: self)
    }

    /// Maps a segment, checked first against the counts the segments before it left: integer
    /// comparisons (the index below indexes only places that exist).
    private func map(_ segment: ChangeSet.Segment, into mapped: inout ChangeSet) throws(ChangeMismatch) {
        try ChangeFit.check(segment, sectionCount: indexes.count) { indexes[$0].count }
        switch segment {
        case let .entry(change): map(change, into: &mapped)
        case let .insertion(models, start): insert(models, at: start, into: &mapped)
        case let .deletion(items, section): delete(items, inSection: section, into: &mapped)
        case let .reordering(reordering): reorder(reordering, into: &mapped)
        case let .splices(splices): for run in splices.segments { try map(run, into: &mapped) }
        }
    }

    private func map(_ change: StorageChange, into mapped: inout ChangeSet) {
        switch change {
        case let .insertSection(section, supplements):
            models.insert([], at: section)
            indexes.insert(FilterIndex(), at: section)
            mapped.append(.insertSection(section, supplements: supplements))
        case let .deleteSection(section):
            models.remove(at: section)
            indexes.remove(at: section)
            mapped.append(change)
        case let .moveSection(from, to):
            models.insert(models.remove(at: from), at: to)
            indexes.insert(indexes.remove(at: from), at: to)
            mapped.append(change)
        case .updateSection:
            mapped.append(change)
        case let .insertItem(indexPath, model):
            insert(ModelRun(CollectionOfOne(model)), at: indexPath, into: &mapped)
        case let .deleteItem(indexPath):
            delete(indexPath.item..<indexPath.item + 1, inSection: indexPath.section, into: &mapped)
        case let .moveItem(from, to):
            let shownFrom = indexes[from.section].rank(of: from.item)
            let passed = indexes[from.section].remove(at: from.item)
            let model = models[from.section].remove(at: from.item)
            indexes[to.section].insert(passed, at: to.item)
            models[to.section].insert(model, at: to.item)
            if passed {
                let shownTo = indexes[to.section].rank(of: to.item)
                mapped.append(
                    .moveItem(from: IndexPath(item: shownFrom, section: from.section), to: IndexPath(item: shownTo, section: to.section)))
            }
        case let .updateItem(indexPath, model):
            let typedModel = typed(model)
            let passes = passes(typedModel)
            let shown = IndexPath(item: indexes[indexPath.section].rank(of: indexPath.item), section: indexPath.section)
            models[indexPath.section][indexPath.item] = typedModel
            switch (indexes[indexPath.section].set(passes, at: indexPath.item), passes) {
            case (true, true): mapped.append(.updateItem(at: shown, model: model))
            case (true, false): mapped.append(.deleteItem(at: shown))
            case (false, true): mapped.append(.insertItem(at: shown, model: model))
            case (false, false): break
            }
        }
    }

    private func insert(_ run: ModelRun, at start: IndexPath, into mapped: inout ChangeSet) {
        let typedModels = run.map(typed)
        let passing = typedModels.map(passes)
        let shown = IndexPath(item: indexes[start.section].rank(of: start.item), section: start.section)
        models[start.section].insert(contentsOf: typedModels, at: start.item)
        indexes[start.section].insert(passing, at: start.item)
        let shownModels = zip(run, passing).compactMap { model, passes in passes ? model : nil }
        mapped.appendInsertion(of: ModelRun(shownModels), at: shown)
    }

    private func delete(_ items: Range<Int>, inSection section: Int, into mapped: inout ChangeSet) {
        let shownStart = indexes[section].rank(of: items.lowerBound)
        let shownCount = indexes[section].remove(items)
        models[section].removeSubrange(items)
        mapped.appendDeletion(of: shownStart..<shownStart + shownCount, inSection: section)
    }

    /// A re-sort of the base: the items that pass keep their relative new order, as one
    /// reordering of the rows shown. O(items of the section).
    private func reorder(_ reordering: ItemReordering, into mapped: inout ChangeSet) {
        let section = reordering.section
        let passesBefore = indexes[section].allPasses
        let modelsBefore = models[section]
        // Where each item showed before, by its place in the base before.
        var shownBefore = [Int](repeating: -1, count: passesBefore.count)
        var shownCount = 0
        for (place, passes) in passesBefore.enumerated() where passes {
            shownBefore[place] = shownCount
            shownCount += 1
        }
        models[section] = reordering.sources.map { modelsBefore[$0] }
        indexes[section] = FilterIndex(reordering.sources.lazy.map { passesBefore[$0] })
        let shownSources = reordering.sources.compactMap { shownBefore[$0] >= 0 ? shownBefore[$0] : nil }
        if let shownReordering = ItemReordering(section: section, sources: shownSources) {
            mapped.appendReordering(shownReordering)
        }
    }
}
