import ModelStorage

extension ListManager {
    /// Shows the read status of `storage` as the list's ``contentState``: a spinner while its
    /// first rows are read (``ListContentState/loading``), its `lastError` with a
    /// "Try Again" button that reads again at once when a read failed
    /// (``ListContentState/failed(message:retry:)``), the rows otherwise.
    ///
    /// ```swift
    /// manager.showsStatus(of: storage)
    /// ```
    ///
    /// The content state shows while the list has no rows. Once positions are known, the rows
    /// not read yet show "Loading…" (``PendingItemRow``) until they come; a failure then keeps
    /// them so and is tried again, and `lastError` says why. The storage's
    /// `statusDidChange` runs what it ran before, then this.
    public func showsStatus<Source: PageSource>(of storage: PagedStorage<Source>) {
        let earlier = storage.statusDidChange
        storage.statusDidChange = { [weak self, weak storage] in
            earlier?()
            guard let self, let storage else { return }
            showContentState(of: storage)
        }
        showContentState(of: storage)
    }

    /// Sets the content state when it changes kind or message: a read starting or ending in
    /// the same state builds no widget.
    private func showContentState<Source: PageSource>(of storage: PagedStorage<Source>) {
        let state = Self.contentState(of: storage)
        guard state.isLoading != contentState.isLoading || state.failureMessage != contentState.failureMessage else { return }
        contentState = state
    }

    private static func contentState<Source: PageSource>(of storage: PagedStorage<Source>) -> ListContentState {
        if let error = storage.lastError {
            return .failed(message: "\(error)", retry: { [weak storage] in storage?.retry() })
        }
        return storage.isLoading && storage.count == 0 ? .loading : .ready
    }
}
