/// The full records a ``LazyDatabaseStorage`` has read, bounded: the records of the rows on
/// screen and around them, not the table.
///
/// Two generations approximate least-recently-used eviction without bookkeeping per access:
/// records are added to the young generation; when it is full it becomes the old one and the
/// previous old one is dropped; a record found in the old generation moves back to the young.
struct RecordCache<ID: Hashable, Record> {
    /// How many records each generation holds at most.
    let capacity: Int
    private var young: [ID: Record] = [:]
    private var old: [ID: Record] = [:]

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The record with `id`, if it was read and not evicted since.
    mutating func record(for id: ID) -> Record? {
        if let record = young[id] { return record }
        guard let record = old.removeValue(forKey: id) else { return nil }
        insert(record, for: id)
        return record
    }

    /// The record with `id` if it is held, without changing its age.
    func peek(_ id: ID) -> Record? {
        young[id] ?? old[id]
    }

    /// True when the record with `id` is held, without changing its age.
    func contains(_ id: ID) -> Bool {
        young[id] != nil || old[id] != nil
    }

    /// Holds `record` as the newest version of `id`.
    mutating func insert(_ record: Record, for id: ID) {
        old[id] = nil
        if young.count >= capacity, young[id] == nil {
            old = young
            young = [:]
            young.reserveCapacity(capacity)
        }
        young[id] = record
    }

    /// The number of records held.
    var count: Int { young.count + old.count }
}
