import CGtk

// A change keeps the focused row where it shows (issue 35): the first splice after a layout
// notes where the focused row is on screen, and the next layout anchors the viewport so that the
// row is there again, wherever the change took it. With no focused row on screen, or
// once it has left the list, the top row's anchor applies as the splices moved it (a removed top
// row gives its place to its nearest surviving neighbour).
extension VirtualListHost {
    /// Before a splice: notes where the focused row shows, when it shows and nothing is noted
    /// since the last layout: its row widget (which moves with it through splices) and its top's
    /// offset from the viewport's top.
    func noteFocusedRowPlace() {
        // Once: a focused row the splices remove hands the focus on to a row the index has moved.
        guard !focusedRowNoted, !isLayingOut else { return }
        focusedRowNoted = true
        guard let position = focusedPosition, let placed = placedRows[position] else { return }
        let band = index.band(of: position), top = band.top - scrollTop
        guard top + band.height > 0, top < viewportSize.height else { return }
        focusedRowPlace = (placed.rowWidget, top)
    }

    /// Where the focused row noted before the splices is now, and where it showed then; nil
    /// when it is not in the list any more.
    func focusedRowTarget() -> (position: Int, top: Int)? {
        guard let place = focusedRowPlace, let position = position(ofRowWidget: place.rowWidget) else { return nil }
        return (position, place.top)
    }

    /// Anchors the viewport so that the row at `position` has its top `top` pixels below the
    /// viewport's top (the end of the content clamps it later).
    func anchor(row position: Int, top: Int) {
        guard position < count else { return }
        let contentTop = max(index.band(of: position).top - top, 0)
        guard let row = index.position(atOffset: contentTop) else { return }
        anchor = row
        anchorOffset = contentTop - index.band(of: row).top
    }
}
