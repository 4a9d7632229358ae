import ModelStorage

/// Where a change set becomes widget operations: each entry of a storage's change set becomes
/// splices of the host's positions (consecutive item insertions or deletions one splice, see
/// ``ChangeRun``), so the cost of an update grows with the number of entries, not with the
/// list.
///
/// - The row map changes first for an insertion (the host may bind the new position during the
///   splice and must find its model) and last for a removal (the rows leaving are unbound at
///   the positions they had).
/// - An update refreshes a bound row in place, rebinds it when another mapping now shows the
///   model, and only records the model at a position no row is bound to. A row updated again
///   in the same frame refreshes once more at the next frame, from its model then
///   (``RefreshCoalescing``).
/// - Moves move the same widget. Section entries carry their supplementary rows along; a
///   section's supplementary row appears and disappears with its first and last item when
///   empty sections hide its kind.
@MainActor
final class ListUpdater {
    let host: any ListHost
    /// The host as one with sections of its own, if it has them.
    private let sectionHost: (any SectionSplicing)?
    /// The host as one that takes many splices at once, if it does.
    let batchingHost: (any SpliceBatching)?
    /// The host as one that reorders its rows at once, if it does.
    private let reorderingHost: (any RowReordering)?
    let factory: RowFactory
    let rowMap = RowMap()
    var configuration: ListConfiguration
    /// When set, item updates call it instead of refreshing the row.
    var reloadRow: ((IndexPath, Any) -> Void)?
    /// Told about every bound row refreshed in place.
    var refreshObserver: ((BoundRow) -> Void)?
    /// One refresh per row and frame in an update storm.
    private let coalescing: RefreshCoalescing
    /// The order of the supplementary kinds the list shows; the row map follows it at the next
    /// reload, or at once while it has no sections.
    var arrangement = SupplementaryArrangement() {
        didSet { rowMap.adopt(arrangement) }
    }

    init(host: any ListHost, factory: RowFactory, configuration: ListConfiguration) {
        self.host = host
        sectionHost = host as? any SectionSplicing
        batchingHost = host as? any SpliceBatching
        reorderingHost = host as? any RowReordering
        self.factory = factory
        self.configuration = configuration
        coalescing = RefreshCoalescing(on: host.widget)
        coalescing.refreshWaitingRow = { [unowned self] row in refreshWaiting(row) }
    }

    // MARK: - Change sets

    /// Applies a change set run by run, calling `willApply` before each run. The storage
    /// mirror reads models through the entries not applied yet meanwhile. A host that takes
    /// splices at once gets each series of a section's insertions or removals in one call; a
    /// host that reorders its rows at once gets a re-sorted section's new order in one call,
    /// any other host its moves. `updatingItemsOnly` says the change set's entries are all item
    /// updates (``ChangeSet/updatesItemsOnly``, which the caller has read).
    func apply(_ changes: ChangeSet, updatingItemsOnly: Bool, willApply: (ChangeRun) -> Void) {
        if updatingItemsOnly { return applyItemUpdates(changes, willApply: willApply) }
        // A re-sort that a host takes as moves (the list box) shows at once: a hundred rows
        // sliding through one another read as noise, and GtkTreeView shows a sort at once too.
        if reorderingHost == nil, let animating = host as? any RowAnimating, changes.segments.contains(where: \.isReordering) {
            animating.withoutAnimation { applyRuns(of: changes.expandingReorderings(), willApply: willApply) }
        } else {
            applyRuns(of: reorderingHost == nil ? changes.expandingReorderings() : changes, willApply: willApply)
        }
    }

    private func applyRuns(of changes: ChangeSet, willApply: (ChangeRun) -> Void) {
        var changes = changes
        // A host without batched splices takes a filter's runs one at a time, as runs.
        if batchingHost == nil { changes = changes.expandingSplices() }
        rowMap.mirror?.beginApplying(changes)
        defer { rowMap.mirror?.endApplying() }
        var pending = PendingSplices()
        for run in ChangeRun.runs(of: changes) {
            willApply(run)
            if batchingHost != nil, gather(run, into: &pending) { continue }
            flush(&pending)
            apply(run)
        }
        flush(&pending)
    }

    /// Applies a change set of item updates only (a feed's `replaceItem`s, one or a batch):
    /// each refreshes its row if one is bound. No runs to build and no entries for the storage
    /// mirror to read past: an update moves no item (CONTRIBUTING, Hot paths: 24).
    private func applyItemUpdates(_ changes: ChangeSet, willApply: (ChangeRun) -> Void) {
        defer { factory.releasePreparedRows() }
        for segment in changes.segments {
            guard let (indexPath, model) = segment.itemUpdate else { continue }
            willApply(.single(.updateItem(at: indexPath, model: model)))
            rowMap.recordUpdate(model, at: indexPath)
            updateItem(at: indexPath, with: model)
        }
    }

    /// Applies a run of entries: merged item insertions or deletions as one splice of the
    /// layout and of the host's positions.
    func apply(_ run: ChangeRun) {
        switch run {
        case let .single(change):
            apply(change)
        case let .insertItems(models, indexPath):
            defer { factory.releasePreparedRows() }
            rowMap.insertItems(models, at: indexPath)
            host.insertRows(at: rowMap.position(of: indexPath), count: models.count)
            reconcileSupplementaryRows(inSection: indexPath.section)
        case let .deleteItems(items, section):
            defer { factory.releasePreparedRows() }
            let first = rowMap.position(of: IndexPath(item: items.lowerBound, section: section))
            host.removeRows(at: first..<first + items.count)
            rowMap.removeItems(items, inSection: section)
            reconcileSupplementaryRows(inSection: section)
        case let .reorderItems(reordering):
            // Only a reordering host gets reorderings (see `apply(_:willApply:)`).
            let first = rowMap.position(of: IndexPath(item: 0, section: reordering.section))
            rowMap.reorderItems(reordering)
            reorderingHost?.reorderRows(startingAt: first, reordering)
        case let .spliceItems(splices):
            // Only a batching host gets splices (see `apply(_:willApply:)`).
            apply(splices)
        }
    }

    func apply(_ change: StorageChange) {
        defer { factory.releasePreparedRows() }
        switch change {
        case let .insertSection(section, supplements):
            rowMap.insertSection(RowMap.Section(supplements: supplements), at: section)
            sectionHost?.insertSections(at: section, count: 1)
            reconcileSupplementaryRows(inSection: section)
        case let .deleteSection(section):
            let start = rowMap.start(of: section)
            host.removeRows(at: start..<start + rowMap.sections[section].rowCount)
            rowMap.removeSection(at: section)
            sectionHost?.removeSections(at: section..<section + 1)
        case let .moveSection(from, to):
            moveSection(from: from, to: to)
        case let .updateSection(section, supplements):
            rowMap.setSupplements(supplements, ofSection: section)
            reconcileSupplementaryRows(inSection: section, refreshing: true)
        case let .insertItem(indexPath, model):
            rowMap.insertItems(ModelRun([model]), at: indexPath)
            host.insertRows(at: rowMap.position(of: indexPath), count: 1)
            reconcileSupplementaryRows(inSection: indexPath.section)
        case let .deleteItem(indexPath):
            let position = rowMap.position(of: indexPath)
            host.removeRows(at: position..<position + 1)
            rowMap.removeItems(indexPath.item..<indexPath.item + 1, inSection: indexPath.section)
            reconcileSupplementaryRows(inSection: indexPath.section)
        case let .moveItem(from, to):
            moveItem(from: from, to: to)
        case let .updateItem(indexPath, model):
            rowMap.setModel(model, at: indexPath)
            updateItem(at: indexPath, with: model)
        }
    }

    // MARK: - Reload

    /// Replaces every row with rows for `storage`'s current content, as `observer` (the
    /// manager) sees it: one removal and one insertion of the host's positions. The row map
    /// reads the models through a ``StorageMirror`` when the storage allows, else copies them.
    func reload(from storage: any Storage, seenBy observer: any StorageObserver) {
        if host.rowCount > 0 { host.removeRows(at: 0..<host.rowCount) }
        if rowMap.sectionCount > 0 { sectionHost?.removeSections(at: 0..<rowMap.sectionCount) }
        let mirror = StorageMirror(of: storage, seenBy: observer)
        let supplementary = storage as? any SupplementaryStorage
        var sections: [RowMap.Section] = []
        sections.reserveCapacity(storage.numberOfSections)
        for section in 0..<storage.numberOfSections {
            var entry = RowMap.Section(itemCount: storage.numberOfItems(inSection: section))
            if mirror == nil {
                // A copy of its own, not the storage's array (CONTRIBUTING, Hot paths: 8).
                entry.items = storage.models(inSection: section).withUnsafeBufferPointer { Array($0) }
            }
            for kind in arrangement.kinds {
                if let model = supplementary?.supplementaryModel(ofKind: kind, inSection: section) {
                    entry.supplements[kind] = model
                }
            }
            sections.append(entry)
        }
        rowMap.reset(sections, mirror: mirror, arrangement: arrangement)
        if !sections.isEmpty { sectionHost?.insertSections(at: 0, count: sections.count) }
        for section in sections.indices {
            for slot in arrangement.kinds.indices where shouldShow(slot: slot, inSection: section) {
                rowMap.setShows(slot: slot, true, inSection: section)
            }
        }
        if rowMap.rowCount > 0 { host.insertRows(at: 0, count: rowMap.rowCount) }
        factory.releasePreparedRows()
    }

    // MARK: - Entries

    private func moveItem(from: IndexPath, to: IndexPath) {
        let source = rowMap.position(of: from)
        if configuration.animateMoveAsDeleteAndInsert {
            host.removeRows(at: source..<source + 1)
            rowMap.moveItem(from: from, to: to)
            host.insertRows(at: rowMap.position(of: to), count: 1)
        } else {
            rowMap.moveItem(from: from, to: to)
            host.moveRow(from: source, to: rowMap.position(of: to))
        }
        reconcileSupplementaryRows(inSection: from.section)
        if to.section != from.section { reconcileSupplementaryRows(inSection: to.section) }
    }

    private func moveSection(from: Int, to: Int) {
        let count = rowMap.sections[from].rowCount
        let source = rowMap.start(of: from)
        rowMap.moveSection(from: from, to: to)
        if let sectionHost {
            sectionHost.moveSection(from: from, to: to, rows: source..<source + count, toPosition: rowMap.start(of: to))
        } else {
            host.moveRowByRow(source..<source + count, toPosition: rowMap.start(of: to))
        }
    }

    /// Shows `model` at `indexPath`, recorded in the row map already.
    private func updateItem(at indexPath: IndexPath, with model: Any) {
        let position = rowMap.position(of: indexPath)
        let row = host.boundRow(at: position)
        if let reloadRow {
            row?.model = factory.unwrappedModel(model) ?? model
            reloadRow(indexPath, model)
            return
        }
        guard let row, !coalescing.defersRefresh(of: row) else { return }  // unbound: bound later, from the model just recorded
        refresh(row, with: model, at: indexPath, position: position)
    }

    private func refresh(_ row: BoundRow, with model: Any, at indexPath: IndexPath, position: Int) {
        if factory.refresh(row, with: model, at: indexPath) {
            refreshObserver?(row)
        } else {
            host.rebindRow(at: position)
        }
    }

    /// A row whose refresh waited for the frame shows the model it holds now, if it is still an
    /// item's row.
    private func refreshWaiting(_ row: BoundRow) {
        guard let position = host.position(of: row), let location = rowMap.location(ofPosition: position),
            location.role == .item, let model = rowMap.model(at: location)
        else { return }
        refresh(row, with: model, at: location.indexPath, position: position)
    }

    // MARK: - Supplementary rows

    /// Whether the section's supplementary row in `slot` belongs in the list: it has a model
    /// that a mapping can show, and items or a configuration that shows its kind on empty
    /// sections.
    private func shouldShow(slot: Int, inSection section: Int) -> Bool {
        let entry = rowMap.sections[section]
        let kind = rowMap.arrangement.kinds[slot]
        guard let model = supplementaryModel(kind, of: entry), !entry.isUnmapped(slot: slot) else { return false }
        guard entry.itemCount > 0 || configuration.displaysOnEmptySection(kind) else { return false }
        guard factory.canMakeSupplementaryRow(.supplementary(kind), for: model, section: section) else {
            rowMap.markUnmapped(slot: slot, inSection: section)
            return false
        }
        return true
    }

    private func supplementaryModel(_ kind: SupplementaryKind, of section: RowMap.Section) -> Any? {
        section.supplements[kind].flatMap(factory.unwrappedModel)
    }

    /// Brings the section's supplementary rows in line with its models and item count, in the
    /// arrangement's order: inserts or removes their positions, or (when `refreshing`)
    /// refreshes bound ones in place.
    func reconcileSupplementaryRows(inSection section: Int, refreshing: Bool = false) {
        for (slot, kind) in rowMap.arrangement.kinds.enumerated() {
            let shows = rowMap.sections[section].shows(slot: slot)
            guard shows || !rowMap.sections[section].isUnmapped(slot: slot) else { continue }
            let position = rowMap.position(ofSlot: slot, inSection: section)
            let belongs = shouldShow(slot: slot, inSection: section)
            switch (shows, belongs) {
            case (true, true):
                guard refreshing, let row = host.boundRow(at: position),
                    let model = supplementaryModel(kind, of: rowMap.sections[section])
                else { continue }
                if factory.refresh(row, with: model, at: IndexPath(item: 0, section: section)) {
                    refreshObserver?(row)
                } else {
                    host.rebindRow(at: position)
                }
            case (true, false):
                host.removeRows(at: position..<position + 1)
                rowMap.setShows(slot: slot, false, inSection: section)
            case (false, true):
                // The row map first: the host binds the new position at once, or later.
                rowMap.setShows(slot: slot, true, inSection: section)
                host.insertRows(at: rowMap.position(ofSlot: slot, inSection: section), count: 1)
            case (false, false):
                continue
            }
        }
    }
}
