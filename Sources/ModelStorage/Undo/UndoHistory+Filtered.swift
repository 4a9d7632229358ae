// Undo through a filtered list: the changes are the base's, and so is what an undo restores.
extension UndoHistory {
    /// Records the changes of the storage `filtered` shows, its base, as ``track(_:)`` does: an
    /// undo restores the base, items the filter hides included, and the filtered list shows
    /// those that pass. Nothing is recorded when the base is not an ``UndoableStorage``.
    public func track<Model>(_ filtered: FilteredStorage<Model>) {
        guard let base = filtered.base as? any UndoableStorage else { return }
        track(base)
    }

    /// Stops recording the changes of `filtered`'s base.
    public func stopTracking<Model>(_ filtered: FilteredStorage<Model>) {
        guard let base = filtered.base as? any UndoableStorage else { return }
        stopTracking(base)
    }
}
