import ModelStorage

// Sticky parent rows: the manager knows the tree, the host pins (ParentRowPinning).
extension ListManager {
    /// Whether the ancestors of the row at the top of the viewport stay pinned there while a
    /// tree scrolls (VS Code's "sticky scroll"): a click on a pinned parent scrolls back to it.
    /// Off by default; on a host that cannot pin (not ``ParentRowPinning``), nothing is pinned.
    /// See <doc:Trees#Parent-rows-pinned-at-the-top>.
    public var pinsParentRows: Bool {
        get { (host as? any ParentRowPinning)?.parentOfRow != nil }
        set {
            guard let pinning = host as? any ParentRowPinning else { return }
            pinning.parentOfRow = newValue ? { [unowned self] in pinnableParent(ofRowAt: $0) } : nil
        }
    }

    /// The parent of the item at `position` in its section's tree, with the last row under it.
    private func pinnableParent(ofRowAt position: Int) -> PinnableParentRow? {
        guard let outline = storage as? any OutlineProviding, let indexPath = itemIndexPath(ofPosition: position),
            let parent = outline.parentIndexPath(of: indexPath), let parentPosition = self.position(of: .item(parent))
        else { return nil }
        return PinnableParentRow(position: parentPosition, lastDescendant: parentPosition + outline.visibleDescendantCount(at: parent))
    }
}
