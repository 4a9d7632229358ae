import ModelStorage

extension ListEvent {
    /// Installs the tracking of drops whose placeholder model is shown; no reaction is ever
    /// registered for it.
    static let dropPlaceholders = ListEvent("dropPlaceholders", source: DropPlaceholderTracker.self)
}

/// The drops of one list whose placeholder model is shown, until each is committed or removed:
/// it makes each follow the storage's changes (before the rows move, so a row bound by the
/// change finds its drop) and keeps the `list-drop-placeholder` style class on the rows that
/// show them (``PlaceholderRowStyle``). Installed by the first ``DropPlaceholder``.
@MainActor
final class DropPlaceholderTracker: OnDemandFeature {
    private unowned let manager: ListManager
    /// Held here until settled: the app may drop its reference meanwhile.
    private var unsettled: [DropPlaceholder] = []
    private var style = PlaceholderRowStyle()

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func track(_ drop: DropPlaceholder) {
        unsettled.append(drop)
        refreshStyle()
    }

    func forget(_ drop: DropPlaceholder) {
        unsettled.removeAll { $0 === drop }
        refreshStyle()
    }

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) { refreshStyle() }

    func listWillReload() {
        // The placeholder models go with the old rows, or are never told apart from the others.
        for drop in unsettled { drop.lose() }
    }

    func listDidReload() { refreshStyle() }

    func listWillApply(_ run: ChangeRun) {
        guard !unsettled.isEmpty else { return }
        for drop in unsettled { drop.follow(run) }
    }

    func listDidApply(_ changes: ChangeSet) { refreshStyle() }

    private func refreshStyle() {
        let wanted = unsettled.compactMap(\.placeholderIndexPath)
        guard style.isNeeded(for: wanted) else { return }
        style.mark(wanted, in: manager)
    }
}
