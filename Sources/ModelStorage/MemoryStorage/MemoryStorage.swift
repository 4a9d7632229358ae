/// A storage that keeps models in memory, in sections, and reports every change as an ordered,
/// animatable ``ChangeSet``.
///
/// ```swift
/// let storage = MemoryStorage()
/// storage.setSectionHeaderModels(["Fruit", "Vegetables"])
/// storage.performUpdates {
///     storage.addItems(["apple", "pear"], toSection: 0)
///     storage.addItems(["leek"], toSection: 1)
/// }
/// ```
///
/// Semantics:
/// - Every mutation applies at once, whether or not anyone observes the storage.
/// - Observers receive one ``StorageUpdate`` per outermost transaction; a mutation outside
///   ``performUpdates(_:)`` is a transaction of its own. Transactions nest.
/// - Whole-content replacements (`setItems`, `setSections`, `removeAllItems`, …) deliver a reload.
/// - An invalid request (an index out of range, an item not found, a count mismatch) changes
///   nothing and is reported to ``anomalyHandler``; the throwing methods also throw it.
@MainActor
public final class MemoryStorage: SupplementaryStorage, BroadcastingStorage {
    /// The sections, in order. Change them through the storage's methods.
    public internal(set) var sections: [SectionModel] = []

    /// Where refused requests are reported.
    public let anomalyHandler = AnomalyHandler<StorageAnomaly>()

    /// Supplementary models set per section index, by kind. They are index-aligned with the
    /// sections (and may reach past them), and follow their section when sections are inserted,
    /// deleted or moved.
    var storedSupplements: [SupplementaryKind: [Any?]] = [:]

    /// Asked first for header models; a nil answer falls back to the other sources.
    public var headerModelProvider: ((Int) -> Any?)? {
        didSet { recordSupplementsChangedEverywhere() }
    }

    /// Asked first for footer models; a nil answer falls back to the other sources.
    public var footerModelProvider: ((Int) -> Any?)? {
        didSet { recordSupplementsChangedEverywhere() }
    }

    /// Asked for models of any kind after the header and footer providers, before the models set
    /// with ``setSupplementaryModels(_:ofKind:)``.
    public var supplementaryModelProvider: ((SupplementaryKind, Int) -> Any?)? {
        didSet { recordSupplementsChangedEverywhere() }
    }

    var recorder = TransactionRecorder()
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()

    /// An empty storage.
    public init() {}

    // MARK: - Storage

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        guard containsItem(at: indexPath) else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    public func models(inSection section: Int) -> [Any] {
        sections.indices.contains(section) ? sections[section].items : []
    }

    // MARK: - Observation

    public var openTransactionUpdate: StorageUpdate? { recorder.pendingUpdate }

    // MARK: - Transactions

    /// Runs `updates` as one transaction: observers receive a single update when the outermost
    /// transaction ends, even if `updates` throws (what was applied is still reported).
    public func performUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
        beginTransaction()
        defer { endTransaction() }
        try updates()
    }

    /// Runs `updates` as one transaction that observers receive as a reload instead of animated
    /// changes: for large rearrangements that are not worth animating.
    public func updateWithoutAnimation<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
        beginTransaction()
        defer { endTransaction() }
        recorder.recordReload()
        try updates()
    }

    func beginTransaction() {
        MainActorConfinement.check("MemoryStorage was mutated")
        recorder.begin()
    }

    func endTransaction() {
        if let update = recorder.end() {
            broadcaster.deliver(update, from: self)
        }
    }

    /// Runs one mutation as a transaction (or as part of the open one).
    func transaction<Result>(_ mutation: () -> Result) -> Result {
        beginTransaction()
        defer { endTransaction() }
        return mutation()
    }

    /// Reports `anomaly` and returns it, for the throwing methods to throw.
    @discardableResult
    func refuse(_ anomaly: StorageAnomaly) -> StorageAnomaly {
        anomalyHandler.report(anomaly)
        return anomaly
    }

    // MARK: - Shared helpers

    func containsItem(at indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && sections.indices.contains(indexPath.section)
            && sections[indexPath.section].items.indices.contains(indexPath.item)
    }

    /// Why `indexPath` addresses no item, or nil when it does.
    func absenceOfItem(at indexPath: IndexPath) -> StorageAnomaly? {
        if containsItem(at: indexPath) { return nil }
        guard indexPath.isItemPosition else { return .invalidIndexPath(indexPath: indexPath) }
        return .itemIndexPathOutOfRange(
            indexPath: indexPath, countOfElementsInSection: numberOfItems(inSection: indexPath.section))
    }

    /// Creates (and records) empty sections until `section` exists.
    func createSections(through section: Int) {
        while sections.count <= section {
            insertSectionRecorded(SectionModel(), at: sections.count)
        }
    }

    /// Inserts `section` at `index`, shifting stored supplements, and records the section insert
    /// followed by one insert per item.
    func insertSectionRecorded(_ section: SectionModel, at index: Int) {
        section.storage = self
        shiftStoredSupplements(insertingAt: index)
        sections.insert(section, at: index)
        recorder.record(.insertSection(index, supplements: supplements(forSection: index)))
        for (item, model) in section.items.enumerated() {
            recorder.record(.insertItem(at: IndexPath(item: item, section: index), model: model))
        }
    }

    /// Replaces the sections as a whole; observers reload.
    func replaceSections(_ newSections: [SectionModel]) {
        let kept = Set(newSections.map(ObjectIdentifier.init))
        for section in sections where !kept.contains(ObjectIdentifier(section)) {
            section.storage = nil
        }
        for section in newSections { section.storage = self }
        sections = newSections
        recorder.recordReload()
    }
}
