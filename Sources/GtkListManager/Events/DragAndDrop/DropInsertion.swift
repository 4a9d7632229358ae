import CGtk
import ModelStorage

/// Where a dragged item dropped at a point of the list would be inserted.
@MainActor
struct DropInsertion {
    let manager: ListManager

    /// The index path an item inserted at the pointer would get: before the item under the
    /// pointer (its upper half, or a grid cell's leading half: its right half right to left)
    /// or after it; the start of a section on its header (or a view placed before its items),
    /// its end on its footer (or a view placed after them); the end of the list below the rows.
    func indexPath(at point: (x: Int32, y: Int32)) -> IndexPath {
        let host = manager.host, grid = host.grid
        let (x, y) = (Double(point.x), Double(point.y))
        let rightToLeft = grid != nil && gtk_widget_get_direction(host.widget) == GTK_TEXT_DIR_RTL
        // Between a grid's cells: the last cell of the line that starts before the pointer.
        let hit =
            host.position(atX: x, y: y)
            ?? host.position(atY: y).map { cell(onLineOf: $0, startingBefore: x, rightToLeft: rightToLeft) }
        if let position = hit, let location = manager.location(ofPosition: position) {
            let section = location.section
            switch location.role {
            case .item:
                let after =
                    if let span = grid?.cellSpan(at: position) {
                        rightToLeft
                            ? x < span.x + span.width - (span.width / 2).rounded(.down)
                            : x >= span.x + (span.width / 2).rounded(.down)
                    } else {
                        host.rowFrame(at: position).map { y >= $0.y + ($0.height / 2).rounded(.down) } ?? false
                    }
                return IndexPath(item: location.indexPath.item + (after ? 1 : 0), section: section)
            case let .supplementary(kind):
                let beforeItems = manager.supplementaryArrangement.placement(of: kind) == .beforeItems
                return IndexPath(item: beforeItems ? 0 : manager.shownItemCount(inSection: section), section: section)
            }
        }
        let sections = manager.shownSectionCount
        guard sections > 0, y >= 0 else { return IndexPath(item: 0, section: 0) }
        return IndexPath(item: manager.shownItemCount(inSection: sections - 1), section: sections - 1)
    }

    /// From `position`, the last cell of its line (in a grid) whose leading edge is before `x`
    /// in reading order: its left edge left of `x`, or right to left its right edge right of it.
    private func cell(onLineOf position: Int, startingBefore x: Double, rightToLeft: Bool) -> Int {
        var current = position
        guard let grid = manager.host.grid else { return position }
        while let span = grid.cellSpan(at: current), let next = grid.cellSpan(at: current + 1),
            rightToLeft ? next.x < span.x && next.x + next.width >= x : next.x > span.x && next.x <= x
        {
            current += 1
        }
        return current
    }
}
