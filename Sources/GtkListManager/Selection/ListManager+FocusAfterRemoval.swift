import ModelStorage

// The keyboard focus stays in the list when the focused row is removed (FocusedRowRemoval):
// the manager follows the focused item through a change set, and the host moves the focus.
extension ListManager {
    /// The focused item to follow through a change set, when the list has the focus on an item
    /// and its host can move it on.
    func focusedItemToFollow() -> FocusedItemFollower? {
        guard host is any FocusedRowRemoval, let position = host.focusedPosition,
            let indexPath = itemIndexPath(ofPosition: position)
        else { return nil }
        return FocusedItemFollower(indexPath: indexPath, position: position)
    }

    /// After a change set: when it removed the focused item, the focus goes to the row that
    /// took its place (the next, the previous at the end), or to the list itself when empty.
    func moveFocus(afterRemovalOf followed: FocusedItemFollower) {
        guard followed.wasRemoved, let host = host as? any FocusedRowRemoval else { return }
        let rowMap = updater.rowMap
        var target: Int?
        let place = followed.indexPath
        if !followed.sectionWasRemoved, place.section < rowMap.sectionCount {
            let count = rowMap.itemCount(inSection: place.section)
            if count > 0 {
                target = position(of: .item(IndexPath(item: min(max(place.item, 0), count - 1), section: place.section)))
            }
        }
        if target == nil, host.rowCount > 0 { target = min(followed.position, host.rowCount - 1) }
        host.focusAfterRemoval(at: target)
    }
}
