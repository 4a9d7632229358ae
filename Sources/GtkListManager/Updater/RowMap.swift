import ModelStorage

/// The list as the manager shows it: per section its supplementary models, which of its
/// supplementary rows are shown, and its items, and from these where each row sits in the flat
/// list (the supplementary rows placed before the items — the header first —, the items, the
/// ones placed after them — the footer last —, as the ``SupplementaryArrangement`` orders them).
///
/// The models are the ones the change sets delivered, so a host that binds a position later
/// (scrolled into view) gets what the list shows, never a storage state that may be ahead.
/// With a ``StorageMirror`` the row map reads them from the storage through the mirror and
/// keeps only counts; without one (a storage that cannot say what it has not delivered yet) it
/// keeps its own copy.
///
/// Where each section starts is a ``SectionStarts``, summed again after a change on the first
/// look-up.
@MainActor
final class RowMap {
    struct Section {
        var itemCount = 0
        /// The stored models of the section's items, as the storage handed them, when the
        /// layout keeps its own copy; empty with a mirror.
        var items: [Any] = []
        /// The supplementary models the last section insert or update carried.
        var supplements = SectionSupplements()
        /// The slots of the arrangement whose rows are shown.
        var shownSlots: UInt64 = 0
        /// The slots whose models no mapping shows: reported once, not retried until the
        /// section's supplements change.
        var unmappedSlots: UInt64 = 0

        var rowCount: Int { itemCount + shownSlots.nonzeroBitCount }

        func shows(slot: Int) -> Bool { shownSlots & (1 << UInt64(slot)) != 0 }
        func isUnmapped(slot: Int) -> Bool { unmappedSlots & (1 << UInt64(slot)) != 0 }
    }

    /// The order of the supplementary rows; changed only by ``reset(_:mirror:arrangement:)``
    /// or while the row map has no sections, as the shown slots follow it.
    private(set) var arrangement = SupplementaryArrangement()

    /// Where the item models come from when the row map keeps no copy of them.
    private(set) var mirror: StorageMirror?

    /// The sections, in order (a copy). Mutations go through the methods below, which keep the
    /// starts.
    var sections: [Section] { entries }

    // Read for every bound row; no access here overlaps another (no callbacks, no inout
    // escapes), so the checks are off (CONTRIBUTING, Hot paths: 2).
    @exclusivity(unchecked) private var entries: [Section] = []
    /// Where each section's rows start, summed again on the first look-up after a change.
    @exclusivity(unchecked) private var starts = SectionStarts()
    @exclusivity(unchecked) private var startsAreCurrent = true
    /// Where each section's items start among all items: summed on the first look-up after a
    /// change, which only accessibility makes.
    private var itemStarts = SectionStarts()
    private var itemStartsAreCurrent = true

    // MARK: - Reading

    var sectionCount: Int { entries.count }

    /// The number of rows: items, headers and footers.
    var rowCount: Int {
        refreshStarts()
        return starts.total
    }

    func itemCount(inSection section: Int) -> Int {
        entries[section].itemCount
    }

    /// The number of items of every section (headers and footers not counted).
    var totalItemCount: Int {
        refreshItemStarts()
        return itemStarts.total
    }

    /// The place of the item at `indexPath` among the items of every section, from 0.
    func itemOrdinal(of indexPath: IndexPath) -> Int {
        refreshItemStarts()
        return itemStarts[indexPath.section] + indexPath.item
    }

    /// The index path of the `ordinal`-th item of the list; nil outside it.
    func indexPath(ofItemOrdinal ordinal: Int) -> IndexPath? {
        refreshItemStarts()
        guard let section = itemStarts.section(containing: ordinal) else { return nil }
        return IndexPath(item: ordinal - itemStarts[section], section: section)
    }

    /// The flat position of the section's first row.
    func start(of section: Int) -> Int {
        refreshStarts()
        return starts[section]
    }

    /// The flat position of the item row at `indexPath`.
    func position(of indexPath: IndexPath) -> Int {
        start(of: indexPath.section) + leadingRows(inSection: indexPath.section) + indexPath.item
    }

    /// The flat position of the section's supplementary row in `slot` (shown or about to be).
    func position(ofSlot slot: Int, inSection section: Int) -> Int {
        let before = (entries[section].shownSlots & .bits(below: slot)).nonzeroBitCount
        return start(of: section) + before + (slot < arrangement.leadingCount ? 0 : entries[section].itemCount)
    }

    // Fields read in place, never a copy of the section: its models would be retained and
    // released on every row bound.

    /// The number of supplementary rows the section shows before its items.
    private func leadingRows(inSection section: Int) -> Int {
        (entries[section].shownSlots & arrangement.leadingSlots).nonzeroBitCount
    }

    /// The position of the row at `location`, when the list shows one there.
    func position(of location: RowLocation) -> Int? {
        let section = location.section
        guard section >= 0, section < entries.count else { return nil }
        switch location.role {
        case .item:
            guard location.indexPath.item >= 0, location.indexPath.item < entries[section].itemCount else { return nil }
            return position(of: location.indexPath)
        case let .supplementary(kind):
            guard let slot = arrangement.slot(of: kind), entries[section].shows(slot: slot) else { return nil }
            return position(ofSlot: slot, inSection: section)
        }
    }

    /// What the row at a flat position is; nil past the end.
    func location(ofPosition position: Int) -> RowLocation? {
        guard let section = section(containing: position) else { return nil }
        let offset = position - starts[section]
        let shownSlots = entries[section].shownSlots, itemCount = entries[section].itemCount
        let leading = shownSlots & arrangement.leadingSlots
        let leadingCount = leading.nonzeroBitCount
        if offset < leadingCount {
            return supplementaryLocation(slot: leading.indexOfSetBit(offset), section: section)
        }
        let item = offset - leadingCount
        if item < itemCount {
            return RowLocation(role: .item, indexPath: IndexPath(item: item, section: section))
        }
        let trailing = shownSlots & ~arrangement.leadingSlots
        return supplementaryLocation(slot: trailing.indexOfSetBit(item - itemCount), section: section)
    }

    private func supplementaryLocation(slot: Int, section: Int) -> RowLocation {
        RowLocation(role: .supplementary(arrangement.kinds[slot]), indexPath: IndexPath(item: 0, section: section))
    }

    /// The stored model the row at `location` shows: an item's model, or the section's
    /// supplementary model of the row's kind.
    func model(at location: RowLocation) -> Any? {
        switch location.role {
        case .item:
            if let mirror { mirror.model(at: location.indexPath) } else { entries[location.section].items[location.indexPath.item] }
        case let .supplementary(kind): entries[location.section].supplements[kind]
        }
    }

    /// The stored models of the items at `indexPaths`, in their order; nil for an index path
    /// that addresses no item shown. `model(at:)` for many items, read at once.
    func itemModels(at indexPaths: [IndexPath]) -> [Any?] {
        guard let mirror else {
            var models: [Any?] = []
            models.reserveCapacity(indexPaths.count)
            for indexPath in indexPaths {
                models.append(position(of: .item(indexPath)) != nil ? entries[indexPath.section].items[indexPath.item] : nil)
            }
            return models
        }
        var shown: [IndexPath] = []
        shown.reserveCapacity(indexPaths.count)
        for indexPath in indexPaths where position(of: .item(indexPath)) != nil { shown.append(indexPath) }
        // Every index path addresses an item, as a selection's do: the models as read.
        guard shown.count < indexPaths.count else { return mirror.models(at: indexPaths) }
        let read = mirror.models(at: shown)
        var models: [Any?] = []
        models.reserveCapacity(indexPaths.count)
        var next = 0
        for indexPath in indexPaths {
            // An index path that addresses no item is not among `shown` (nor any equal to it).
            guard next < shown.count, shown[next] == indexPath else {
                models.append(nil)
                continue
            }
            models.append(read[next])
            next += 1
        }
        return models
    }

    // MARK: - Changing

    // Each change but `setShows` and `markUnmapped` applies one entry of the change set (or,
    // for a run, several), which the mirror follows.

    /// Replaces everything, read through `mirror` when there is one, with supplementary rows
    /// ordered by `newArrangement`; none is shown until the updater shows it.
    func reset(_ newSections: [Section], mirror newMirror: StorageMirror?, arrangement newArrangement: SupplementaryArrangement) {
        entries = newSections
        mirror = newMirror
        arrangement = newArrangement
        invalidateStarts()
    }

    /// Orders supplementary rows by `newArrangement` from now on; only while there are no
    /// sections, whose shown slots would otherwise mean other kinds.
    func adopt(_ newArrangement: SupplementaryArrangement) {
        guard entries.isEmpty else { return }
        arrangement = newArrangement
    }

    func insertSection(_ section: Section, at index: Int) {
        entries.insert(section, at: index)
        didApply()
    }

    func removeSection(at index: Int) {
        entries.remove(at: index)
        didApply()
    }

    func moveSection(from source: Int, to destination: Int) {
        entries.insert(entries.remove(at: source), at: destination)
        didApply()
    }

    /// Inserts `models` from `indexPath` on: one entry per model.
    func insertItems(_ models: ModelRun, at indexPath: IndexPath) {
        entries[indexPath.section].itemCount += models.count
        if mirror == nil { entries[indexPath.section].items.insert(contentsOf: models, at: indexPath.item) }
        didApply(models.count, carrying: models, at: indexPath, shiftingStartsAfter: indexPath.section, by: models.count)
    }

    /// Removes the items at `items`: one entry per item.
    func removeItems(_ items: Range<Int>, inSection section: Int) {
        entries[section].itemCount -= items.count
        if mirror == nil { entries[section].items.removeSubrange(items) }
        didApply(items.count, shiftingStartsAfter: section, by: -items.count)
    }

    /// Removes the items of `runs` (bottom to top, as ``ItemSplices/deletions``): one entry
    /// per item.
    func removeItems(runs: [Range<Int>], inSection section: Int) {
        var removed = 0
        for run in runs { removed += run.count }  // Hot paths: 3
        entries[section].itemCount -= removed
        if mirror == nil {
            let items = entries[section].items
            var kept: [Any] = []
            kept.reserveCapacity(items.count - removed)
            var next = 0
            for run in runs.reversed() {
                kept.append(contentsOf: items[next..<run.lowerBound])
                next = run.upperBound
            }
            kept.append(contentsOf: items[next...])
            entries[section].items = kept
        }
        didApply(removed, shiftingStartsAfter: section, by: -removed)
    }

    /// Inserts `models` at the items of `runs` (top to bottom, as ``ItemSplices/insertions``,
    /// read after all of them): one entry per model.
    func insertItems(_ models: ModelRun, runs: [Range<Int>], inSection section: Int) {
        entries[section].itemCount += models.count
        if mirror == nil {
            let items = entries[section].items
            var merged: [Any] = []
            merged.reserveCapacity(items.count + models.count)
            var kept = 0, inserted = 0
            for run in runs {
                let keptBefore = run.lowerBound - inserted
                merged.append(contentsOf: items[kept..<keptBefore])
                merged.append(contentsOf: models[inserted..<inserted + run.count])
                kept = keptBefore
                inserted += run.count
            }
            merged.append(contentsOf: items[kept...])
            entries[section].items = merged
        }
        // Bound later, the new rows read their models through the mirror, from the storage.
        didApply(models.count, shiftingStartsAfter: section, by: models.count)
    }

    func moveItem(from source: IndexPath, to destination: IndexPath) {
        entries[source.section].itemCount -= 1
        entries[destination.section].itemCount += 1
        if mirror == nil {
            let model = entries[source.section].items.remove(at: source.item)
            entries[destination.section].items.insert(model, at: destination.item)
        }
        didApply()
    }

    /// Puts a section's items in a new order: one entry per move of the reordering.
    func reorderItems(_ reordering: ItemReordering) {
        if mirror == nil {
            let items = entries[reordering.section].items
            entries[reordering.section].items = reordering.sources.map { items[$0] }
        }
        mirror?.didApply(reordering.moveCount)
    }

    /// Records `model` at `indexPath` from a change set of item updates only: a row map that
    /// reads its storage has nothing to record (the storage holds it, and no entry is left for
    /// the mirror to read past).
    func recordUpdate(_ model: Any, at indexPath: IndexPath) {
        if mirror == nil { entries[indexPath.section].items[indexPath.item] = model }
    }

    func setModel(_ model: Any, at indexPath: IndexPath) {
        if mirror == nil { entries[indexPath.section].items[indexPath.item] = model }
        mirror?.didApplyUpdate(carrying: model, at: indexPath)
    }

    func setSupplements(_ supplements: SectionSupplements, ofSection section: Int) {
        entries[section].supplements = supplements
        entries[section].unmappedSlots = 0
        mirror?.didApply(1)
    }

    func setShows(slot: Int, _ shows: Bool, inSection section: Int) {
        let bit: UInt64 = 1 << UInt64(slot)
        if shows { entries[section].shownSlots |= bit } else { entries[section].shownSlots &= ~bit }
        invalidateStarts()
    }

    func markUnmapped(slot: Int, inSection section: Int) {
        entries[section].unmappedSlots |= 1 << UInt64(slot)
    }

    /// `count` entries changed the rows: the starts are stale, the mirror moves on.
    private func didApply(_ count: Int = 1, carrying models: ModelRun? = nil, at indexPath: IndexPath? = nil) {
        invalidateStarts()
        mirror?.didApply(count, carrying: models, at: indexPath)
    }

    /// `count` entries changed only the item count of `section`, by `rows`: the starts after it
    /// move by as much, in place (a filter's keystroke makes tens of thousands of such runs in
    /// one section, each otherwise summing the starts anew), and the mirror moves on.
    private func didApply(
        _ count: Int, carrying models: ModelRun? = nil, at indexPath: IndexPath? = nil, shiftingStartsAfter section: Int,
        by rows: Int
    ) {
        if startsAreCurrent { starts.add(rows, toSection: section) }
        if itemStartsAreCurrent { itemStarts.add(rows, toSection: section) }
        mirror?.didApply(count, carrying: models, at: indexPath)
    }

    // MARK: - Starts

    private func invalidateStarts() {
        startsAreCurrent = false
        itemStartsAreCurrent = false
    }

    private func refreshItemStarts() {
        guard !itemStartsAreCurrent else { return }
        itemStarts = SectionStarts(count: entries.count) { entries[$0].itemCount }
        itemStartsAreCurrent = true
    }

    /// Sums the starts again if a change made them stale.
    private func refreshStarts() {
        guard !startsAreCurrent else { return }
        starts = SectionStarts(count: entries.count) { entries[$0].rowCount }
        startsAreCurrent = true
    }

    /// The section whose rows include `position`; nil outside the list.
    private func section(containing position: Int) -> Int? {
        refreshStarts()
        return starts.section(containing: position)
    }
}
