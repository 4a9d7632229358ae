import ModelStorage

/// The features installed on a list (``ListFeature``), and what the manager tells them.
///
/// A feature made on demand (``OnDemandFeature``) is installed when the first reaction to one
/// of its events is registered (``require(_:)``); others (a table) are handed in whole
/// (``install(_:)``). Every installed feature hears what happens to the list as a whole and
/// what the host reports; those that need every row hear each row bound, unbound and refreshed;
/// those with an input stage get keys and presses through the dispatchers, which are connected
/// when the first such feature is installed.
@MainActor
final class ListFeatures {
    private unowned let manager: ListManager
    /// Every installed feature by its type, and in installation order.
    private var byType: [ObjectIdentifier: any ListFeature] = [:]
    private var installed: [any ListFeature] = []
    /// Features that need every row, in installation order (an array: iterated per inserted row).
    private var rowFeatures: [any ListFeature] = []
    /// Features that take keys, in stage order (then installation order).
    private(set) var keyFeatures: [any ListFeature] = []
    /// Features that take pointer presses, in stage order (then installation order).
    private(set) var pointerFeatures: [any ListFeature] = []
    /// The feature that shows every item its own way, if any.
    private(set) var itemPresenter: (any ItemPresenting)?
    private var keyDispatcher: KeyDispatcher?
    private var pointerDispatcher: PointerDispatcher?

    init(manager: ListManager) {
        self.manager = manager
    }

    /// Releases every feature (their signal handlers hold them weakly and become no-ops), each
    /// told first that it is uninstalled: called by the manager's deinit.
    func detach() {
        let features = installed
        byType = [:]
        installed = []
        rowFeatures = []
        keyFeatures = []
        pointerFeatures = []
        itemPresenter = nil
        keyDispatcher = nil
        pointerDispatcher = nil
        for feature in features { feature.didUninstall() }
    }

    /// The installed feature of `type`, if any.
    func installed<Feature: ListFeature>(_ type: Feature.Type) -> Feature? {
        byType[ObjectIdentifier(type)] as? Feature
    }

    /// Installs the feature that produces `event` if it is not yet: called whenever a reaction
    /// is registered.
    @discardableResult
    func require(_ event: ListEvent) -> any ListFeature {
        MainActorConfinement.check("ListManager was given a closure for \(event.name)")
        if let feature = byType[event.source] { return feature }
        let feature = event.makeFeature(manager)
        install(feature)
        return feature
    }

    /// Installs the feature that produces `event` if needed and returns it as the type it is
    /// declared with.
    func require<Feature: ListFeature>(_ event: ListEvent, as _: Feature.Type) -> Feature {
        guard let feature = require(event) as? Feature else {
            preconditionFailure("ListFeatures: \(event) is produced by another feature than \(Feature.self)")
        }
        return feature
    }

    /// Installs `feature`, replacing the installed one of its type (and the item presenter, when
    /// it presents items): it hears everything from now on, and every bound row when it needs
    /// every row.
    func install(_ feature: any ListFeature) {
        let key = ObjectIdentifier(type(of: feature))
        if let old = byType[key] { remove(old) }
        if feature is any ItemPresenting, let old = itemPresenter { remove(old) }
        byType[key] = feature
        installed.append(feature)
        if let presenter = feature as? any ItemPresenting {
            itemPresenter = presenter
            manager.factory.presentedItemMapping = presenter.itemMapping
        }
        if let stage = feature.keyStage {
            keyFeatures.insert(feature, at: keyFeatures.firstIndex { $0.keyStage! > stage } ?? keyFeatures.endIndex)
            if keyDispatcher == nil { keyDispatcher = KeyDispatcher(manager: manager) }
        }
        if let stage = feature.pointerStage {
            pointerFeatures.insert(
                feature, at: pointerFeatures.firstIndex { $0.pointerStage! > stage } ?? pointerFeatures.endIndex)
            if pointerDispatcher == nil { pointerDispatcher = PointerDispatcher(manager: manager) }
        }
        feature.didInstall()
        if feature.needsEveryRow {
            rowFeatures.append(feature)
            manager.rowObserver = self
            manager.forEachBoundRowWithLocation { feature.rowDidAppear($0, at: $1) }
        }
    }

    private func remove(_ feature: any ListFeature) {
        byType[ObjectIdentifier(type(of: feature))] = nil
        installed.removeAll { $0 === feature }
        rowFeatures.removeAll { $0 === feature }
        keyFeatures.removeAll { $0 === feature }
        pointerFeatures.removeAll { $0 === feature }
        if itemPresenter === feature {
            itemPresenter = nil
            manager.factory.presentedItemMapping = nil
        }
        feature.didUninstall()
    }

    // MARK: - What happens to the list, told to every installed feature

    func listWillReload() {
        for feature in installed { feature.listWillReload() }
    }

    func listDidReload() {
        for feature in installed { feature.listDidReload() }
    }

    func listWillApply(_ run: ChangeRun) {
        for feature in installed { feature.listWillApply(run) }
    }

    func listDidApply(_ changes: ChangeSet) {
        for feature in installed { feature.listDidApply(changes) }
    }

    func userDidActivate(_ row: BoundRow, at location: RowLocation) {
        for feature in installed where feature.interceptsActivation(of: row, at: location) { return }
        for feature in installed { feature.userDidActivate(row, at: location) }
    }

    func focusDidMove(to row: BoundRow, at location: RowLocation) {
        for feature in installed { feature.focusDidMove(to: row, at: location) }
    }

    func selectionDidChange() {
        for feature in installed { feature.selectionDidChange() }
    }

    func itemToFocusOnEntry() -> IndexPath? {
        for feature in installed {
            if let item = feature.itemToFocusOnEntry() { return item }
        }
        return nil
    }

    func rowCameOnScreen(_ row: BoundRow) {
        for feature in installed { feature.rowCameOnScreen(row) }
    }

    func rowLeftScreen(_ row: BoundRow) {
        for feature in installed { feature.rowLeftScreen(row) }
    }

    func dragDidHover(over indexPath: IndexPath?) {
        for feature in installed { feature.dragDidHover(over: indexPath) }
    }

    // MARK: - Row notifications (from the host's binding, and in-place refreshes)

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        for feature in rowFeatures { feature.rowDidAppear(row, at: location) }
    }

    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {
        for feature in rowFeatures { feature.rowWillDisappear(row, at: location) }
    }

    func rowDidRefresh(_ row: BoundRow) {
        for feature in rowFeatures { feature.rowDidRefresh(row) }
    }
}
