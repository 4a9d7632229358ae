import ModelStorage

/// One result of a storage's request, in sections: what the storage shows, as a `Sendable`
/// value that the background queue groups and diffs.
///
/// Sections follow the first appearance of their key in the request's order, and each keeps
/// its records in that order, so any `ORDER BY` gives well-formed sections. A record whose id
/// appeared before is left out (and counted): ids address rows, and two rows with one id would
/// make every later change ambiguous.
@usableFromInline
struct FetchedSections<Record: Identifiable & Equatable & Sendable, SectionKey: Hashable & Sendable>: Sendable, Equatable
where Record.ID: Sendable {
    /// The key of each section, in order.
    @usableFromInline var keys: [SectionKey] = []
    /// The records of each section, in order.
    @usableFromInline var records: [[Record]] = []
    /// The ids of each section's records: what the differ matches, kept beside the records
    /// because reading them back is slow in generic code.
    @usableFromInline var identities: [[Record.ID]] = []
    /// Records left out because their id appeared earlier in the result.
    @usableFromInline var duplicateCount = 0

    /// No sections.
    @usableFromInline init() {}

    /// `fetched` in sections by `sectionKey`.
    @inlinable
    init(grouping fetched: [Record], by sectionKey: (Record) -> SectionKey) {
        var sectionOfKey: [SectionKey: Int] = [:]
        var seen = Set<Record.ID>(minimumCapacity: fetched.count)
        // Requests usually order by section first: most records join the section of the last.
        var last: (key: SectionKey, section: Int)?
        for record in fetched {
            let id = record.id
            guard seen.insert(id).inserted else {
                duplicateCount += 1
                continue
            }
            let key = sectionKey(record)
            if let last, last.key == key {
                records[last.section].append(record)
                identities[last.section].append(id)
            } else if let section = sectionOfKey[key] {
                records[section].append(record)
                identities[section].append(id)
                last = (key, section)
            } else {
                last = (key, keys.count)
                sectionOfKey[key] = keys.count
                keys.append(key)
                records.append([record])
                identities.append([id])
            }
        }
    }

    /// The number of records.
    var count: Int { records.reduce(0) { $0 + $1.count } }

    /// The record at `indexPath`, or nil.
    func record(at indexPath: IndexPath) -> Record? {
        guard indexPath.count == 2, records.indices.contains(indexPath.section),
            records[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return records[indexPath.section][indexPath.item]
    }

    /// Inserts `record` at `indexPath`, in a new last section with `key` when `indexPath`'s
    /// section is the one after the last.
    mutating func insertRecord(_ record: Record, at indexPath: IndexPath, key: SectionKey) {
        if indexPath.section == keys.count {
            keys.append(key)
            records.append([])
            identities.append([])
        }
        records[indexPath.section].insert(record, at: indexPath.item)
        identities[indexPath.section].insert(record.id, at: indexPath.item)
    }

    /// Moves the record at `source` to `destination`, read after its removal; both valid.
    mutating func moveRecord(from source: IndexPath, to destination: IndexPath) {
        let record = records[source.section].remove(at: source.item)
        records[destination.section].insert(record, at: destination.item)
        let id = identities[source.section].remove(at: source.item)
        identities[destination.section].insert(id, at: destination.item)
    }
}
