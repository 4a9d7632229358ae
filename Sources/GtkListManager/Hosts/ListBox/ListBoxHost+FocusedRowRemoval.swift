// The focus handed on when the focused row is removed, to the row that took its place or the
// list box itself, without scrolling: the viewport stays where the change anchors it, and a
// row off screen leaves the focus to the list box.
extension ListBoxHost: FocusedRowRemoval {
    public func focusAfterRemoval(at position: Int?) {
        ListFocusHolding.focusNearest(to: position, in: self)
    }
}
