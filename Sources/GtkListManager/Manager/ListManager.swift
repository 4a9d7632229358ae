import CGtk
import ModelStorage

/// Drives a `GtkListBox` from a storage: register a row class for each model type, put models in
/// the storage, and the list follows every change row by row.
///
/// ```swift
/// let manager = ListManager()                       // creates its GtkListBox
/// manager.register(PackageRow.self)                 // PackageRow: RowView, ModelTransfer
/// manager.memoryStorage?.setSectionHeaderModels(["admin", "devel"])
/// manager.memoryStorage?.setItemsForAllSections([adminPackages, develPackages])
/// gtk_container_add(gcast(scrolledWindow), manager.widget)
/// ```
///
/// Incremental changes (`addItem`, `removeItems`, `moveItem`, …) are applied as row
/// insertions, removals, moves and in-place refreshes; whole-content replacements reload.
///
/// A manager belongs to the main actor, the GTK thread. A call that reaches it from another
/// thread (possible from Swift 5-mode code) stops the process with a message naming the call
/// and the thread, in release builds too: see ``MainActorConfinement``.
@MainActor
public final class ListManager {
    /// The list box the manager drives.
    public var listBox: UnsafeMutablePointer<GtkListBox> { host.listBox }
    /// The list box as a widget, to put in a container.
    public var widget: UnsafeMutablePointer<GtkWidget> { gcast(host.listBox) }

    /// The storage shown. Replacing it stops observing the old one and reloads from the new one.
    public var storage: any Storage {
        didSet {
            (oldValue as? any ObservableStorage)?.removeObserver(self)
            (storage as? any ObservableStorage)?.addObserver(self)
            reload()
        }
    }

    /// The storage as a `MemoryStorage`, or nil when another kind is shown.
    public var memoryStorage: MemoryStorage? { storage as? MemoryStorage }

    /// How sections are shown and updates applied. Changing it reloads the list.
    public var configuration: ListConfiguration {
        didSet {
            updater.configuration = configuration
            host.rowAnimation = configuration.rowAnimation
            factory.pool.limit = configuration.reusePoolLimit
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
    public var eventVerificationDelay: Double = 1

    let host: ListBoxHost
    let factory: RowFactory
    let updater: ListUpdater
    /// Finds and runs event reactions; installs the GTK side of events on demand.
    var events: EventRouter {
        if let installedEvents { return installedEvents }
        let router = EventRouter(manager: self)
        installedEvents = router
        return router
    }
    private var installedEvents: EventRouter?
    /// The declarative sections shown with `update { }` and their events; made on first use.
    var declarativeState: DeclarativeState?

    /// A manager for `listBox` (a new one when nil) showing `storage`.
    ///
    /// - Parameters:
    ///   - listBox: an empty list box; the manager keeps a reference to it.
    ///   - storage: the models to show; a new `MemoryStorage` by default.
    ///   - configuration: how sections are shown and updates applied.
    public convenience init(
        listBox: UnsafeMutablePointer<GtkListBox>? = nil,
        storage: any Storage = MemoryStorage(),
        configuration: ListConfiguration = ListConfiguration()
    ) {
        self.init(listBox: listBox, storage: storage, configuration: configuration, updating: { $0 })
    }

    /// A manager whose updates go through the host `updating` returns for the list box's host
    /// (the benchmark wraps it to count the operations each change issues).
    package init(
        listBox: UnsafeMutablePointer<GtkListBox>?,
        storage: any Storage,
        configuration: ListConfiguration,
        updating: (ListBoxHost) -> any ListHost
    ) {
        MainActorConfinement.check("A ListManager was created")
        host = ListBoxHost(listBox: listBox ?? gcast(gtk_list_box_new()))
        gtk_widget_show(gcast(host.listBox))
        factory = RowFactory(poolLimit: configuration.reusePoolLimit, anomalies: anomalyHandler)
        host.rowAnimation = configuration.rowAnimation
        updater = ListUpdater(host: updating(host), factory: factory, configuration: configuration)
        self.storage = storage
        self.configuration = configuration
        (storage as? any ObservableStorage)?.addObserver(self)
        reload()
    }

    isolated deinit {
        // The event sources go first: when the host then lets go of the list box, GTK may emit
        // signals while it finalizes, and no source may reach this manager any more.
        installedEvents?.detachSources()
    }

    /// Rebuilds every row from the storage.
    public func reload() {
        checkConfinement()
        guard !host.isListDestroyed else { return }
        willUpdateContent?(.reload)
        host.withoutAnimation { updater.reload(from: storage) }
        didUpdateContent?(.reload)
    }

    /// Shows `widget` when the list has no rows (an empty state), or nothing when nil.
    public func setPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        checkConfinement()
        if let widget { gtk_widget_show_all(widget) }
        gtk_list_box_set_placeholder(host.listBox, widget)
    }

    /// The rows the manager keeps for reuse, all identifiers together.
    public var pooledRowCount: Int { factory.pool.count }

    /// The row record at a flat position of the list, if that position has a live row.
    public func hostedRow(atPosition position: Int) -> HostedRow? {
        host.row(at: position)
    }

    /// The number of rows in the list (items, headers and footers).
    public var rowCount: Int { host.rowCount }
}

extension ListManager: StorageObserver {
    public func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        checkConfinement()
        guard storage === self.storage, !host.isListDestroyed else { return }
        willUpdateContent?(.changes(changes))
        updater.apply(changes)
        didUpdateContent?(.changes(changes))
    }

    public func storageNeedsReload(_ storage: any Storage) {
        checkConfinement()
        guard storage === self.storage else { return }
        reload()
    }
}
