import CGtk
import ModelStorage

/// Drives a list widget from a storage: register a row class for each model type, put models
/// in the storage, and the list follows every change row by row.
///
/// ```swift
/// let manager = ListManager()                       // shows its rows in a new GtkListBox
/// manager.register(PackageRow.self)                 // PackageRow: RowView, ModelTransfer
/// manager.memoryStorage?.setSectionHeaderModels(["admin", "devel"])
/// manager.memoryStorage?.setItemsForAllSections([adminPackages, develPackages])
/// gtk_container_add(gcast(scrolledWindow), manager.widget)
/// ```
///
/// Incremental changes (`addItem`, `removeItems`, `moveItem`, …) are applied as row
/// insertions, removals, moves and in-place refreshes; whole-content replacements reload.
///
/// The widget is a ``ListHost``: ``ListBoxHost`` (the default, a `GtkListBox` with a widget for
/// every row) or any other host given to ``init(host:storage:configuration:)``. The manager
/// keeps what must outlive a row widget (the models shown, the selection, the focused row) by
/// index path, and binds rows to positions when the host asks for them.
///
/// A manager belongs to the main actor, the GTK thread. A call that reaches it from another
/// thread (possible from Swift 5-mode code) stops the process with a message naming the call
/// and the thread, in release builds too: see `MainActorConfinement` in ModelStorage.
@MainActor
public final class ListManager {
    /// The widget that shows the list (the host's), to put in a container.
    public var widget: UnsafeMutablePointer<GtkWidget> { host.widget }
    /// The host that shows the rows. Not public: splices from outside would put the host out of
    /// step with the manager (keep your own reference to a host you made).
    let host: any ListHost

    /// The storage shown. Replacing it stops observing the old one and reloads from the new one.
    public var storage: any Storage {
        didSet {
            (oldValue as? any ObservableStorage)?.removeObserver(storageObservation)
            (storage as? any ObservableStorage)?.addObserver(storageObservation)
            reload()
        }
    }

    /// The storage as a `MemoryStorage`, or nil when another kind is shown.
    public var memoryStorage: MemoryStorage? { storage as? MemoryStorage }

    /// The storage as one that takes drops, or nil.
    var placeholderStorage: (any PlaceholderStorage)? { storage as? any PlaceholderStorage }

    /// How sections are shown and updates applied. Changing it reloads the list.
    public var configuration: ListConfiguration {
        didSet {
            updater.configuration = configuration
            (host as? any RowAnimating)?.rowAnimation = configuration.rowAnimation
            factory.pool.limit = configuration.reusePoolLimit
            adoptChangeFlash(configuration.changeFlash)
            reload()
        }
    }

    /// Where the manager reports problems (models it cannot show, …).
    public let anomalyHandler = AnomalyHandler<ManagerAnomaly>()

    /// Called before every update is applied, with the update (`.reload` for reloads).
    public var willUpdateContent: ((StorageUpdate) -> Void)?
    /// Called after every update is applied, with the update (`.reload` for reloads).
    public var didUpdateContent: ((StorageUpdate) -> Void)?

    /// When set, item updates call this with the index path and the new model instead of
    /// refreshing the row in place (the row still records the new model).
    public var reloadRowClosure: ((IndexPath, Any) -> Void)? {
        get { updater.reloadRow }
        set { updater.reloadRow = newValue }
    }

    /// How long after a row-class event registration without a mapping the manager checks again
    /// and reports ``ManagerAnomaly/unusedEventDetected(rowClass:event:)``. Default: 1 s.
    package var eventVerificationDelay: Double = 1

    let factory: RowFactory
    let updater: ListUpdater
    /// What the host calls (the host holds it weakly).
    private lazy var hostDelegate = HostDelegate(manager: self)
    /// What the storage delivers, handed on to the manager (the storage holds its observers
    /// weakly): the storage's callbacks are not on the app's API.
    private lazy var storageObservation = ObservationRelay(self) { manager, storage, changes in
        manager.storageDidPerform(changes, in: storage)
    } needsReload: { manager, storage in
        manager.storageNeedsReload(storage)
    }
    /// Finds and runs event reactions.
    var events: EventRouter {
        if let installedEvents { return installedEvents }
        let router = EventRouter(manager: self)
        installedEvents = router
        return router
    }
    private var installedEvents: EventRouter?
    /// The features plugged into the list (event groups, find, editing, trees, a table); made on
    /// first use.
    var features: ListFeatures {
        if let installedFeatures { return installedFeatures }
        let features = ListFeatures(manager: self)
        installedFeatures = features
        return features
    }
    private(set) var installedFeatures: ListFeatures?
    /// The features, once one needs to hear about every row bound, refreshed and unbound.
    /// Strong (the features hold their manager unowned, so there is no cycle): a weak reference
    /// would cost a load per bound row.
    var rowObserver: ListFeatures? {
        get { storedRowObserver }
        set { storedRowObserver = newValue }
    }
    /// The selected items and the focused row, by index path.
    var selection: SelectionState {
        get { storedSelection }
        set {
            storedSelection = newValue
            selectionInListOrder = nil
        }
    }
    /// The selected items sorted, for accessibility to read by index; nil until asked for
    /// after a change.
    var selectionInListOrder: [IndexPath]?
    // Private storage for properties read per bound row: CONTRIBUTING, Hot paths: 1.
    private var storedRowObserver: ListFeatures?
    private var storedSelection = SelectionState()
    /// Whether the focused row had the keyboard focus when last heard of: a row bound at the
    /// cursor then takes the focus back (the old widget went, with its focus).
    var cursorHasFocus = false
    /// The animated scroll running, if any (`scrollTo(_:alignment:animated:)`).
    var scrollAnimation: ScrollAnimation?
    /// Waits for the layout after a reload to hand the focus on (`ListManager+FocusAfterRemoval`).
    lazy var reloadFocusTicker = FrameTicker(on: host.widget)
    /// The rows and cells flashing because their items changed; nil while
    /// ``ListConfiguration/changeFlash`` is off.
    var changeFlashes: ChangeFlashes?
    /// The declarative sections shown with `update { }` and their events; made on first use.
    var declarativeState: DeclarativeState?
    /// The placeholder of the content state (``contentState``) and the app's empty placeholder.
    private(set) lazy var contentStatePlaceholder = ContentStatePlaceholder(host: host)
    /// How long ``ListContentState/loading`` waits before it shows its spinner, in seconds: a
    /// load faster than this never flashes it. Default: 0.3.
    public var loadingIndicatorDelay: Double = 0.3

    /// A manager whose rows `host` shows.
    ///
    /// ```swift
    /// let manager = ListManager(host: .virtualized)   // or .listBox, or any ListHost
    /// ```
    ///
    /// - Parameters:
    ///   - host: the list widget's host; the manager becomes its delegate.
    ///   - storage: the models to show; a new `MemoryStorage` by default.
    ///   - configuration: how sections are shown and updates applied.
    public init(
        host: some ListHost, storage: any Storage = MemoryStorage(), configuration: ListConfiguration = ListConfiguration()
    ) {
        MainActorConfinement.check("A ListManager was created")
        ListTheme.install()
        self.host = host
        factory = RowFactory(poolLimit: configuration.reusePoolLimit, anomalies: anomalyHandler)
        (host as? any RowAnimating)?.rowAnimation = configuration.rowAnimation
        updater = ListUpdater(host: host, factory: factory, configuration: configuration)
        self.storage = storage
        self.configuration = configuration
        adoptChangeFlash(configuration.changeFlash)
        updater.refreshObserver = { [unowned self] row in
            rowObserver?.rowDidRefresh(row)
            rowDidChange(row)
        }
        host.delegate = hostDelegate
        connectAccessibleItems()
        (storage as? any ObservableStorage)?.addObserver(storageObservation)
        reload()
    }

    isolated deinit {
        // The features go first: when the host then lets go of the list box, GTK may emit
        // signals while it finalizes, and no feature may reach this manager any more.
        installedFeatures?.detach()
    }

    /// Rebuilds every row from the storage.
    public func reload() {
        checkConfinement()
        guard !host.isDestroyed else { return }
        willUpdateContent?(.reload)
        let focused = focusedItemToKeep()
        selection.reset()
        installOutlineIfNeeded()
        installedFeatures?.listWillReload()
        withoutAnimation { updater.reload(from: storage, seenBy: storageObservation) }
        if let focused { moveFocus(afterReloadFrom: focused) }
        installedFeatures?.listDidReload()
        didUpdateContent?(.reload)
    }

    /// Shows `widget` when the list has no rows (an empty state), or nothing when nil. While
    /// ``contentState`` is loading or failed, its own widget shows instead.
    public func setPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        checkConfinement()
        if let widget { gtk_widget_show_all(widget) }
        contentStatePlaceholder.setEmptyPlaceholder(widget)
    }

    /// Runs `body` with the host's animations off, if it has any.
    func withoutAnimation(_ body: () -> Void) {
        if let animating = host as? any RowAnimating { animating.withoutAnimation(body) } else { body() }
    }

    /// The rows the manager keeps for reuse, all identifiers together.
    package var pooledRowCount: Int { factory.pool.count }

    /// The row bound at a flat position of the list; nil when the host has no row bound there.
    package func boundRow(atPosition position: Int) -> BoundRow? {
        host.boundRow(at: position)
    }

    /// The number of rows in the list (items, headers and footers), bound or not.
    package var rowCount: Int { host.rowCount }
}

// What the storage delivers, through the manager's observation relay.
extension ListManager {
    func storageDidPerform(_ changes: ChangeSet, in storage: any Storage) {
        checkConfinement()
        guard storage === self.storage, !host.isDestroyed else { return }
        guard changeSetFits(changes) else { return }
        // New models in place (an update storm's log) insert, remove and move nothing.
        let movesRows = !changes.updatesItemsOnly
        if movesRows { factory.rowStates.forgetStates(ofModelsInsertedBy: changes) }
        willUpdateContent?(.changes(changes))
        var focused = movesRows && FocusedItemFollower.isNeeded(for: changes) ? focusedItemToFollow() : nil
        updater.apply(changes, updatingItemsOnly: !movesRows) { run in
            // The selection and the features first: rows bound by the run show the selection
            // they will have, and features find them where the run puts them.
            if !run.updatesInPlace, !selection.isEmpty { selection.apply(run) }
            focused?.follow(run)
            installedFeatures?.listWillApply(run)
        }
        if let focused { moveFocus(afterRemovalOf: focused) }
        installedFeatures?.listDidApply(changes)
        didUpdateContent?(.changes(changes))
    }

    func storageNeedsReload(_ storage: any Storage) {
        checkConfinement()
        guard storage === self.storage else { return }
        reload()
    }
}
