import CGtk
import ModelStorage

extension ListEvent {
    static let sizeForCell = ListEvent("sizeForCell", source: GridLayoutEvents.self)
    static let referenceSizeForHeader = ListEvent("referenceSizeForHeader", source: GridLayoutEvents.self)
    static let referenceSizeForFooter = ListEvent("referenceSizeForFooter", source: GridLayoutEvents.self)
    static let insetForSection = ListEvent("insetForSection", source: GridLayoutEvents.self)
    static let minimumLineSpacing = ListEvent("minimumLineSpacing", source: GridLayoutEvents.self)
    static let minimumInteritemSpacing = ListEvent("minimumInteritemSpacing", source: GridLayoutEvents.self)
}

/// The flow-layout sizing of DTCollectionViewManager on a grid host: sizes of cells, headers and
/// footers asked of their models when they are bound or refreshed (as row heights are), and a
/// section's insets and spacing asked by section index, applied to every section after a reload
/// and after any change that inserts, deletes or moves sections (their indexes shift).
///
/// A host that lays out no grid (no ``GridLayoutHosting``, or one that lays out a list now) cannot honour them: the
/// first time one would apply, it reports ``ManagerAnomaly/gridLayoutEventWithoutGrid(event:host:)``
/// (once per event) and does nothing.
@MainActor
final class GridLayoutEvents: OnDemandFeature {
    private unowned let manager: ListManager
    var insetForSection: ((Int) -> EdgeInsets)?
    var lineSpacingForSection: ((Int) -> Int)?
    var itemSpacingForSection: ((Int) -> Int)?
    /// The events already reported as unusable on this host.
    private var reported: Set<String> = []

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) { applySize(row) }
    func rowDidRefresh(_ row: BoundRow) { applySize(row) }
    func listDidReload() { applySectionMetrics() }

    func listDidApply(_ changes: ChangeSet) {
        if changes.contains(where: \.changesSectionIndexes) { applySectionMetrics() }
    }

    /// Asks the section closures again for every section: after a reload or a section change.
    func applySectionMetrics() {
        let events: [(ListEvent, Bool)] = [
            (.insetForSection, insetForSection != nil), (.minimumLineSpacing, lineSpacingForSection != nil),
            (.minimumInteritemSpacing, itemSpacingForSection != nil),
        ]
        guard events.contains(where: \.1) else { return }
        guard let grid = manager.host.grid else {
            for (event, registered) in events where registered { reportUnusable(event) }
            return
        }
        for section in 0..<manager.shownSectionCount {
            let metrics = SectionMetrics(
                insets: insetForSection?(section), lineSpacing: lineSpacingForSection?(section),
                itemSpacing: itemSpacingForSection?(section))
            grid.setSectionMetrics(metrics, ofSection: section)
        }
    }

    private func applySize(_ row: BoundRow) {
        let router = manager.events
        guard
            let (event, location) = router.roleEvent(
                for: row, item: .sizeForCell, header: .referenceSizeForHeader, footer: .referenceSizeForFooter)
        else { return }
        guard let grid = manager.host.grid else { return reportUnusable(event) }
        let size: GridSize? = router.performModelEvent(event, model: row.model, at: location)
        grid.setSize(size, for: row)
    }

    private func reportUnusable(_ event: ListEvent) {
        guard reported.insert(event.name).inserted else { return }
        manager.anomalyHandler.report(.gridLayoutEventWithoutGrid(event: event.name, host: String(describing: type(of: manager.host))))
    }
}

extension StorageChange {
    /// Whether the change shifts section indexes (a section inserted, deleted or moved).
    var changesSectionIndexes: Bool {
        switch self {
        case .insertSection, .deleteSection, .moveSection: true
        default: false
        }
    }
}
