import CGtk
import ModelStorage

extension ListEvent {
    static let prefetch = ListEvent("prefetch", source: PrefetchEvents.self)
    static let cancelPrefetching = ListEvent("cancelPrefetching", source: PrefetchEvents.self)
}

/// Prefetching: the items about to come on screen, told before their rows show, and the ones no
/// longer about to, as UITableView's prefetching data source tells them.
///
/// The window is ``ListConfiguration/prefetchDistance`` viewports of positions past the visible
/// range, ahead of the way the list last scrolled (down before any scroll). It is worked out
/// once per turn of the main loop after the list scrolled, was laid out or changed (an idle
/// source, after the frame is drawn): a fast scroll costs one pass per frame, over the window.
///
/// Items are told once while they stay in the window. One that comes on screen leaves it
/// silently (it was needed); one that leaves it otherwise (the scroll turned back, a jump, a
/// deletion, a new model at its place, a reload) is told to cancel, with the model it was told.
@MainActor
final class PrefetchEvents: OnDemandFeature {
    private unowned let manager: ListManager
    /// The items told to prefetch, not yet shown nor cancelled, with the model they were told.
    private var told: [IndexPath: Any] = [:]
    private var scrollsUp = false
    /// The first visible position at the last check: the way the rows moved since tells the
    /// way of the scroll. (Not the adjustment's value: a virtualized host corrects it as it
    /// measures rows, a few pixels back and forth.)
    private var lastTop: Int?
    private var pendingCheck: guint = 0

    init(manager: ListManager) {
        self.manager = manager
    }

    isolated deinit {
        if pendingCheck != 0 { g_source_remove(pendingCheck) }
    }

    func didInstall() {
        manager.features.require(.didScroll, as: ScrollEvents.self).scrollObservers.append { [weak self] _ in
            self?.scheduleCheck()
        }
        let widget = manager.widget
        Signal.connect(widget, "size-allocate", argument: UnsafeMutableRawPointer.self, after: true) { [weak self] _, _ in
            self?.scheduleCheck()
        }
        Signal.connect(widget, "map", after: true) { [weak self] _ in self?.scheduleCheck() }
        scheduleCheck()
    }

    // MARK: What moves the window

    func listWillReload() {
        cancel(Array(told))
        told = [:]
    }

    func listDidReload() {
        lastTop = nil
        scheduleCheck()
    }

    /// Follows the items told through the run: deleted ones and those given a new model cancel.
    func listWillApply(_ run: ChangeRun) {
        guard !told.isEmpty else { return }
        var followed: [IndexPath: Any] = [:], cancelled: [(IndexPath, Any)] = []
        for (indexPath, model) in told {
            if case let .single(.updateItem(updated, _)) = run, updated == indexPath {
                cancelled.append((indexPath, model))
            } else if let destination = run.destination(ofItemAt: indexPath) {
                followed[destination] = model
            } else {
                cancelled.append((indexPath, model))
            }
        }
        told = followed
        cancel(cancelled)
    }

    func listDidApply(_ changes: ChangeSet) {
        // Positions moved with the change, not with a scroll.
        lastTop = nil
        scheduleCheck()
    }

    // MARK: Telling

    private func scheduleCheck() {
        guard pendingCheck == 0, manager.events.hasAnyReaction(.prefetch) || !told.isEmpty else { return }
        pendingCheck = GtkRuntime.repeatWhileIdle { [weak self] in
            self?.pendingCheck = 0
            self?.check()
            return false
        }
    }

    /// Tells the items that came into the window, and cancels those that left it off screen.
    private func check() {
        let host = manager.host
        // A list off screen keeps what it was told: nothing comes nearer meanwhile.
        guard !host.isDestroyed, let visible = host.positionsOnScreen else { return }
        if let lastTop, visible.lowerBound != lastTop { scrollsUp = visible.lowerBound < lastTop }
        lastTop = visible.lowerBound
        let window = PrefetchWindow(
            visible: visible, upward: scrollsUp, viewports: manager.configuration.prefetchDistance, rowCount: host.rowCount)
        var inWindow: Set<IndexPath> = [], newlyTold: [(IndexPath, Any)] = []
        for position in window.positions {
            guard let location = manager.location(ofPosition: position), location.role == .item else { continue }
            inWindow.insert(location.indexPath)
            guard told[location.indexPath] == nil, let model = manager.unwrappedModel(at: location) else { continue }
            told[location.indexPath] = model
            newlyTold.append((location.indexPath, model))
        }
        var cancelled: [(IndexPath, Any)] = []
        for (indexPath, model) in told where !inWindow.contains(indexPath) {
            told[indexPath] = nil
            let shown = manager.position(of: .item(indexPath)).map(visible.contains) ?? false
            if !shown { cancelled.append((indexPath, model)) }
        }
        cancel(cancelled)
        for (indexPath, model) in newlyTold {
            let _: Void? = manager.events.performModelEvent(.prefetch, model: model, at: .item(indexPath))
        }
    }

    private func cancel(_ items: [(IndexPath, Any)]) {
        for (indexPath, model) in items.sorted(by: { $0.0 < $1.0 }) {
            let _: Void? = manager.events.performModelEvent(.cancelPrefetching, model: model, at: .item(indexPath))
        }
    }
}
