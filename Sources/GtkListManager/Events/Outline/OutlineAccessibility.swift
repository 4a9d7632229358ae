import CAccessibility
import CGtk

// A tree, to screen readers (glm_accessible_tree.c): the list is a tree of tree items while
// the storage shows trees, and a reader opens, closes and activates its rows through their
// actions as the user does with the arrow and Enter: reactions may refuse, and hear of it.
extension OutlineEvents {
    /// Makes the list a tree to screen readers while the storage shows one, a list otherwise.
    func showTreeToScreenReaders(_ isTree: Bool) {
        guard isTree else { return glm_accessible_set_tree(manager.widget, nil, nil, nil) }
        let userData = CallbackBox(WeakOutlineEvents(self)).retainedPointer()
        glm_accessible_set_tree(
            manager.widget,
            { rowWidget, action, userData in
                let box = CallbackBox<WeakOutlineEvents>.payload(of: userData)
                guard let rowWidget else { return 0 }
                return MainActor.assumeIsolated { box.events?.perform(action, onRowOf: rowWidget) ?? false } ? 1 : 0
            }, userData, CallbackBoxRelease.destroyNotify)
    }

    /// Performs a reader's `action` on the row shown by `rowWidget`; false when it did nothing.
    private func perform(_ action: GlmAccessibleRowAction, onRowOf rowWidget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var found: (row: BoundRow, location: RowLocation)?
        manager.forEachBoundRowWithLocation { row, location in
            if row.hostWidget == rowWidget { found = (row, location) }
        }
        guard let (row, location) = found, location.role == .item else { return false }
        let indexPath = location.indexPath
        switch action {
        case GLM_ACCESSIBLE_ROW_ACTION_EXPAND_OR_CONTRACT:
            guard let place = outline?.outlinePlace(at: indexPath) else { return false }
            return setExpanded(!place.isExpanded, at: indexPath)
        case GLM_ACCESSIBLE_ROW_ACTION_ACTIVATE:
            guard let position = manager.host.position(of: row) else { return false }
            manager.userDidActivateRow(at: position)
            return true
        default:
            return false
        }
    }

    /// The events a list widget's tree reaches; the widget may outlive them.
    final class WeakOutlineEvents {
        weak var events: OutlineEvents?
        init(_ events: OutlineEvents) { self.events = events }
    }
}
