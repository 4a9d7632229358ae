import ModelStorage

// The ids a FilteredStorage filters a lazy storage by: held for every row, so a filter (the ids
// a full-text search found) scans a million rows without reading one record.
extension LazyDatabaseStorage: KeyFilterableStorage {
    /// The ids of the records of `section`, in order; nil for a drop's placeholder row.
    public func filterKeys(inSection section: Int) -> [Record.ID?] {
        guard identities.drops.isEmpty else {
            return (0..<numberOfItems(inSection: section)).map { id(at: IndexPath(item: $0, section: section)) }
        }
        return identities.records(inSection: section).map { $0.id }
    }

    /// The id of a record the storage's changes carry.
    public func filterKey(ofModel model: Any) -> Record.ID? {
        (model as? Record)?.id ?? (model as? Identity)?.id
    }
}
