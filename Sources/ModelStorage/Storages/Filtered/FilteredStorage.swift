import Dispatch

/// The items of another storage that pass a filter, which can change at any time: the search
/// field over any list (a memory, sorted, snapshot or database storage, or one of your own).
///
/// ```swift
/// let packages = SortedStorage<Package, Unsectioned>(sortedBy: { $0.name < $1.name })
/// let shown = FilteredStorage<Package>(packages, handOff: GLibMainActorHandOff())
/// manager.storage = shown
/// searchEntry.onChange { text in
///     let matches: FilteredStorage<Package>.Filter = { $0.name.localizedStandardContains(text) }
///     shown.setFilter(text.isEmpty ? nil : matches)
/// }
/// ```
///
/// ## What it shows
/// - The base's sections, all of them, in order, with their headers and footers; in each, the
///   items that pass, in the base's order. A section the filter empties stays, empty: set the
///   manager's `displayHeaderOnEmptySection` to false to hide its header then.
/// - Models of another type than `Model` never pass, and are reported as
///   ``StorageAnomaly/itemNotAccepted(typeName:reason:)``, once per type.
///
/// ## Changing the filter
/// ``setFilter(_:execution:completion:)`` scans every item off the main thread, then hands back
/// what changed: the rows that stop passing are deleted, the ones that start are inserted, the
/// others are untouched, so a manager keeps their widgets, their selection and the focused row.
/// A new filter asked while a scan runs supersedes it: that scan's result is dropped, and one
/// scan runs next, with the newest filter (every completion still runs, in call order).
///
/// ## Changes of the base
/// Each change the base reports is mapped as it comes, on the main actor, in O(change): the
/// filter runs on the models it inserts or updates, nothing is rescanned. An update that makes
/// an item pass or stop passing shows as its insertion or deletion. A base that reloads is read
/// and filtered again as a whole, on the main actor.
///
/// The storage keeps its own copy of the base's models, as `Model` values, so that scans read
/// them off the main thread without touching the base: memory for one more array of models.
/// Made with ``init(keysOf:filter:handOff:)``, it copies a key of each item instead (a lazy
/// database storage's ids) and reads the items that pass from the base.
@MainActor
public final class FilteredStorage<Model: Sendable>: SupplementaryStorage, BroadcastingStorage {
    /// Whether a model shows.
    public typealias Filter = @Sendable (Model) -> Bool
    /// Called on the main actor once a filter is applied and observers have seen it.
    public typealias Completion = @MainActor () -> Void

    /// Where a new filter is applied.
    public typealias Execution = StorageExecution

    /// The storage whose items are filtered.
    public let base: any ObservableStorage
    /// The filter observers were last shown; nil shows every item.
    public internal(set) var filter: Filter?
    /// Where models of another type are reported.
    public let anomalyHandler = AnomalyHandler<StorageAnomaly>()
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()

    /// The base's models, section by section; nil for a model of another type.
    var models: [[Model?]] = []
    /// Which of them pass, section by section.
    var indexes: [FilterIndex] = []
    /// New filters, scanned one at a time off the main thread, the newest superseding the others.
    lazy var filterScans = SupersedingScans<FilterRequest, PreparedScan>(
        label: "ModelStorage.FilteredStorage", handOff: handOff,
        // Weak: a completion may let the storage go while the scheduler finishes its turn.
        work: { [weak self] request, cancellation in
            guard let models = self?.models, let shown = self?.indexes, let passes = self?.passes else { return nil }
            return {
                let filter = request.filter()
                return FilterScan(of: models, shownUnder: shown, filter: filter, passes: passes, cancellation: cancellation)
                    .map { PreparedScan(filter: filter, scan: $0) }
            }
        },
        apply: { [weak self] request, prepared in
            guard let self else { return }
            guard let prepared else {
                // Applied at once: without a cancellation the scan always ends.
                let filter = request.filter()
                return apply(FilterScan(of: models, shownUnder: indexes, filter: filter, passes: passes)!, filter: filter)
            }
            apply(prepared.scan, filter: prepared.filter)
        })
    /// How scans reach the main actor.
    private let handOff: any MainActorHandOff
    /// What the base delivers, handed on to the base's change mapping (the storage holds its
    /// observers weakly).
    private lazy var baseObservation = ObservationRelay(self) { filtered, base, changes in
        filtered.baseDidPerform(changes, in: base)
    } needsReload: { filtered, base in
        filtered.baseNeedsReload(base)
    }
    /// The types already reported as not `Model`.
    var reportedTypeNames: Set<String> = []
    /// How to read the keys of a base filtered by key; nil when the models are filtered.
    let keyedBase: KeyedBase?

    /// Which models of a section pass a filter: specialized for `Model`.
    let passes: FilterScan.Passes<Model>

    /// How a base filtered by key (``KeyFilterableStorage``) gives its keys.
    @usableFromInline
    struct KeyedBase {
        @usableFromInline let keys: @MainActor (_ section: Int) -> [Model?]
        @usableFromInline let keyOfModel: @MainActor (Any) -> Model?

        @inlinable
        init(keys: @escaping @MainActor (_ section: Int) -> [Model?], keyOfModel: @escaping @MainActor (Any) -> Model?) {
            self.keys = keys
            self.keyOfModel = keyOfModel
        }
    }

    /// The items of `base` that pass `filter` (nil: all of them), read and filtered at once.
    ///
    /// - Parameters:
    ///   - base: the storage whose items are filtered; the filtered storage observes it.
    ///   - filter: whether a model shows; nil shows every model of the type.
    ///   - handOff: how scans reach the main actor. The default uses a
    ///     `Task { @MainActor in … }`; a GTK application passes `GLibMainActorHandOff()`.
    @inlinable
    public convenience init(
        _ base: any ObservableStorage, filter: Filter? = nil, handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) {
        self.init(base, keyedBase: nil, filter: filter, passes: Self.specializedPasses, handOff: handOff)
    }

    /// The items of `base` whose key passes `filter` (nil: all of them), read and filtered at
    /// once: the storage copies and scans the keys, and reads the items that pass from the base
    /// when they are asked for (see ``KeyFilterableStorage``).
    ///
    /// - Parameters:
    ///   - base: the storage whose items are filtered; the filtered storage observes it.
    ///   - filter: whether an item with a key shows; nil shows every item with a key.
    ///   - handOff: how scans reach the main actor.
    @inlinable
    public convenience init<Base: KeyFilterableStorage>(
        keysOf base: Base, filter: Filter? = nil, handOff: any MainActorHandOff = TaskMainActorHandOff()
    ) where Base.FilterKey == Model {
        let keyedBase = KeyedBase(
            keys: { section in base.filterKeys(inSection: section) },
            keyOfModel: { model in base.filterKey(ofModel: model) })
        self.init(base, keyedBase: keyedBase, filter: filter, passes: Self.specializedPasses, handOff: handOff)
    }

    /// The scan of a section, made where the initializers are inlined: specialized for `Model`
    /// (``FilterScan/passes(of:filter:cancellation:)``).
    @inlinable
    static var specializedPasses: FilterScan.Passes<Model> {
        { models, filter, cancellation in FilterScan.passes(of: models, filter: filter, cancellation: cancellation) }
    }

    @usableFromInline
    init(
        _ base: any ObservableStorage, keyedBase: KeyedBase?, filter: Filter?, passes: @escaping FilterScan.Passes<Model>,
        handOff: any MainActorHandOff
    ) {
        self.base = base
        self.keyedBase = keyedBase
        self.passes = passes
        self.filter = filter
        self.handOff = handOff
        readBase()
        base.addObserver(baseObservation)
    }

    // MARK: - Reading

    /// The number of items that pass, over every section.
    public var count: Int { indexes.reduce(0) { $0 + $1.passCount } }

    /// True while a new filter waits for its scan or is being scanned.
    public var hasPendingFilter: Bool { filterScans.isPending }

    /// How many scans came back after the base or the filter had changed, and were dropped.
    package var staleScanCount: Int { filterScans.staleResultCount }

    /// Where the base's item at `baseIndexPath` shows, or nil when it does not pass.
    public func indexPath(forBaseIndexPath baseIndexPath: IndexPath) -> IndexPath? {
        guard baseIndexPath.count == 2, indexes.indices.contains(baseIndexPath.section) else { return nil }
        let index = indexes[baseIndexPath.section]
        guard baseIndexPath.item >= 0, baseIndexPath.item < index.count, index.passes(at: baseIndexPath.item) else { return nil }
        return IndexPath(item: index.rank(of: baseIndexPath.item), section: baseIndexPath.section)
    }

    /// Where the item shown at `indexPath` is in the base, or nil when no item shows there.
    public func baseIndexPath(for indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2, indexes.indices.contains(indexPath.section) else { return nil }
        let index = indexes[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < index.passCount else { return nil }
        return IndexPath(item: index.item(ofPassing: indexPath.item), section: indexPath.section)
    }

    // MARK: - Storage

    public var numberOfSections: Int { indexes.count }

    public func numberOfItems(inSection section: Int) -> Int {
        indexes.indices.contains(section) ? indexes[section].passCount : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        guard let baseIndexPath = baseIndexPath(for: indexPath) else { return nil }
        return keyedBase == nil ? models[baseIndexPath.section][baseIndexPath.item] : base.item(at: baseIndexPath)
    }

    public func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        (base as? any SupplementaryStorage)?.supplementaryModel(ofKind: kind, inSection: section)
    }

    // MARK: - Filtering on the main actor

    /// Reads every model (or key) of the base and filters them with ``filter``.
    func readBase() {
        models = (0..<base.numberOfSections).map { section in
            keyedBase?.keys(section) ?? base.models(inSection: section).map(typed)
        }
        // Without a cancellation the scan always ends.
        indexes = models.map { FilterIndex(passes($0, filter, nil)!) }
    }

    /// The model as `Model` (or its key, for a base filtered by key), or nil (reported) when it
    /// is of another type (has no key).
    func typed(_ model: Any) -> Model? {
        if let keyedBase {
            if let key = keyedBase.keyOfModel(model) { return key }
        } else if let model = model as? Model {
            return model
        }
        let typeName = String(reflecting: type(of: model))
        if reportedTypeNames.insert(typeName).inserted {
            let reason =
                keyedBase == nil
                ? "a FilteredStorage<\(Model.self)> shows only \(Model.self) models: it is hidden"
                : "its base gives it no \(Model.self) key to filter by: it is hidden"
            anomalyHandler.report(.itemNotAccepted(typeName: typeName, reason: reason))
        }
        return nil
    }

    /// Whether `model` shows under the filter in effect.
    func passes(_ model: Model?) -> Bool {
        guard let model else { return false }
        return filter?(model) ?? true
    }
}
