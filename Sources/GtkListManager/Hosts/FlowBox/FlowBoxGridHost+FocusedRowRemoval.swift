import CGtk

// The focus handed on when the focused cell is removed, to the cell that took its place or the
// grid itself, without scrolling: the viewport stays where the change anchors it, and a cell
// off screen leaves the focus to the grid.
extension FlowBoxGridHost: FocusedRowRemoval {
    public func focusAfterRemoval(at position: Int?) {
        var focused = false
        if let position, position < rowCount {
            // The nearest one on screen after it that can take the focus (a header may not),
            // else before; a few each way, as focusing one costs a look at the selection.
            func focus(_ candidate: Int) -> Bool {
                ListFocusHolding.isOnScreen(candidate, of: self) && focusRow(at: candidate)
            }
            ListFocusHolding.withoutScrolling(verticalAdjustment) {
                focused =
                    (position..<min(position + 64, rowCount)).contains(where: focus)
                    || (max(position - 64, 0)..<position).reversed().contains(where: focus)
            }
        }
        if !focused { ListFocusHolding.hold(widget) }
    }
}
