// MemoryStorage takes reorders and drops through its ordinary, recorded API.
extension MemoryStorage: ReorderableStorage {}

extension MemoryStorage: PlaceholderStorage {
    public func insertPlaceholder(_ model: Any, at indexPath: IndexPath) throws(StorageAnomaly) {
        try insertItem(model, to: indexPath)
    }

    public func commitPlaceholder(at indexPath: IndexPath, with item: Any) throws(StorageAnomaly) {
        try replaceItem(at: indexPath, with: item)
    }

    public func removePlaceholder(at indexPath: IndexPath) {
        removeItems(at: [indexPath])
    }
}
