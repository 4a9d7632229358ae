import ModelStorage

// "Show in folder": one call brings an item of a tree storage on screen, selected, however deep
// it is and whether or not its folders were read.
extension ListManager {
    /// Shows `item` of the list's tree storage (one that is `OutlineRevealing`, as
    /// `OutlineStorage` is): its ancestors are expanded, the children of those read lazily
    /// are read on the way (`ancestors` names the way from the top for an item not read yet),
    /// the list scrolls to its row, placed as `alignment` says, and selects it (instead of the
    /// selection, in any selection mode but none; never reported as a user selection). The
    /// keyboard focus stays where it is.
    ///
    /// ```swift
    /// await manager.reveal(file, under: [home, documents, invoices])   // "Show in Folder"
    /// ```
    ///
    /// - Returns: whether the item shows: false when the storage is not a tree that can
    ///   reveal, or it could not (see `OutlineStorage.reveal(_:under:)`: the item not found,
    ///   a read that failed, the way collapsed meanwhile).
    @discardableResult
    public func reveal<Item: Hashable>(
        _ item: Item, under ancestors: [Item] = [], alignment: ScrollAlignment = .center, selecting: Bool = true
    ) async -> Bool {
        checkConfinement()
        guard let tree = storage as? any OutlineRevealing,
            let indexPath = await tree.revealItem(AnyHashable(item), under: ancestors.map { AnyHashable($0) }),
            // The list may show another storage by now.
            storage as AnyObject === tree as AnyObject
        else { return false }
        guard scrollTo(indexPath, alignment: alignment) else { return false }
        if selecting, host.selectionMode != .none { replaceSelection(with: [indexPath]) }
        return true
    }
}
