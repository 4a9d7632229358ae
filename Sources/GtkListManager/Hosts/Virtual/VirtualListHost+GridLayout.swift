import CGtk
import CVirtualList

// The grid capability: cell sizes and section metrics from the manager's sizing events.
extension VirtualListHost {
    public var laysOutGrid: Bool { index.isGrid }

    public func setSize(_ size: GridSize?, for row: BoundRow) {
        guard index.isGrid, let position = position(of: row), index.setGivenSize(size, of: position) else { return }
        geometryChanged()
    }

    public func setSectionMetrics(_ metrics: SectionMetrics, ofSection section: Int) {
        index.setMetrics(metrics, ofSection: section)
        geometryChanged()
    }

    /// Sizes changed, not positions: the next allocation places anew.
    private func geometryChanged() {
        if !isLayingOut { glm_virtual_list_queue_layout(list) }
    }
}
