import GRDB
import ModelStorage

extension LazyDatabaseStorage: PlaceholderStorage {
    /// How a record dropped into the list is stored; nil (the default) refuses drops. The
    /// storage reads the stored record's identity in the same transaction. See
    /// ``DatabaseInsertion``.
    public var dropInsertion: DatabaseInsertion<Record, SectionKey>? {
        get { currentDropInsertion }
        set {
            currentDropInsertion = newValue
            let readIdentity = readIdentity
            identities.writeDroppedItem = newValue.map { insertion in
                { item in
                    guard let record = item as? Record else { return nil }
                    return { db, section in
                        let stored = try insertion.insert(db, record, section)
                        guard let identity = try readIdentity(db, stored.id) else { throw StoredRecordNotFollowed() }
                        return StoredDrop(record: identity, shown: stored)
                    }
                }
            }
        }
    }

    /// Shows `model` at `indexPath` until the drop settles: see
    /// ``DatabaseStorage/insertPlaceholder(_:at:)``.
    public func insertPlaceholder(_ model: Any, at indexPath: IndexPath) throws(StorageAnomaly) {
        try identities.insertPlaceholder(model, at: indexPath)
    }

    /// Shows `item` in the placeholder's row and inserts it: see
    /// ``DatabaseStorage/commitPlaceholder(at:with:)``.
    public func commitPlaceholder(at indexPath: IndexPath, with item: Any) throws(StorageAnomaly) {
        try identities.commitPlaceholder(at: indexPath, with: item)
    }

    /// Removes the placeholder at `indexPath`.
    public func removePlaceholder(at indexPath: IndexPath) {
        identities.removePlaceholder(at: indexPath)
    }

    /// Shows `item` at `indexPath` and inserts it: see ``DatabaseStorage/insertItem(_:to:)``.
    public func insertItem(_ item: Any, to indexPath: IndexPath) throws(StorageAnomaly) {
        try identities.insertItem(item, to: indexPath)
    }
}

/// The record a drop inserted is not one the storage's request returns.
struct StoredRecordNotFollowed: Error, CustomStringConvertible {
    var description: String { "the dropped record was inserted, but the storage's request does not return it" }
}
