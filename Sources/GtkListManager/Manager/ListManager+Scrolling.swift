import ModelStorage

extension ListManager {
    /// Scrolls the list so that the item at `indexPath` is on screen, placed as `alignment`
    /// says; false (and no scrolling) when there is no such item. A list not laid out yet
    /// scrolls once it is.
    @discardableResult
    public func scrollTo(_ indexPath: IndexPath, alignment: ScrollAlignment = .nearest) -> Bool {
        checkConfinement()
        guard let position = position(of: .item(indexPath)) else { return false }
        host.scrollTo(position: position, alignment: alignment)
        return true
    }
}
