extension StorageChange {
    /// Where the item at `indexPath` is once this entry is applied: shifted by the inserts and
    /// deletes before it, carried by its section's moves and by its own; nil when this entry
    /// deletes it (or its section).
    ///
    /// Following an index path through a change set entry by entry tells where an item of the
    /// old state is in the new one: selections and cursors survive changes this way, and an
    /// observer behind its storage finds the storage's index path of a model it shows.
    public func destination(ofItemAt indexPath: IndexPath) -> IndexPath? {
        switch self {
        case .insertSection, .deleteSection, .moveSection:
            return destination(ofSection: indexPath.section).map { IndexPath(item: indexPath.item, section: $0) }
        case .updateSection, .updateItem:
            return indexPath
        case let .insertItem(inserted, _):
            return Self.item(indexPath, afterInserting: inserted)
        case let .deleteItem(deleted):
            return Self.item(indexPath, afterDeleting: deleted)
        case let .moveItem(from, to):
            guard indexPath != from else { return to }
            return Self.item(indexPath, afterDeleting: from).map { Self.item($0, afterInserting: to) }
        }
    }

    /// Where the section at `index` is once this entry is applied; nil when this entry deletes
    /// it. Item entries leave sections where they are.
    public func destination(ofSection index: Int) -> Int? {
        switch self {
        case let .insertSection(inserted, _):
            return index >= inserted ? index + 1 : index
        case let .deleteSection(deleted):
            if index == deleted { return nil }
            return index > deleted ? index - 1 : index
        case let .moveSection(from, to):
            if index == from { return to }
            if from < to, index > from, index <= to { return index - 1 }
            if to < from, index >= to, index < from { return index + 1 }
            return index
        case .updateSection, .insertItem, .deleteItem, .moveItem, .updateItem:
            return index
        }
    }

    private static func item(_ path: IndexPath, afterInserting inserted: IndexPath) -> IndexPath {
        guard path.section == inserted.section, path.item >= inserted.item else { return path }
        return IndexPath(item: path.item + 1, section: path.section)
    }

    private static func item(_ path: IndexPath, afterDeleting deleted: IndexPath) -> IndexPath? {
        guard path.section == deleted.section else { return path }
        if path.item == deleted.item { return nil }
        return path.item > deleted.item ? IndexPath(item: path.item - 1, section: path.section) : path
    }
}
