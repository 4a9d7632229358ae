import CGtk

// The focus handed on when the focused row is removed, without scrolling: the viewport stays
// where the change anchors it, and a row off screen takes the focus once a scroll binds it
// (the list holds it meanwhile, so the keys go on from that row).
extension VirtualListHost: FocusedRowRemoval {
    public func focusAfterRemoval(at position: Int?) {
        guard let position, position < count,
            let target = focusable(from: position, stepping: 1) ?? focusable(from: position, stepping: -1)
        else { return ListFocusHolding.hold(widget) }
        if focusRow(at: target) { return }
        pendingFocus = target
        ListFocusHolding.hold(widget)
    }
}
