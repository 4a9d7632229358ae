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

/// Selects again the rows that were selected when a paged storage was reset to another order
/// or filter, each where it shows once its row is read: the reset made every position a
/// stand-in, and a selected row may come anywhere in the new order, or not at all.
@MainActor
final class PagedSelectionKeeper: ListFeature {
    private unowned let manager: ListManager
    /// The identities of the rows still to select.
    private var pending: Set<AnyHashable>
    /// The identity of the row read at a position, nil while none is.
    private let rowID: (Int) -> AnyHashable?

    init(manager: ListManager, selecting pending: Set<AnyHashable>, rowID: @escaping (Int) -> AnyHashable?) {
        self.manager = manager
        self.pending = pending
        self.rowID = rowID
    }

    func listDidApply(_ changes: ChangeSet) {
        guard !pending.isEmpty else { return }
        for change in changes {
            switch change {
            case .insertItem(let indexPath, _), .updateItem(let indexPath, _): select(at: indexPath)
            default: break
            }
        }
    }

    private func select(at indexPath: IndexPath) {
        guard let id = rowID(indexPath.item), pending.remove(id) != nil else { return }
        _ = manager.selectItem(at: indexPath)
    }
}
