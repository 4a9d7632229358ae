import CGtk

// The focus handed on when the focused row is removed, without scrolling: the viewport stays
// where the change anchors it, and a row off screen leaves the focus to the list. Not kept for
// later: a row bound by a later scroll (a reveal, a restored place) would take the focus then and
// GTK would scroll to it, away from where that scroll put the list.
extension VirtualListHost: FocusedRowRemoval {
    public func focusAfterRemoval(at position: Int?) {
        guard let position, position < count,
            let target = focusable(from: position, stepping: 1) ?? focusable(from: position, stepping: -1),
            placedRows[target] != nil, focusRow(at: target)
        else { return ListFocusHolding.hold(widget) }
    }
}
