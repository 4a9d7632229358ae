// The focus handed on when the focused cell is removed, to the cell that took its place or the
// grid itself, without scrolling: the viewport stays where the change anchors it, and a cell
// off screen leaves the focus to the grid.
extension FlowBoxGridHost: FocusedRowRemoval {
    public func focusAfterRemoval(at position: Int?) {
        ListFocusHolding.focusNearest(to: position, in: self)
    }
}
