import Dispatch

/// A storage that keeps its items sorted, unique by identity, and optionally in sections, and
/// diffs every change on a background queue (the T21TableViewDataSource model, without its bugs).
///
/// ```swift
/// let storage = SortedStorage<Package, String>(
///     sortedBy: { $0.name < $1.name },
///     sectionedBy: { $0.section },          // one section per Debian section, in key order
///     sectionHeader: { $0 })                // a header row titled with the key
/// storage.reset(packages)
/// storage.setComparator({ $0.installedSize > $1.installedSize })   // rows move, none rebuilt
/// ```
///
/// ## Order and identity
/// - Sections are the distinct section keys of the items, ascending; a section exists while it
///   holds items. ``init(sortedBy:handOff:)`` makes a storage without sections (one section).
/// - Within a section items follow the comparator. Items it finds equal keep the order in which
///   their identities entered the storage (a storage-wide sequence, in call order and, within a
///   batch, in batch order; an upsert of a stored identity keeps its place in that sequence), so
///   the order is total and deterministic.
/// - Identities (``Diffable/diffIdentifier``) are unique. An upsert of a stored identity replaces
///   the item: a content change in place is an update (the row refreshes), a new position a
///   move. A batch that repeats an identity keeps the *last* occurrence and reports
///   ``StorageAnomaly/duplicateIdentifiers(kind:count:)``.
/// - Upserts that only give stored items new values in their sections are merged, not diffed:
///   observers receive one ``ItemReordering`` per section whose order changed, then the updates.
///
/// ## Threading
/// Everything is main-actor bound except the work: each change is applied and diffed on a serial
/// background queue, one job at a time, in call order (changes requested while a job runs are
/// applied together by the next job, as one change set). The result, a new state and its
/// ``EditScript`` (both `Sendable`), comes back through the ``MainActorHandOff``; it is applied
/// only if the storage did not change meanwhile, otherwise it is recomputed from the current
/// state. Completions run after the observers (a manager) have applied the change: the list
/// has its positions and models. A host that binds on demand (a virtualized one) binds the
/// rows on screen at its next frame; call `ListManager.layoutIfNeeded()` in the completion to
/// find them bound at once. Reads (``items``, lookups, the ``Storage`` requirements) always see the
/// state observers were last told about.
///
/// Every change can also run `.immediate`ly on the main actor: for small changes, initial
/// content, or tests. An immediate change applies at once, *ahead of* background changes that
/// are still queued; those then apply on top of it, and a job already running is recomputed.
@MainActor
public final class SortedStorage<Item: Diffable & Sendable, SectionKey: Hashable & Comparable & Sendable>:
    SupplementaryStorage, BroadcastingStorage
where Item.DiffIdentifier: Sendable {
    /// Whether `lhs` sorts before `rhs`; must be a strict weak ordering, like `<`.
    public typealias Comparator = @Sendable (Item, Item) -> Bool
    /// Called on the main actor once a change is applied and observers have seen it.
    public typealias Completion = @MainActor () -> Void

    /// Where a change is applied and diffed (in the background, in call order).
    public typealias Execution = StorageExecution

    /// The header model of each section, from its key; nil for no header. Setting it refreshes
    /// every header.
    public var sectionHeader: ((SectionKey) -> Any?)? {
        didSet { refreshSupplements() }
    }

    /// The models of other supplementary kinds (a footer, a summary, …) of each section, from
    /// its key, by kind; nil for none. Setting it refreshes every section's supplements.
    public var sectionSupplementaries: [SupplementaryKind: (SectionKey) -> Any?] = [:] {
        didSet { refreshSupplements() }
    }

    /// Where duplicate identities in a batch and removals of absent identities are reported.
    public let anomalyHandler = AnomalyHandler<StorageAnomaly>()

    typealias State = SortedState<Item, SectionKey>

    /// The state observers were last told about.
    var state: State
    /// The next insertion sequence to hand out.
    var nextSequence: UInt64 = 0
    /// Background changes not yet sent to the queue, in call order.
    var pending: [PendingChange] = []
    /// The changes of the job on the queue, if one is running.
    var inFlight: [PendingChange]?
    /// How many results came back stale and were recomputed.
    package var staleResultCount: Int { jobs.staleResultCount }

    /// The background diffs, one at a time, and their stale check.
    let jobs: BackgroundJobScheduler
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()
    /// The recorder of the undo history tracking the storage (see `SortedStorage+Undo`).
    package weak var undoReporter: UndoRecorder?

    struct PendingChange {
        let operation: SortedOperation<Item>
        let completion: Completion?
        /// The user action that asked for the change, when an undo history records it.
        var action: UndoActionToken?
    }

    /// An empty storage sorted by `comparator`, in sections by `sectionKey`.
    ///
    /// - Parameters:
    ///   - comparator: the order within a section (ties: see "Order and identity").
    ///   - sectionKey: an item's section; sections are ordered by key.
    ///   - sectionHeader: the header model of a section, from its key.
    ///   - handOff: how background results reach the main actor. The default uses a
    ///     `Task { @MainActor in … }`; a GTK application passes `GLibMainActorHandOff()`.
    public init(
        sortedBy comparator: @escaping Comparator,
        sectionedBy sectionKey: @escaping @Sendable (Item) -> SectionKey,
        sectionHeader: ((SectionKey) -> Any?)? = nil,
        handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) {
        state = State(comparator: comparator, sectionKey: sectionKey)
        self.sectionHeader = sectionHeader
        jobs = BackgroundJobScheduler(queue: DispatchQueue(label: "ModelStorage.SortedStorage", qos: .userInitiated), handOff: handOff)
    }

    // MARK: - Reading

    /// Every item, sections one after the other, each in order.
    public var items: [Item] { state.entries.map(\.item) }

    /// The number of items.
    public var count: Int { state.entries.count }

    /// The key of each section, ascending.
    public var sectionKeys: [SectionKey] { state.sectionKeys }

    /// The items of `section`, in order; empty when there is no such section.
    public func items(inSection section: Int) -> [Item] {
        guard state.sectionKeys.indices.contains(section) else { return [] }
        return state.sectionRange(section).map { state.entries[$0].item }
    }

    /// The item with `identifier`, or nil.
    public func item(withIdentifier identifier: Item.DiffIdentifier) -> Item? {
        state.position(of: identifier).map { state.entries[$0].item }
    }

    /// Where the item with `identifier` is, or nil.
    public func indexPath(ofIdentifier identifier: Item.DiffIdentifier) -> IndexPath? {
        state.position(of: identifier).map(state.indexPath(ofFlatIndex:))
    }

    /// Whether an item with `identifier` is stored.
    public func contains(identifier: Item.DiffIdentifier) -> Bool {
        state.position(of: identifier) != nil
    }

    /// True while background changes are queued or being diffed.
    public var hasPendingChanges: Bool { inFlight != nil || !pending.isEmpty }

    // MARK: - Storage

    public var numberOfSections: Int { state.sectionKeys.count }

    public func numberOfItems(inSection section: Int) -> Int {
        state.sectionKeys.indices.contains(section) ? state.sectionRange(section).count : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        state.flatIndex(of: indexPath).map { state.entries[$0].item }
    }

    public func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        guard state.sectionKeys.indices.contains(section) else { return nil }
        return keyedSupplements.model(ofKind: kind, forKey: state.sectionKeys[section])
    }

    /// The supplements section inserts and updates carry: the header and the other kinds of a
    /// section of `state`.
    func supplements(of state: State, section: Int) -> SectionSupplements {
        keyedSupplements.supplements(forKey: state.sectionKeys[section])
    }

    private var keyedSupplements: KeyedSupplements<SectionKey> {
        KeyedSupplements(header: sectionHeader, others: sectionSupplementaries)
    }

    private func refreshSupplements() {
        guard !state.sectionKeys.isEmpty else { return }
        broadcaster.deliver(.changes(keyedSupplements.refreshing(state.sectionKeys)), from: self)
    }
}

extension SortedStorage where SectionKey == Unsectioned {
    /// An empty storage without sections, sorted by `comparator`: it shows one section while it
    /// holds items.
    public convenience init(sortedBy comparator: @escaping Comparator, handOff: any MainActorHandOff = TaskMainActorHandOff()) {
        self.init(sortedBy: comparator, sectionedBy: { _ in .all }, handOff: handOff)
    }
}
