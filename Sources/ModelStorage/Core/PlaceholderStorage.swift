/// A storage that takes dropped items, and can show a stand-in model for one whose data
/// arrives later (a drop from another application still transferring its data).
///
/// `ListManager.drop(_:toPlaceholderAt:showing:)` inserts the placeholder, then either commits
/// the dropped item in its place or removes it; without a placeholder model it inserts the item
/// when it arrives. Each step is one change for the observers, and the placeholder follows its
/// row when other changes move it meanwhile (the manager finds it again by its row).
/// ``MemoryStorage`` adopts it with its ordinary insert, replace and remove.
@MainActor
public protocol PlaceholderStorage: ObservableStorage {
    /// Shows `model` at `indexPath`: an existing section, or the one after the last, and an item
    /// index at most the section's count.
    func insertPlaceholder(_ model: Any, at indexPath: IndexPath) throws(StorageAnomaly)
    /// Puts `item` where the placeholder at `indexPath` is, as one change. A storage that keeps
    /// its own order (a database) may show `item` where that order puts it.
    func commitPlaceholder(at indexPath: IndexPath, with item: Any) throws(StorageAnomaly)
    /// Removes the placeholder at `indexPath`.
    func removePlaceholder(at indexPath: IndexPath)
    /// Inserts a dropped `item` at `indexPath` (same bounds as a placeholder), where no
    /// placeholder was shown.
    func insertItem(_ item: Any, to indexPath: IndexPath) throws(StorageAnomaly)
}
