/// The items of another storage in groups, by the values of one or more columns, each group a
/// row with its count and totals that opens and closes like a tree's: grouping with totals,
/// over any observable storage (a memory, sorted, filtered, snapshot storage, or your own).
///
/// ```swift
/// let packages = SortedStorage<Package, Unsectioned>(sortedBy: { $0.name < $1.name })
/// let grouped = GroupedStorage<Package>(packages, handOff: GLibMainActorHandOff())
/// let groupings = ColumnGroupings<Package>()
///     .column("section", byText: \.section)
///     .total("size", .sum, of: \.size)
/// grouped.group(by: ["section"], using: groupings)
/// manager.storage = grouped
/// ```
///
/// ## What it shows
/// One section: without grouping, the base's items (every section's, in order); grouped, a
/// row per group (an ``ItemGroup``) holding its sub-groups, and the last level its items in
/// the base's order. The storage adopts ``OutlineProviding``, so a list shows group rows with
/// a disclosure arrow, levels, keyboard and screen reader support as for any tree.
/// Models of another type than `Model` are reported
/// (``StorageAnomaly/itemNotAccepted(typeName:reason:)``) and not shown.
///
/// ## Changes of the base
/// Mapped as they come, on the main actor, in O(change × depth × log n): an inserted item goes
/// into its group (made when new, deleted when emptied), an update whose group value changed
/// moves the item between groups (one move when both rows show), the groups' totals follow
/// without rescanning (see ``ColumnGroupings``); a group row whose count or totals changed is
/// updated once per change set. A re-sort of the base is one reordering of the rows shown. A
/// base that reloads is grouped again as a whole, on the main actor.
///
/// The storage keeps its own copy of the base's models, so that regrouping reads them off the
/// main thread. Grouping a lazily read database storage (`LazyDatabaseStorage`) is not
/// supported: it would read every row (it needs SQL `GROUP BY`).
@MainActor
public final class GroupedStorage<Model: Diffable & Sendable>: BroadcastingStorage {
    /// Called on the main actor once a grouping is applied and observers have seen it.
    public typealias Completion = @MainActor () -> Void

    /// The storage whose items are grouped.
    public let base: any ObservableStorage
    /// The columns grouped by, outermost first (only declared ones); empty shows the base's
    /// items as they are.
    public var grouping: [String] { layout.columns }
    /// The grouped columns whose groups come in descending order.
    public var descendingGroupColumns: Set<String> { layout.descending }
    /// Whether a group that appears opens: true by default. A group the user opened or closed
    /// keeps its state while it exists, and when the same grouping is chosen again.
    public var expandsNewGroups = true
    /// Where models of another type and undeclared columns are reported.
    public let anomalyHandler = AnomalyHandler<StorageAnomaly>()
    /// The storage's observers (see ``BroadcastingStorage``).
    public let broadcaster = UpdateBroadcaster()

    var order = BaseOrder<Model>()
    var layout: GroupLayout<Model>
    /// The handle of each identifier in the base.
    var handleOfIdentifier: [Model.DiffIdentifier: Int] = [:]
    /// Per grouping (its columns), the groups open and the groups closed by the user.
    var expansion: [[String]: Expansion] = [:]
    /// The types already reported as not `Model`.
    var reportedTypeNames: Set<String> = []
    /// Group nodes whose count or totals changed in the change set being mapped.
    var changedGroups: Set<Int> = []
    let handOff: any MainActorHandOff

    /// Which groups of one grouping are open, by path.
    struct Expansion {
        var opened: Set<GroupPath> = []
        var closed: Set<GroupPath> = []
    }

    lazy var regroupScans = SupersedingScans<RegroupRequest, GroupLayout<Model>>(
        label: "ModelStorage.GroupedStorage", handOff: handOff,
        work: { [weak self] request, cancellation in
            guard let self else { return nil }
            // The copy shares the base's arrays; its handles are flattened off the main thread.
            let order = order
            let isExpanded = expansionTest(for: request)
            return {
                Self.build(
                    columns: request.columns, groupings: request.groupings, descending: request.descending, models: order.models,
                    handles: order.orderedHandles, isExpanded: isExpanded,
                    cancellation: cancellation)
            }
        },
        apply: { [weak self] request, built in
            guard let self else { return }
            apply(
                built ?? Self.build(
                    columns: request.columns, groupings: request.groupings, descending: request.descending, models: order.models,
                    handles: order.orderedHandles,
                    isExpanded: expansionTest(for: request), cancellation: nil)!)
            // Opened to reveal items, they stay open through the next grouping, as the user saw them.
            for path in request.revealing { remember(true, path: path) }
        })

    private lazy var baseObservation = ObservationRelay(self) { grouped, base, changes in
        grouped.baseDidPerform(changes, in: base)
    } needsReload: { grouped, base in
        grouped.baseNeedsReload(base)
    }

    /// The items of `base`, not grouped yet: group them with
    /// ``group(by:using:descending:revealing:execution:completion:)``.
    ///
    /// - Parameters:
    ///   - base: the storage whose items are grouped; the grouped storage observes it.
    ///   - handOff: how regroupings reach the main actor. The default uses a
    ///     `Task { @MainActor in … }`; a GTK application passes `GLibMainActorHandOff()`.
    public init(_ base: any ObservableStorage, handOff: any MainActorHandOff = TaskMainActorHandOff()) {
        self.base = base
        self.handOff = handOff
        layout = GroupLayout(columns: [], groupings: ColumnGroupings())
        readBase()
        base.addObserver(baseObservation)
    }

    // MARK: - Reading

    /// The number of items grouped (the base's items of type `Model`).
    public var count: Int { handleOfIdentifier.count }

    /// True while a grouping waits for its scan or is being scanned.
    public var hasPendingGrouping: Bool { regroupScans.isPending }

    /// The group row at `indexPath`; nil for an item's row or no row.
    public func group(at indexPath: IndexPath) -> ItemGroup? {
        guard let node = node(at: indexPath) else { return nil }
        return layout.itemGroup(of: node)
    }

    /// The group holding `path`'s items; nil when there is none.
    public func group(withPath path: GroupPath) -> ItemGroup? {
        layout.groupNodes[path].flatMap { layout.itemGroup(of: $0) }
    }

    /// The row of the item whose identifier is `identifier`; nil when it is hidden in a closed
    /// group or absent.
    public func indexPath(ofIdentifier identifier: Model.DiffIdentifier) -> IndexPath? {
        guard let handle = handleOfIdentifier[identifier], let node = layout.node(ofHandle: handle) else { return nil }
        return layout.tree.row(of: node).map { IndexPath(item: $0, section: 0) }
    }

    /// The row of the group of `path`; nil when it is hidden in a closed group or absent.
    public func indexPath(ofGroup path: GroupPath) -> IndexPath? {
        layout.groupNodes[path].flatMap { layout.tree.row(of: $0) }.map { IndexPath(item: $0, section: 0) }
    }

    // MARK: - Storage

    public var numberOfSections: Int { 1 }

    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? layout.tree.visibleCount : 0
    }

    public func item(at indexPath: IndexPath) -> Any? {
        guard let node = node(at: indexPath) else { return nil }
        return model(of: node)
    }

    func node(at indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section == 0, indexPath.item >= 0 else { return nil }
        return layout.tree.node(atRow: indexPath.item)
    }

    /// The model a node shows: its item, or its group's ``ItemGroup``.
    func model(of node: Int) -> Any? {
        switch layout.tree.item(of: node) {
        case let .item(handle)?: order.models[handle]
        case .group?: layout.itemGroup(of: node)
        case nil: nil
        }
    }

    // MARK: - Reading the base

    /// Reads every model of the base and lays it out again under the grouping in effect.
    func readBase() {
        let sections = (0..<base.numberOfSections).map { section in base.models(inSection: section).map(typed) }
        order = BaseOrder(sections)
        handleOfIdentifier = [:]
        for handle in order.orderedHandles {
            if let model = order.models[handle] { handleOfIdentifier[model.diffIdentifier] = handle }
        }
        let request = RegroupRequest(columns: layout.columns, groupings: layout.groupings)
        layout = Self.build(
            columns: layout.columns, groupings: layout.groupings, descending: layout.descending, models: order.models,
            handles: order.orderedHandles,
            isExpanded: expansionTest(for: request), cancellation: nil)!
    }

    /// The model as `Model`, or nil (reported) when it is of another type.
    func typed(_ model: Any) -> Model? {
        if let model = model as? Model { return model }
        let typeName = String(reflecting: type(of: model))
        if reportedTypeNames.insert(typeName).inserted {
            anomalyHandler.report(
                .itemNotAccepted(
                    typeName: typeName, reason: "a GroupedStorage<\(Model.self)> groups only \(Model.self) models: it is hidden"))
        }
        return nil
    }
}
