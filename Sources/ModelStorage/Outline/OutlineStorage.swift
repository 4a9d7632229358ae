import Dispatch

/// A storage of trees: each section shows an ``OutlineSnapshot``, its rows the outline's visible
/// items, as a section snapshot shows in Apple's diffable data sources.
///
/// ```swift
/// let storage = OutlineStorage<String, FileItem>()
/// var outline = OutlineSnapshot<FileItem>()
/// outline.append([home, etc])
/// outline.append(homeFolders, to: home)
/// storage.apply(outline, to: "Places")      // a new section at the end
/// storage.expand([home])                     // its children's rows are inserted
/// ```
///
/// Semantics:
/// - **Rows.** The model of a row is the item itself. Reading a row (``item(at:)``) costs
///   O(depth × log children): nothing is flattened, so a section of a million visible rows
///   costs what its outline costs.
/// - **Expand and collapse** insert or delete the rows they show or hide, at once, as one
///   update of one run each (a ``ChangeSet/Segment``): a million children cost the list what
///   a handful of rows does, and their models are read only for the rows a host shows.
///   Collapsing keeps the flags of the items under it.
/// - **Apply** diffs the section's rows by identity (inserts, deletes, the fewest moves, an
///   update for an item whose content changed). Items the section showed keep the expansion they
///   had there: a refreshed tree does not close what the user opened. An item that moved to
///   another parent is a move; a row whose item changed level is also an update (refreshed in
///   place at its new level), even where its place among the rows stayed.
/// - The anomalies an applied outline recorded go to ``anomalyHandler``, as do expand and
///   collapse of missing items (which change nothing). An item named twice in one call counts
///   once.
/// - **Threads.** Every call that changes the storage checks that it runs on the main actor; off
///   it, the process stops with a message that names the call and the thread (see
///   ``MainActorConfinement``).
@MainActor
public final class OutlineStorage<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: BroadcastingStorage {
    /// Where refusals are reported.
    public let anomalyHandler = AnomalyHandler<SnapshotAnomaly>()
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()
    /// The recorder of the undo history tracking the storage (see `OutlineStorage+Undo`).
    package weak var undoReporter: UndoRecorder?

    private(set) var sectionIDs: [SectionID] = []
    var outlines: [OutlineSnapshot<ItemID>] = []
    var recorder = TransactionRecorder()
    /// The background reads of children under way, by item.
    var loads: [SnapshotKey: OutlineLoadCancellation] = [:]
    /// Items a restored expansion opens once they arrive (children read lazily), in the order
    /// the state named them (see ``restoreExpansion(_:)``).
    var pendingExpansion: [SnapshotKey: ItemID] = [:]
    /// Who waits for an item's children to be read (``reveal(_:under:)``), by item: resumed when
    /// the read ends, however it ends.
    var childrenWaiters: [SnapshotKey: [CheckedContinuation<Void, Never>]] = [:]
    /// Where background reads of children run, several at once.
    let loadQueue = DispatchQueue(label: "ModelStorage.OutlineStorage.children", qos: .userInitiated, attributes: .concurrent)

    /// How the children of items marked unloaded are read on their first expand; nil leaves
    /// them empty.
    public var childrenProvider: OutlineChildrenProvider<ItemID>? {
        didSet { checkConfinement() }
    }

    /// The filter the rows show under; nil shows every item (see
    /// ``setFilter(_:execution:completion:)``).
    public internal(set) var filter: ItemFilter?
    /// New filters, scanned one at a time off the main thread, the newest superseding the others.
    lazy var filterScans = SupersedingScans<ItemFilter?, [[Bool]]>(
        label: "ModelStorage.OutlineStorage.filter", handOff: handOff,
        // Weak: a completion may let the storage go while the scheduler finishes its turn.
        work: { [weak self] filter, cancellation in
            // Clearing the filter needs no scan.
            guard let filter, let items = self?.outlines.map(\.tree.items) else { return nil }
            return { Self.passes(of: items, filter: filter, cancellation: cancellation) }
        },
        apply: { [weak self] filter, passes in self?.applyFilter(filter, passes: passes) })
    /// How the scans of new filters reach the main actor.
    private let handOff: any MainActorHandOff
    /// The sort every level follows; nil keeps the order the outlines give.
    var sorting: OutlineSorting<ItemID>?
    /// New sorts, ranked one at a time off the main thread, the newest superseding the others.
    lazy var sortScans = SupersedingScans<OutlineSorting<ItemID>?, [SortedOutline<ItemID>]>(
        label: "ModelStorage.OutlineStorage.sort", handOff: handOff,
        work: { [weak self] sorting, _ in
            // Stopping the sort moves nothing.
            guard let sorting, let trees = self?.outlines.map(\.tree) else { return nil }
            return { Self.sortedSections(trees, by: sorting) }
        },
        apply: { [weak self] sorting, sections in self?.applySort(sorting, sections: sections) })

    /// An empty storage.
    ///
    /// - Parameter handOff: how the scans of a new filter reach the main actor. The default
    ///   uses a `Task { @MainActor in … }`; a GTK application passes `GLibMainActorHandOff()`.
    public init(handOff: any MainActorHandOff = TaskMainActorHandOff()) {
        self.handOff = handOff
    }

    /// The outline of `section`, to edit and apply again; empty for a section not shown.
    public func outline(of section: SectionID) -> OutlineSnapshot<ItemID> {
        sectionIDs.firstIndex(of: section).map { outlines[$0] } ?? OutlineSnapshot()
    }

    /// The sections, in order.
    public var sections: [SectionID] { sectionIDs }

    /// The index path of the row `item` shows; nil when hidden or absent.
    public func indexPath(of item: ItemID) -> IndexPath? {
        for (section, outline) in outlines.enumerated() {
            if let row = outline.index(of: item) { return IndexPath(item: row, section: section) }
        }
        return nil
    }

    /// The outline of the section at `index`, for what a row's item is in its tree (its
    /// level, whether it is expanded).
    public func outline(atSection index: Int) -> OutlineSnapshot<ItemID>? {
        outlines.indices.contains(index) ? outlines[index] : nil
    }

    // MARK: - Changing

    /// Shows `outline` in `section` (a new section at the end when there is none), diffed
    /// against the rows the section showed.
    public func apply(_ outline: OutlineSnapshot<ItemID>, to section: SectionID) {
        checkConfinement()
        var applied = outline
        for anomaly in applied.anomalies { anomalyHandler.report(anomaly) }
        applied.anomalies = []
        keepSorted(&applied)
        recorder.begin()
        if let index = sectionIDs.firstIndex(of: section) {
            applied.takeExpansion(from: outlines[index])
            applied.takeLoadedChildren(from: outlines[index])
            applied.openedByFilter = outlines[index].openedByFilter
            // A copy taken under another filter (or none) shows under this storage's.
            if filter != nil || applied.tree.filter != nil { applied.filter(by: filter, opensAncestors: false) }
            let old = outlines[index].visibleRows
            outlines[index] = applied
            openArrivedItems(inSection: index)
            readChildrenOfOpenUnreadItems(inSection: index)
            recordDiff(from: old, inSection: index)
        } else {
            if filter != nil || applied.tree.filter != nil { applied.filter(by: filter, opensAncestors: true) }
            sectionIDs.append(section)
            outlines.append(applied)
            let index = outlines.count - 1
            openArrivedItems(inSection: index)
            readChildrenOfOpenUnreadItems(inSection: index)
            recorder.record(.insertSection(index))
            recorder.recordInsertion(
                of: ModelRun(outlines[index].visibleRows.map(model(of:))), at: IndexPath(item: 0, section: index))
        }
        deliver()
    }

    /// Removes `section` and its rows.
    public func deleteSection(_ section: SectionID) {
        checkConfinement()
        guard let index = sectionIDs.firstIndex(of: section) else { return }
        sectionIDs.remove(at: index)
        outlines.remove(at: index)
        recorder.begin()
        recorder.record(.deleteSection(index))
        deliver()
    }

    /// Expands `items`: the rows of their children (and of the children's expanded
    /// descendants) are inserted below them. An item named twice opens once. An item a filter
    /// opened becomes the user's: it stays open when the filter goes.
    public func expand(_ items: [ItemID]) {
        checkConfinement()
        setExpanded(true, items)
    }

    /// Collapses `items`: the rows under them are deleted; the items under them keep their flags.
    /// An item named twice closes once.
    public func collapse(_ items: [ItemID]) {
        checkConfinement()
        setExpanded(false, items)
    }

    /// Whether `item` is expanded in its section's outline.
    public func isExpanded(_ item: ItemID) -> Bool {
        outlines.contains { $0.isExpanded(item) }
    }

    private func setExpanded(_ expanded: Bool, _ items: [ItemID]) {
        // Each item's identity made and looked up once: making one costs dynamic casts.
        var changing: [(section: Int, node: Int, item: ItemID)] = []
        let readsChildren = expanded && childrenProvider != nil
        var readChildren = false
        var named = Set<SnapshotKey>()
        for item in items {
            let key = SnapshotKey(item)
            // An item named twice means it once: its rows are inserted or deleted once.
            guard named.insert(key).inserted else { continue }
            guard let (section, node) = place(of: item) else {
                let operation: SnapshotOperation = expanded ? .expand : .collapse
                anomalyHandler.report(.itemsNotFound(operation: operation, identifiers: [String(describing: item)]))
                continue
            }
            // The user's word now: clearing the filter leaves it as the user set it.
            outlines[section].openedByFilter[key] = nil
            guard outlines[section].tree[node].isExpanded != expanded else { continue }
            // Children not read yet are read (or start loading) while the item is still closed;
            // the items after it may be among them.
            if readsChildren, outlines[section].tree[node].childrenState == .unloaded {
                readChildrenIfNeeded(of: item, inSection: section)
                readChildren = true
            }
            changing.append((section, node, item))
        }
        recorder.begin()
        for section in Set(changing.map(\.section)).sorted() {
            let entries = changing.filter { $0.section == section }
            // Looked up again after a read: it may have replaced nodes met before.
            let nodes = readChildren ? entries.compactMap { outlines[section].node(of: $0.item) } : entries.map(\.node)
            if expanded { open(nodes, inSection: section) } else { close(nodes, inSection: section) }
        }
        deliver()
    }

    /// The section and node of the item with `item`'s identity.
    func place(of item: ItemID) -> (section: Int, node: Int)? {
        for section in outlines.indices {
            if let node = outlines[section].node(of: item) { return (section, node) }
        }
        return nil
    }

    /// Opens `nodes` and records the rows they show, one run per block of rows: the blocks are
    /// read in the final state and inserted top to bottom, each at its final row, all reading
    /// their models from one copy of the outline.
    private func open(_ nodes: [Int], inSection section: Int) {
        for node in nodes { outlines[section].tree.setExpanded(true, node) }
        for block in outlines[section].rowBlocks(under: nodes) {
            recorder.recordInsertion(
                of: visibleRun(inSection: section, from: block.row + 1, count: block.count),
                at: IndexPath(item: block.row + 1, section: section))
        }
    }

    /// Closes `nodes` and records the rows they hide, bottom to top so each index holds.
    private func close(_ nodes: [Int], inSection section: Int) {
        let blocks = outlines[section].rowBlocks(under: nodes)
        for node in nodes { outlines[section].tree.setExpanded(false, node) }
        for node in nodes { cancelReading(ofNode: node, inSection: section) }
        for block in blocks.reversed() {
            recorder.recordDeletion(of: block.row + 1..<block.row + 1 + block.count, inSection: section)
        }
    }

    /// Stops the process with a message naming `call` when it runs off the main actor; see
    /// ``MainActorConfinement``. Every entry point that changes the storage calls it once.
    func checkConfinement(_ call: StaticString = #function) {
        MainActorConfinement.check("OutlineStorage.\(call) was called")
    }

    func deliver() {
        // A filter's or a sort's scan read the outlines as they were.
        filterScans.stateDidChange()
        sortScans.stateDidChange()
        if let update = recorder.end() { broadcaster.deliver(update, from: self) }
    }

    // MARK: - Storage

    public var numberOfSections: Int { outlines.count }

    public func numberOfItems(inSection section: Int) -> Int {
        outlines.indices.contains(section) ? outlines[section].visibleCount : 0
    }

    /// The item shown at `indexPath`, or an ``OutlineChildrenStatus`` for the row under an item
    /// whose children are loading or failed to load.
    public func item(at indexPath: IndexPath) -> Any? {
        guard let (section, row) = sectionAndRow(of: indexPath) else { return nil }
        return outlines[section].row(at: row).map(model(of:))
    }

    /// The section and row `indexPath` addresses; nil when it is no item's index path (not two
    /// indices, or a negative one) or its section is not shown. Every call that takes an index
    /// path reads it through here, never its first two indices blindly.
    func sectionAndRow(of indexPath: IndexPath) -> (section: Int, row: Int)? {
        guard indexPath.isItemPosition, outlines.indices.contains(indexPath.section) else { return nil }
        return (indexPath.section, indexPath.item)
    }

    public var openTransactionUpdate: StorageUpdate? { recorder.pendingUpdate }
}
