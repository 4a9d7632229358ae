/// A storage driven by whole ``ListSnapshot``s: hand it the new state, and its observers receive
/// the minimal ordered changes from the state shown, as with Apple's diffable data sources.
///
/// ```swift
/// let storage = SnapshotStorage<Category, Package>(headerModel: { $0.title })
/// var snapshot = storage.snapshot()
/// snapshot.appendSections([.admin])
/// snapshot.appendItems(packages, toSection: .admin)
/// storage.apply(snapshot)                       // inserts, deletes, moves, in-place updates
/// ```
///
/// Semantics:
/// - The model of an item row is the item identifier itself; sections show the header and footer
///   models the providers give for their identifier.
/// - ``apply(_:completion:)`` diffs by identity (see ``ListSnapshot``): inserts, deletes and the
///   fewest moves; an update for each item whose content changed and for each reconfigured item
///   (its row is refilled in place); a delete and an insert for each reloaded item (a new row);
///   a delete and an insert of each reloaded section with all its items (new header, footer and
///   item rows); an update for each section whose header or footer model changed.
/// - ``applyUsingReloadData(_:completion:)`` replaces the state without a diff: observers reload.
/// - The anomalies the applied snapshot recorded are reported to ``anomalyHandler``. The snapshot
///   the storage then keeps (``snapshot()``) has no marks and no anomalies.
@MainActor
public final class SnapshotStorage<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    SupplementaryStorage, BroadcastingStorage
{
    /// Where the refusals recorded in applied snapshots are reported.
    public let anomalyHandler = AnomalyHandler<SnapshotAnomaly>()

    /// The header model of a section, or nil for none. Setting it refreshes the headers shown.
    public var headerModel: ((SectionID) -> Any?)? {
        didSet { refreshSupplements() }
    }

    /// The footer model of a section, or nil for none. Setting it refreshes the footers shown.
    public var footerModel: ((SectionID) -> Any?)? {
        didSet { refreshSupplements() }
    }

    private var current = ListSnapshot<SectionID, ItemID>()
    /// The header and footer models observers were given, per section of ``current``.
    private var supplements: [SectionSupplements] = []

    private var recorder = TransactionRecorder()
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()
    private var isDelivering = false
    private var pendingCompletions: [() -> Void] = []

    /// An empty storage whose sections show the models the providers give.
    public init(headerModel: ((SectionID) -> Any?)? = nil, footerModel: ((SectionID) -> Any?)? = nil) {
        self.headerModel = headerModel
        self.footerModel = footerModel
    }

    /// The state shown, to edit and apply again.
    public func snapshot() -> ListSnapshot<SectionID, ItemID> {
        current
    }

    /// Makes `snapshot` the state shown: observers receive the ordered changes from the previous
    /// state (nothing when it is the same). `completion` runs once every observer has applied
    /// them, also when this call is made from inside another delivery of this storage.
    public func apply(_ snapshot: ListSnapshot<SectionID, ItemID>, completion: (() -> Void)? = nil) {
        MainActorConfinement.check("SnapshotStorage was given a snapshot")
        report(snapshot.anomalies)
        let newSupplements = snapshot.sectionValues.map(supplements(for:))
        let script = SnapshotDiff(old: current, oldSupplements: supplements, new: snapshot, newSupplements: newSupplements).script()
        current = snapshot.settled
        supplements = newSupplements
        let items = current.itemValues
        let changes = script.changeSet(supplements: { newSupplements[$0] }, item: { items[$0.section][$0.item] })
        deliver(changes.isEmpty ? nil : .changes(changes), then: completion)
    }

    /// Makes `snapshot` the state shown without diffing: observers reload everything. For a state
    /// unrelated to the one shown, or to reset a list. `completion` runs after the reload.
    public func applyUsingReloadData(_ snapshot: ListSnapshot<SectionID, ItemID>, completion: (() -> Void)? = nil) {
        MainActorConfinement.check("SnapshotStorage was given a snapshot")
        report(snapshot.anomalies)
        current = snapshot.settled
        supplements = current.sectionValues.map(supplements(for:))
        deliver(.reload, then: completion)
    }

    // MARK: - Storage

    public var numberOfSections: Int { current.numberOfSections }

    public func numberOfItems(inSection section: Int) -> Int {
        current.itemValues.indices.contains(section) ? current.itemValues[section].count : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        current.itemIdentifier(at: indexPath)
    }

    public func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        supplements.indices.contains(section) ? supplements[section][kind] : nil
    }

    // MARK: - Identifier lookups

    /// The item shown at `indexPath`, or nil.
    public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
        current.itemIdentifier(at: indexPath)
    }

    /// Where `item` (compared by identity) is shown, or nil.
    public func indexPath(for item: ItemID) -> IndexPath? {
        current.indexPath(for: item)
    }

    /// The identifier of the section at `index`, or nil.
    public func sectionIdentifier(at index: Int) -> SectionID? {
        current.sectionValues.indices.contains(index) ? current.sectionValues[index] : nil
    }

    // MARK: - Observation

    public var openTransactionUpdate: StorageUpdate? { recorder.pendingUpdate }

    // MARK: - Private

    private func supplements(for section: SectionID) -> SectionSupplements {
        var result = SectionSupplements()
        if let header = headerModel?(section) { result[.header] = header }
        if let footer = footerModel?(section) { result[.footer] = footer }
        return result
    }

    /// Asks the providers again; observers receive an update for each section whose models changed.
    private func refreshSupplements() {
        var changes = ChangeSet()
        for (index, section) in current.sectionValues.enumerated() {
            let fresh = supplements(for: section)
            guard supplements.indices.contains(index), fresh != supplements[index] else { continue }
            supplements[index] = fresh
            changes.append(.updateSection(index, supplements: fresh))
        }
        deliver(changes.isEmpty ? nil : .changes(changes), then: nil)
    }

    private func report(_ anomalies: [SnapshotAnomaly]) {
        for anomaly in anomalies { anomalyHandler.report(anomaly) }
    }

    /// Delivers `update` through a transaction of its own, then runs the completions. When an
    /// observer applies again from inside a delivery, the broadcaster queues that update behind
    /// the current one; its completion waits until the outermost delivery has delivered it too.
    private func deliver(_ update: StorageUpdate?, then completion: (() -> Void)?) {
        if let completion { pendingCompletions.append(completion) }
        let isOutermost = !isDelivering
        isDelivering = true
        recorder.begin()
        switch update {
        case let .changes(changeSet)?: recorder.record(changeSet)
        case .reload?: recorder.recordReload()
        case nil: break
        }
        if let recorded = recorder.end() { broadcaster.deliver(recorded, from: self) }
        guard isOutermost else { return }
        isDelivering = false
        while !pendingCompletions.isEmpty {
            pendingCompletions.removeFirst()()
        }
    }
}

extension SnapshotStorage: SnapshotIdentifierLookup {
    package func indexPath(forItemIdentifier item: Any) -> IndexPath? {
        (item as? ItemID).flatMap(indexPath(for:))
    }

    package func sectionIdentifier(atIndex index: Int) -> Any? {
        sectionIdentifier(at: index)
    }
}
