import CGtk

/// A row or cell of the flow-box grid remembered before splices, and how far above its top the
/// viewport started: the next allocation scrolls it back to the same place on screen.
struct ViewportAnchor {
    let row: BoundRow
    let offset: Double
}

// Keeping the visible cells in place through splices, as the list box does: the focused cell,
// else the cell at the viewport's top (its line, as GTK lays the flow box out again), keeps its
// pixel; a removed one hands its place to its nearest surviving neighbour.
extension FlowBoxGridHost {
    /// Before a splice at `position`: when it is above the cell at the viewport's top (or at it,
    /// unless the grid is scrolled to its very top, where new cells show), remember that cell
    /// and its offset. A removal that takes the top cell away remembers its nearest surviving
    /// neighbour instead (the first after the removal, else the last before it).
    func keepVisibleRowsInPlace(around position: Int, removing removed: Range<Int>? = nil) {
        keepFocusedRowInPlace(removing: removed)
        guard pendingAnchor == nil, let (top, offset) = topOfViewport() else { return }
        if let removed, removed.contains(top) {
            pendingAnchor = neighbour(outside: removed).flatMap(boundRow(at:)).map { ViewportAnchor(row: $0, offset: offset) }
        } else if position < top || (position == top && (verticalAdjustment.map(gtk_adjustment_get_value) ?? 0) > 0) {
            pendingAnchor = boundRow(at: top).map { ViewportAnchor(row: $0, offset: offset) }
        }
        if pendingAnchor != nil { scrollAfterNextAllocation() }
    }

    /// Before a move: the cell at the viewport's top keeps its place on screen, wherever the
    /// moves take it.
    func keepTopRowInPlace() {
        keepFocusedRowInPlace()
        guard pendingAnchor == nil, let (top, offset) = topOfViewport(), let row = boundRow(at: top) else { return }
        pendingAnchor = ViewportAnchor(row: row, offset: offset)
        scrollAfterNextAllocation()
    }

    /// Before the cells at `removed` go: a remembered top cell among them hands its place to its
    /// nearest surviving neighbour; a remembered focused cell among them is forgotten.
    func keepAnchor(removing removed: Range<Int>) {
        if let focus = pendingFocusAnchor, position(of: focus.row).map(removed.contains) ?? true { pendingFocusAnchor = nil }
        guard let anchor = pendingAnchor, let anchored = position(of: anchor.row), removed.contains(anchored) else { return }
        pendingAnchor = neighbour(outside: removed).flatMap(boundRow(at:)).map { ViewportAnchor(row: $0, offset: anchor.offset) }
    }

    /// Scrolls the remembered focused cell, if it is still in the grid, else the remembered top
    /// cell, back to where it was on screen. Called after each allocation.
    func restoreAnchor() {
        let focusAnchor = pendingFocusAnchor.flatMap { position(of: $0.row) != nil ? $0 : nil }
        pendingFocusAnchor = nil
        focusAnchorNoted = false
        guard let anchor = focusAnchor ?? pendingAnchor else { return }
        pendingAnchor = nil
        guard let adjustment = verticalAdjustment, let position = position(of: anchor.row), let frame = rowFrame(at: position)
        else { return }
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let y = frame.y + ViewportScrolling.top(of: widget) + anchor.offset
        gtk_adjustment_set_value(adjustment, min(max(y, 0), max(upper, 0)))
    }

    /// Before a splice: the focused cell, when it shows (and the splice does not remove it),
    /// keeps its place on screen before the top cell does. Once per allocation.
    private func keepFocusedRowInPlace(removing removed: Range<Int>? = nil) {
        guard !focusAnchorNoted, gtk_widget_get_mapped(widget) != 0 else { return }
        focusAnchorNoted = true
        scrollAfterNextAllocation()
        guard let visible = visibleFrame, let focused = focusedPosition, !(removed?.contains(focused) ?? false),
            let frame = rowFrame(at: focused), frame.y + frame.height > visible.y, frame.y < visible.y + visible.height,
            let row = boundRow(at: focused)
        else { return }
        pendingFocusAnchor = ViewportAnchor(row: row, offset: visible.y - frame.y)
    }

    /// The position at the viewport's top and how far above its top the viewport starts; nil
    /// when the grid is not on screen.
    private func topOfViewport() -> (position: Int, offset: Double)? {
        guard let visible = visibleFrame, verticalAdjustment != nil, let top = position(atY: visible.y),
            let frame = rowFrame(at: top)
        else { return nil }
        return (top, visible.y - frame.y)
    }

    /// The first position after `removed`, else the last before it; nil when none is left.
    private func neighbour(outside removed: Range<Int>) -> Int? {
        if removed.upperBound < rowCount { return removed.upperBound }
        return removed.lowerBound > 0 ? removed.lowerBound - 1 : nil
    }
}
