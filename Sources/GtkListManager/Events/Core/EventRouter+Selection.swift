import ModelStorage

/// The user's changes of the selection go through the selection reactions, wherever the
/// manager hears of them (a click, a key, the rubber band, a screen reader).
extension EventRouter {
    /// The selection after the user added `added` and removed `removed`, as `willSelect` and
    /// `willDeselect` settle it; `shown` when no selection reaction is installed.
    func settleUserSelection(added: [IndexPath], removed: [IndexPath], shown: Set<IndexPath>, in manager: ListManager)
        -> Set<IndexPath>
    {
        manager.features.installed(SelectionEvents.self)?.settle(added: added, removed: removed, shown: shown, in: manager) ?? shown
    }

    /// Reports the user's settled change from `before` to `after`: `didDeselect`, `didSelect`
    /// and `selectionDidChange`.
    func reportUserSelection(before: Set<IndexPath>, after: Set<IndexPath>, in manager: ListManager) {
        manager.features.installed(SelectionEvents.self)?.report(before: before, after: after, in: manager)
    }
}
