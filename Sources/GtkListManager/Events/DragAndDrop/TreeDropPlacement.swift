import ModelStorage

/// Where rows dropped at a point of a tree go, as in a file manager: into the row under the
/// pointer when it has (or may have) children and the pointer is in the middle half of it;
/// otherwise before it in its upper half, after it in its lower half; below every row, after
/// the last top-level row.
@MainActor
struct TreeDropPlacement {
    let manager: ListManager

    /// The placement for a drop at `point`; nil over a header or a footer, or in an empty list.
    func placement(at point: (x: Int32, y: Int32)) -> OutlineRowPlacement? {
        guard let outline = manager.storage as? any OutlineProviding else { return nil }
        let host = manager.host
        let y = Double(point.y)
        guard let position = host.position(atX: Double(point.x), y: y) else { return belowTheRows(in: outline) }
        guard let location = manager.location(ofPosition: position), location.role == .item,
            let frame = host.rowFrame(at: position)
        else { return nil }
        let indexPath = location.indexPath
        let offset = (y - frame.y) / max(frame.height, 1)
        if outline.outlinePlace(at: indexPath)?.hasChildren == true, offset >= 0.25, offset < 0.75 {
            return .into(indexPath)
        }
        return offset < 0.5 ? .before(indexPath) : .after(indexPath)
    }

    /// After the top-level row of the last row, when the pointer is below the rows.
    private func belowTheRows(in outline: any OutlineProviding) -> OutlineRowPlacement? {
        let sections = manager.shownSectionCount
        guard sections > 0 else { return nil }
        let count = manager.shownItemCount(inSection: sections - 1)
        guard count > 0 else { return nil }
        var last = IndexPath(item: count - 1, section: sections - 1)
        while let parent = outline.parentIndexPath(of: last) { last = parent }
        return .after(last)
    }
}
