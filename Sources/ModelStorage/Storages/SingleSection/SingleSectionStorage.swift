/// A storage of one section of ``Diffable`` items whose every change is diffed.
///
/// Hand over the items you want to show; observers receive the fewest inserts, deletes and
/// moves that get there, and an in-place update for each item whose content changed.
///
/// ```swift
/// let storage = SingleSectionStorage<Package>()
/// storage.setItems(packages)                                  // diffed against the old ones
/// storage.addItems(updatedPackages, strategy: .updateOldValues) // updates in place, appends new
/// ```
///
/// Unlike DTModelStorage's `SingleSectionStorage`, changes are transactions like
/// ``MemoryStorage``'s: inside ``performUpdates(_:)`` every call applies at once, and observers
/// receive one change set when the outermost transaction ends: the diff between the items at
/// its start and at its end, so intermediate states cost nothing on screen.
///
/// Identifiers should be unique. When the new items repeat one, nothing is dropped: every item
/// is kept and ``StorageAnomaly/duplicateIdentifiers(kind:count:)`` is reported.
@MainActor
public final class SingleSectionStorage<Item: Diffable>: BroadcastingStorage {
    /// The items, in order. Setting them is ``setItems(_:)``.
    public var items: [Item] {
        get { currentItems }
        set { setItems(newValue) }
    }

    /// Where duplicate identifiers are reported.
    public let anomalyHandler = AnomalyHandler<StorageAnomaly>()

    private var currentItems: [Item]
    /// The items when the outermost open transaction began.
    private var itemsAtTransactionStart: [Item] = []
    private var depth = 0
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()

    /// A storage holding `items` (nothing is reported for them).
    public init(items: [Item] = []) {
        currentItems = items
    }

    // MARK: - Storage

    /// Always 1: the section exists even when it is empty.
    public var numberOfSections: Int { 1 }

    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? currentItems.count : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        guard indexPath.count == 2, indexPath.section == 0, currentItems.indices.contains(indexPath.item) else { return nil }
        return currentItems[indexPath.item]
    }

    /// Inside an open transaction the items changed in ways no entry records yet (the diff comes
    /// at its end): that part reads as a reload.
    public var openTransactionUpdate: StorageUpdate? { depth > 0 ? .reload : nil }

    // MARK: - Changes

    /// Replaces the items; observers receive the diff.
    public func setItems(_ newItems: [Item]) {
        performUpdates {
            reportDuplicates(in: newItems)
            currentItems = newItems
        }
    }

    /// Adds `newItems` merged by `strategy` (see ``AccumulationStrategy``); observers receive
    /// the diff.
    public func addItems(_ newItems: [Item], strategy: some AccumulationStrategy = .additive) {
        setItems(strategy.accumulate(oldItems: currentItems, newItems: newItems))
    }

    /// Runs `updates` as one transaction: observers receive a single change set, the diff
    /// between the items before and after, when the outermost transaction ends (even if
    /// `updates` throws: what was applied is reported).
    public func performUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
        MainActorConfinement.check("SingleSectionStorage was mutated")
        if depth == 0 { itemsAtTransactionStart = currentItems }
        depth += 1
        defer { endTransaction() }
        try updates()
    }

    private func endTransaction() {
        depth -= 1
        guard depth == 0 else { return }
        let old = itemsAtTransactionStart
        let new = currentItems
        itemsAtTransactionStart = []
        let script = Differ().script(from: old, to: new)
        guard !script.isEmpty else { return }
        broadcaster.deliver(.changes(script.changeSet(item: { new[$0.item] })), from: self)
    }

    /// Reports how many items repeat an identifier of an item before them.
    private func reportDuplicates(in items: [Item]) {
        var seen = Set<Item.DiffIdentifier>(minimumCapacity: items.count)
        let duplicates = items.count { !seen.insert($0.diffIdentifier).inserted }
        if duplicates > 0 {
            anomalyHandler.report(.duplicateIdentifiers(kind: .items, count: duplicates))
        }
    }
}
