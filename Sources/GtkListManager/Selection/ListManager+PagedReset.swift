import ModelStorage

extension ListManager {
    /// Shows `source`'s rows in `storage` instead (another order or filter), keeping the
    /// selection: each selected row is selected again where it shows in the new rows once it is
    /// read, and a row the new rows leave out stays unselected. The list shows the new rows
    /// from the first, as `reset(to:)` does.
    ///
    /// ```swift
    /// table.didChangeSort { [weak manager, weak storage] keys in
    ///     guard let manager, let storage, let sorted = try? storage.source.sorted(by: keys) else { return }
    ///     manager.reset(storage, to: sorted)
    /// }
    /// ```
    public func reset<Source: PageSource>(_ storage: PagedStorage<Source>, to source: Source) {
        checkConfinement()
        let selected = Set(selectedIndexPaths.compactMap { storage.rowID(at: $0.item).map(AnyHashable.init) })
        storage.reset(to: source)
        guard !selected.isEmpty else { return }
        features.install(
            PagedSelectionKeeper(manager: self, selecting: selected) { [weak storage] position in
                storage?.rowID(at: position).map(AnyHashable.init)
            })
    }
}
