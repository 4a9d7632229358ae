import ModelStorage

/// The rows drops add to what a ``DatabaseStorage`` shows before their records are in the
/// database: placeholders, and dropped records being written.
///
/// Entries are addressed as the list shows them, records and entries together. The storage
/// applies no result while an entry is shown, so the records around entries stay put and an
/// entry's index path changes only when another entry of its section comes or goes. At most one
/// section is the overlay's own: the one after the last section of records, opened by a drop
/// past the end (into an empty list, say).
struct DropOverlay {
    /// A placeholder, or a dropped record being written.
    struct Entry {
        /// Names the entry while its index path changes.
        let token: Int
        var indexPath: IndexPath
        /// What the row shows: the placeholder model, then the dropped item.
        var model: Any
        /// True once the dropped item is being written.
        var isWriting = false
    }

    private(set) var entries: [Entry] = []
    private var nextToken = 0

    var isEmpty: Bool { entries.isEmpty }

    /// The number of sections shown when `recordSections` hold records: one more when an entry
    /// opened a section of its own.
    func numberOfSections(withRecordSections recordSections: Int) -> Int {
        entries.contains { $0.indexPath.section >= recordSections } ? recordSections + 1 : recordSections
    }

    /// The number of entries in `section`.
    func count(inSection section: Int) -> Int {
        entries.count { $0.indexPath.section == section }
    }

    /// The entry shown at `indexPath`, or nil.
    func entry(at indexPath: IndexPath) -> Entry? {
        entries.first { $0.indexPath == indexPath }
    }

    /// The entry named `token`, or nil once it left.
    func entry(named token: Int) -> Entry? {
        entries.first { $0.token == token }
    }

    /// Where the record shown at `indexPath` is among the records alone; nil for an entry.
    func recordIndexPath(shownAt indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2, entry(at: indexPath) == nil else { return nil }
        return IndexPath(item: indexPath.item - entriesBefore(indexPath), section: indexPath.section)
    }

    /// Where the record at `recordIndexPath` (among the records alone) is shown.
    func shownIndexPath(ofRecordAt recordIndexPath: IndexPath) -> IndexPath {
        var item = recordIndexPath.item
        for entry in entries.sorted(by: { $0.indexPath.item < $1.indexPath.item })
        where entry.indexPath.section == recordIndexPath.section && entry.indexPath.item <= item {
            item += 1
        }
        return IndexPath(item: item, section: recordIndexPath.section)
    }

    /// The number of entries of `indexPath`'s section above it.
    func entriesBefore(_ indexPath: IndexPath) -> Int {
        entries.count { $0.indexPath.section == indexPath.section && $0.indexPath.item < indexPath.item }
    }

    /// Shows `model` at `indexPath`, moving the entries at or below it in its section down one;
    /// returns the new entry's token.
    mutating func insert(_ model: Any, at indexPath: IndexPath, isWriting: Bool) -> Int {
        for index in entries.indices
        where entries[index].indexPath.section == indexPath.section && entries[index].indexPath.item >= indexPath.item {
            entries[index].indexPath.item += 1
        }
        nextToken += 1
        entries.append(Entry(token: nextToken, indexPath: indexPath, model: model, isWriting: isWriting))
        return nextToken
    }

    /// Shows `model` for the entry named `token`, now being written.
    mutating func startWriting(_ token: Int, showing model: Any) {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return }
        entries[index].model = model
        entries[index].isWriting = true
    }

    /// Takes the entry named `token` away, moving the entries below it in its section up one.
    @discardableResult
    mutating func remove(_ token: Int) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return nil }
        let removed = entries.remove(at: index)
        for index in entries.indices
        where entries[index].indexPath.section == removed.indexPath.section && entries[index].indexPath.item > removed.indexPath.item {
            entries[index].indexPath.item -= 1
        }
        return removed
    }
}
