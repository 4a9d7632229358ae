import ModelStorage

extension ListManager {
    /// Scrolls the list so that the item at `indexPath` is on screen, placed as `alignment`
    /// says; false (and no scrolling) when there is no such item. A list not laid out yet
    /// scrolls once it is.
    @discardableResult
    public func scrollTo(_ indexPath: IndexPath, alignment: ScrollAlignment = .nearest) -> Bool {
        checkConfinement()
        return scroll(to: .item(indexPath), alignment: alignment)
    }

    /// Scrolls the list so that the supplementary view of `kind` of `section` (its header, its
    /// footer, …) is on screen, placed as `alignment` says; false (and no scrolling) when the
    /// list shows no such view.
    @discardableResult
    public func scrollTo(_ kind: SupplementaryKind, ofSection section: Int, alignment: ScrollAlignment = .nearest) -> Bool {
        checkConfinement()
        return scroll(to: .supplementary(kind, inSection: section), alignment: alignment)
    }

    private func scroll(to location: RowLocation, alignment: ScrollAlignment) -> Bool {
        guard let position = position(of: location) else { return false }
        host.scrollTo(position: position, alignment: alignment)
        return true
    }

    /// Binds and places now the rows the viewport shows, instead of at the next frame
    /// (UIKit's `layoutIfNeeded`): after a change, ``boundRow(at:)`` finds the rows on screen
    /// on every host, a virtualized one included. Nothing happens for a list not on screen.
    public func layoutIfNeeded() {
        checkConfinement()
        host.layoutIfNeeded()
    }
}
