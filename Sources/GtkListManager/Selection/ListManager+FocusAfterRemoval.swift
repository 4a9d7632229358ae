import CGtk
import ModelStorage

// The keyboard focus stays in the list when the focused row is removed (FocusedRowRemoval):
// the manager follows the focused item through a change set, and the host moves the focus. A
// reload rebuilds every row: the focus goes back to the focused item's row, or to its place.
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
        host.focusAfterRemoval(
            at: focusTarget(near: followed.indexPath, position: followed.position, sectionGone: followed.sectionWasRemoved))
    }

    /// The row that takes the place of an item removed from `place` (`position` in the flat
    /// list before): the one now there in its section, else the row at its position; nil when
    /// the list has no rows.
    private func focusTarget(near place: IndexPath, position: Int, sectionGone: Bool) -> Int? {
        let rowMap = updater.rowMap
        if !sectionGone, place.section < rowMap.sectionCount {
            let count = rowMap.itemCount(inSection: place.section)
            if count > 0 {
                return self.position(of: .item(IndexPath(item: min(max(place.item, 0), count - 1), section: place.section)))
            }
        }
        return host.rowCount > 0 ? min(position, host.rowCount - 1) : nil
    }

    // MARK: - Reloads

    /// The item whose row has the focus before a reload: its identity, read from the model the
    /// row still shows (the storage already holds the new content), and where it was.
    struct FocusedItemBeforeReload {
        let identity: ModelIdentity?
        let indexPath: IndexPath
        let position: Int
    }

    func focusedItemToKeep() -> FocusedItemBeforeReload? {
        guard host is any FocusedRowRemoval, let position = host.focusedPosition,
            let indexPath = itemIndexPath(ofPosition: position)
        else { return nil }
        let identity = host.boundRow(at: position).flatMap { ModelIdentity(of: $0.model) }
        return FocusedItemBeforeReload(identity: identity, indexPath: indexPath, position: position)
    }

    /// After a reload: the list holds the focus at once (the keys go on reaching it), and once
    /// the new rows are laid out (the frame after the next: ticks run before a frame's layout),
    /// the focus goes to the row of the same item, found by identity (O(items)), else to the row
    /// in its place, as after a removal. Left alone if the focus went elsewhere meanwhile.
    func moveFocus(afterReloadFrom focused: FocusedItemBeforeReload) {
        guard let host = host as? any FocusedRowRemoval else { return }
        host.focusAfterRemoval(at: nil)
        var framesToWait = 1
        reloadFocusTicker.start { [weak self] _ in
            guard framesToWait == 0 else {
                framesToWait -= 1
                return true
            }
            guard let self, gtk_widget_has_focus(host.widget) != 0 else { return false }
            let found = focused.identity.flatMap { self.indexPath(ofIdentity: $0) }.flatMap { self.position(of: .item($0)) }
            host.focusAfterRemoval(at: found ?? focusTarget(near: focused.indexPath, position: focused.position, sectionGone: false))
            return false
        }
    }

    /// Where the storage holds the item with `identity`; nil when it holds none. O(items).
    private func indexPath(ofIdentity identity: ModelIdentity) -> IndexPath? {
        storage.indexPaths(ofIdentities: [identity]).first
    }
}
