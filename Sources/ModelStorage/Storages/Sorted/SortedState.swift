/// The whole content of a ``SortedStorage`` as a `Sendable` value: the entries in display order,
/// the sections they form, and an index by identity.
///
/// Order: by section key ascending, then by the comparator, then by insertion sequence. That
/// is a strict total order as long as the comparator is a strict weak ordering, so the same
/// items always end in the same order whatever path led there.
struct SortedState<Item: Diffable & Sendable, SectionKey: Hashable & Comparable & Sendable>: Sendable
where Item.DiffIdentifier: Sendable {
    typealias Entry = SortedEntry<Item, SectionKey>
    typealias Comparator = @Sendable (Item, Item) -> Bool

    /// Every entry, sections one after the other, each in order.
    private(set) var entries: [Entry] = []
    /// Every identity's slot: its flat index when the entries were last installed. A re-sort
    /// moves entries without touching this table, only ``placeOfSlot``.
    private var slots: [Item.DiffIdentifier: Int] = [:]
    /// The flat index in `entries` of each slot's entry now.
    private var placeOfSlot: [Int] = []
    /// The key of each section, ascending.
    private(set) var sectionKeys: [SectionKey] = []
    /// The flat index of each section's first entry.
    private(set) var sectionStarts: [Int] = []
    /// Ranks of the columns sorted by lately, aligned with `entries`.
    private var ranks = RankCache()

    private(set) var comparator: Comparator
    let sectionKey: @Sendable (Item) -> SectionKey

    init(comparator: @escaping Comparator, sectionKey: @escaping @Sendable (Item) -> SectionKey) {
        self.comparator = comparator
        self.sectionKey = sectionKey
    }

    // MARK: - Reading

    /// The flat index of the entry with `identifier` in `entries`, if stored.
    func position(of identifier: Item.DiffIdentifier) -> Int? {
        slots[identifier].map { placeOfSlot[$0] }
    }

    func sectionRange(_ section: Int) -> Range<Int> {
        let end = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : entries.count
        return sectionStarts[section]..<end
    }

    func flatIndex(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, sectionKeys.indices.contains(indexPath.section) else { return nil }
        let range = sectionRange(indexPath.section)
        guard indexPath.item >= 0, indexPath.item < range.count else { return nil }
        return range.lowerBound + indexPath.item
    }

    func indexPath(ofFlatIndex index: Int) -> IndexPath {
        // The last section starting at or before `index` (binary search over the starts).
        var low = 0
        var high = sectionStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sectionStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return IndexPath(item: index - sectionStarts[low], section: low)
    }

    /// The identities of each section, for the differ.
    var identitiesBySection: [[Item.DiffIdentifier]] {
        sectionKeys.indices.map { sectionRange($0).map { entries[$0].item.diffIdentifier } }
    }

    // MARK: - Order

    func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        if lhs.sectionKey != rhs.sectionKey { return lhs.sectionKey < rhs.sectionKey }
        if comparator(lhs.item, rhs.item) { return true }
        if comparator(rhs.item, lhs.item) { return false }
        return lhs.sequence < rhs.sequence
    }

    // MARK: - Applying operations

    /// What an operation met that the caller should hear about.
    struct Findings: Sendable {
        /// Items dropped from batches because a later item had the same identity.
        var duplicateCount = 0
        /// Identities asked to be removed that were not there.
        var missingIdentifiers: [Item.DiffIdentifier] = []
    }

    mutating func apply(_ operation: SortedOperation<Item>, findings: inout Findings) {
        switch operation {
        case .upsert:
            applyUpserts(CollectionOfOne(operation), findings: &findings)
        case let .remove(identifiers):
            var removed = Set<Item.DiffIdentifier>()
            for identifier in identifiers where removed.insert(identifier).inserted && slots[identifier] == nil {
                findings.missingIdentifiers.append(identifier)
            }
            install(entries.filter { !removed.contains($0.item.diffIdentifier) })
        case let .reset(items, firstSequence):
            install(entries(for: items, firstSequence: firstSequence, findings: &findings).sorted(by: precedes))
        case let .setComparator(newComparator, ordering):
            _ = reorder(by: newComparator, ordering: ordering)
        }
    }

    /// Applies consecutive upserts as one: the state applying them one after the other gives,
    /// in one pass over the entries instead of one per call (a feed that upserts each row as it
    /// changes calls it a thousand times a frame). Each call's repeated identities are reported
    /// as its own; across calls the later item wins, as it would have replaced the earlier one.
    mutating func applyUpserts(_ run: some Collection<SortedOperation<Item>>, findings: inout Findings) {
        var batch: [Item.DiffIdentifier: Entry] = [:]
        Self.forEachLastOfItsIdentity(in: run, duplicates: &findings.duplicateCount) { item, newSequence in
            let identifier = item.diffIdentifier
            // A stored identity keeps its sequence, and so does one an earlier call of the run added.
            let sequence = batch[identifier]?.sequence ?? storedSequence(of: identifier) ?? newSequence
            batch[identifier] = Entry(item: item, sectionKey: sectionKey(item), sequence: sequence)
            return true
        }
        let kept = entries.filter { batch[$0.item.diffIdentifier] == nil }
        install(merging: kept, with: batch.values.sorted(by: precedes))
    }

    /// Calls `body` with each item of `run`'s upserts that is the last of its identity in its
    /// call, in call order, and the sequence a new identity at its place gets; counts each
    /// call's repeats into `duplicates`. Stops, returning false, when `body` does.
    @discardableResult
    private static func forEachLastOfItsIdentity(
        in run: some Collection<SortedOperation<Item>>, duplicates: inout Int, _ body: (Item, UInt64) -> Bool
    ) -> Bool {
        for case let .upsert(items, firstSequence) in run {
            var lastOffset: [Item.DiffIdentifier: Int] = [:]
            if items.count > 1 {
                for (offset, item) in items.enumerated() { lastOffset[item.diffIdentifier] = offset }
                duplicates += items.count - lastOffset.count
            }
            for (offset, item) in items.enumerated() where items.count == 1 || lastOffset[item.diffIdentifier] == offset {
                guard body(item, firstSequence + UInt64(offset)) else { return false }
            }
        }
        return true
    }

    /// Applies consecutive upserts that only give stored items new values, each in its
    /// section, as `applyUpserts` would, and returns the new order: for each flat index, the
    /// entry's flat index before. The entries move as one reordering and the identity index
    /// keeps its slots (only their places change): a feed re-sorting ten thousand rows as their
    /// values change costs one merge, not an index rebuilt and a diff. Nil, with nothing
    /// changed, when an upsert brings a new identity or another section.
    mutating func reorderUpdating(_ run: some Collection<SortedOperation<Item>>, findings: inout Findings) -> [Int]? {
        var updated: [Item.DiffIdentifier: (item: Item, index: Int)] = [:]
        var duplicates = 0
        let inPlace = Self.forEachLastOfItsIdentity(in: run, duplicates: &duplicates) { item, _ in
            guard let index = position(of: item.diffIdentifier), sectionKey(item) == entries[index].sectionKey else { return false }
            updated[item.diffIdentifier] = (item, index)
            return true
        }
        guard inPlace else { return nil }
        // Sorted as entries, not as indices into them: in unspecialized code each read of a
        // generic array inside the comparison looks its type up (Hot paths: 25).
        var moved: [Entry] = []
        moved.reserveCapacity(updated.count)
        var isMoved = [Bool](repeating: false, count: entries.count)
        for (item, index) in updated.values {
            moved.append(Entry(item: item, sectionKey: entries[index].sectionKey, sequence: entries[index].sequence))
            isMoved[index] = true
        }
        moved.sort(by: precedes)
        let movedSources = moved.map { position(of: $0.item.diffIdentifier)! }
        // The entries not upserted keep their order: merged with the upserted, sorted.
        var order: [Int] = []
        var merged: [Entry] = []
        order.reserveCapacity(entries.count)
        merged.reserveCapacity(entries.count)
        var kept = 0, next = 0
        while true {
            while kept < entries.count, isMoved[kept] { kept += 1 }
            if next < moved.count, kept == entries.count || precedes(moved[next], entries[kept]) {
                order.append(movedSources[next])
                merged.append(moved[next])
                next += 1
            } else if kept < entries.count {
                order.append(kept)
                merged.append(entries[kept])
                kept += 1
            } else {
                break
            }
        }
        findings.duplicateCount += duplicates
        entries = merged
        ranks.removeAll()
        var destinations = [Int](repeating: 0, count: order.count)
        for (place, source) in order.enumerated() { destinations[source] = place }
        placeOfSlot = placeOfSlot.map { destinations[$0] }
        return order
    }

    /// Sorts by `newComparator` from now on and returns the new order: for each flat index,
    /// the entry's flat index before. Sections keep their items, so each index stays within
    /// its section's range.
    mutating func reorder(by newComparator: @escaping Comparator, ordering: SortedOrdering<Item>?) -> [Int] {
        comparator = newComparator
        let old = entries
        let order = ordering.map { orderedIndices(by: $0) } ?? old.indices.sorted { precedes(old[$0], old[$1]) }
        ranks.reorder(by: order)
        var destinations = [Int](repeating: 0, count: order.count)
        for (place, source) in order.enumerated() { destinations[source] = place }
        entries = Permutation.apply(order, to: old)
        // The same identities in the same slots: only the slots' places change, as plain
        // integers (CONTRIBUTING, Hot paths: 20).
        placeOfSlot = placeOfSlot.map { destinations[$0] }
        return order
    }

    /// The indices of the entries as `precedes` orders them, from `ordering`, which orders
    /// their items as the comparator does: by section, then that order, then sequence.
    private mutating func orderedIndices(by ordering: SortedOrdering<Item>) -> [Int] {
        let entries = entries
        let items = Permutation.items(of: entries)
        let sorted = ordering(items, &ranks) { entries[$0].sequence < entries[$1].sequence }
        guard sectionKeys.count > 1 else { return sorted }
        return sorted.sorted { entries[$0].sectionKey < entries[$1].sectionKey }  // stable: each section keeps its order
    }

    /// Entries for a batch: the last item of each identity wins; an identity already stored
    /// keeps its sequence, a new one gets the sequence reserved for its batch offset.
    private func entries(for items: [Item], firstSequence: UInt64, findings: inout Findings) -> [Entry] {
        var lastOffset: [Item.DiffIdentifier: Int] = [:]
        for (offset, item) in items.enumerated() { lastOffset[item.diffIdentifier] = offset }
        findings.duplicateCount += items.count - lastOffset.count
        return items.enumerated().compactMap { offset, item in
            let identifier = item.diffIdentifier
            guard lastOffset[identifier] == offset else { return nil }
            let sequence = storedSequence(of: identifier) ?? firstSequence + UInt64(offset)
            return Entry(item: item, sectionKey: sectionKey(item), sequence: sequence)
        }
    }

    /// The sequence of the stored entry with `identifier`, if stored.
    private func storedSequence(of identifier: Item.DiffIdentifier) -> UInt64? {
        position(of: identifier).map { entries[$0].sequence }
    }

    /// Installs the merge of two ordered entry lists.
    private mutating func install(merging kept: [Entry], with added: [Entry]) {
        guard !added.isEmpty else { return install(kept) }
        var merged: [Entry] = []
        merged.reserveCapacity(kept.count + added.count)
        var keptIndex = 0
        var addedIndex = 0
        while keptIndex < kept.count, addedIndex < added.count {
            if precedes(added[addedIndex], kept[keptIndex]) {
                merged.append(added[addedIndex])
                addedIndex += 1
            } else {
                merged.append(kept[keptIndex])
                keptIndex += 1
            }
        }
        merged += kept[keptIndex...]
        merged += added[addedIndex...]
        install(merged)
    }

    /// Installs ordered entries and rebuilds the identity index and the sections.
    private mutating func install(_ ordered: [Entry]) {
        entries = ordered
        ranks.removeAll()
        slots = Dictionary(minimumCapacity: ordered.count)
        placeOfSlot = Array(ordered.indices)
        sectionKeys = []
        sectionStarts = []
        for (index, entry) in ordered.enumerated() {
            slots[entry.item.diffIdentifier] = index
            if sectionKeys.last != entry.sectionKey {
                sectionKeys.append(entry.sectionKey)
                sectionStarts.append(index)
            }
        }
    }
}
