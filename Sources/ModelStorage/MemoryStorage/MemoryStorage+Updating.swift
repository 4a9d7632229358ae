// Updates keep an item's position and tell observers to refresh its row in place.
extension MemoryStorage {
    /// Records an update for the first item equal to `item`, so its row refreshes in place.
    public func reloadItem<T: Equatable>(_ item: T) {
        guard let indexPath = indexPath(forItem: item) else {
            refuse(.reloadItemFailedItemNotFound(itemDescription: String(describing: item)))
            return
        }
        reloadItem(at: indexPath)
    }

    /// Records an update for the item at `indexPath`, so its row refreshes in place.
    public func reloadItem(at indexPath: IndexPath) {
        guard let model = existingItem(at: indexPath) else { return }
        transaction { recorder.record(.updateItem(at: indexPath, model: model)) }
    }

    /// Replaces the first item equal to `item` with `newItem`, in place.
    ///
    /// - Throws: ``StorageAnomaly/replaceItemFailedItemNotFound(itemDescription:)``; nothing
    ///   changes then.
    public func replaceItem<T: Equatable>(_ item: T, with newItem: Any) throws(StorageAnomaly) {
        guard let indexPath = indexPath(forItem: item) else {
            throw refuse(.replaceItemFailedItemNotFound(itemDescription: String(describing: item)))
        }
        try replaceItem(at: indexPath, with: newItem)
    }

    /// Replaces the item at `indexPath` with `newItem`, in place.
    ///
    /// - Throws: ``StorageAnomaly/itemIndexPathOutOfRange(indexPath:countOfElementsInSection:)``
    ///   or ``StorageAnomaly/invalidIndexPath(indexPath:)``; nothing changes then.
    public func replaceItem(at indexPath: IndexPath, with newItem: Any) throws(StorageAnomaly) {
        if let absence = absenceOfItem(at: indexPath) { throw refuse(absence) }
        transaction {
            sections[indexPath.section].items[indexPath.item] = newItem
            recorder.record(.updateItem(at: indexPath, model: newItem))
        }
    }

    /// The item at `indexPath`, or nil after reporting why there is none.
    private func existingItem(at indexPath: IndexPath) -> Any? {
        if let absence = absenceOfItem(at: indexPath) {
            refuse(absence)
            return nil
        }
        return sections[indexPath.section].items[indexPath.item]
    }
}
