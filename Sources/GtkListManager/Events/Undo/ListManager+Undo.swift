import ModelStorage

// Undo and redo of the list's user actions.
extension ListManager {
    /// The history the list's user actions are recorded in, and Ctrl+Z and Shift+Ctrl+Z (or
    /// Ctrl+Y) take back and do again; nil (the default) records nothing and leaves the keys.
    ///
    /// Track the storages the actions change (`history.track(storage)`: a `MemoryStorage`, a
    /// `SortedStorage`, the base of a filtered list); each action the list performs for the user is one entry,
    /// named for a menu: a delete or insert committed by the Delete key or the context menu
    /// ("Delete", "Insert"), a move by Alt+Up or Alt+Down or by dragging rows ("Move"), a drop
    /// ("Drop"), an edit in place or of a table's cell ("Edit"). An app makes its own actions
    /// entries with `history.group(named:_:)`.
    ///
    /// ```swift
    /// let history = UndoHistory()
    /// history.track(storage)
    /// manager.undoHistory = history
    /// ```
    public var undoHistory: UndoHistory? {
        get { features.installed(UndoKeys.self)?.history }
        set {
            if let keys = features.installed(UndoKeys.self) {
                keys.history = newValue
            } else if newValue != nil {
                features.install(UndoKeys(manager: self, history: newValue))
            }
        }
    }

    /// Takes the last action of ``undoHistory`` back, selects the items it put back or changed
    /// and scrolls to the first of them, as Ctrl+Z does, once the storages applied it (at once for
    /// a `MemoryStorage`, after its job for a `SortedStorage`). False when there was nothing to
    /// undo.
    @discardableResult
    public func undo() -> Bool {
        guard let history = undoHistory, history.canUndo else { return false }
        history.undo { [weak self] restored in self?.selectShowing(restored) }
        return true
    }

    /// Does the last undone action again, as Shift+Ctrl+Z does, selecting what it changed.
    /// False when there was nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let history = undoHistory, history.canRedo else { return false }
        history.redo { [weak self] changed in self?.selectShowing(changed) }
        return true
    }

    /// Runs `body`, a change the list makes for the user, as one entry of ``undoHistory``
    /// named `name` (just runs it without one).
    func asUserAction<Result>(named name: String, _ body: () throws -> Result) rethrows -> Result {
        guard let history = undoHistory else { return try body() }
        return try history.group(named: name, body)
    }

    /// Selects the items with `identities` where the list shows them and scrolls to the first,
    /// replacing the selection. O(items); a lazy database storage reads no record for it.
    private func selectShowing(_ identities: [ModelIdentity]) {
        let wanted = Set(identities)
        guard !wanted.isEmpty else { return }
        let found = storage.indexPaths(ofIdentities: wanted)
        guard let first = found.first else { return }
        switch selectionMode {
        case .none: break
        case .multiple:
            deselectAll()
            for indexPath in found { selectItem(at: indexPath) }
        case .single, .browse:
            selectItem(at: first)
        }
        scrollTo(first, alignment: .nearest)
    }
}
