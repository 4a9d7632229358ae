/// The identity side of a ``ListSnapshot``: sections and items in order, and the tables that
/// answer "where is it?" in O(1).
///
/// Each section and item gets an integer handle when it enters the snapshot; its identity key is
/// hashed only then and when it is looked up. Edits shift positions by rewriting plain integer
/// arrays indexed by handle, never hash tables, so an edit in the middle of a long section costs
/// a memory move, not one hashed write per following item. The type is not generic, so all of
/// it runs as specialized code whatever the snapshot's identifier types.
struct SnapshotIndex: Sendable {
    /// Section handles, in order.
    private var sectionOrder: [Int] = []
    /// Item handles of each section (by position), in order.
    private var itemOrder: [[Int]] = []
    /// The flat index of each section's first item (by position).
    private var itemStarts: [Int] = []

    private var sectionHandleOfKey: [SnapshotKey: Int] = [:]
    private var sections = HandleTable()
    private var itemHandleOfKey: [SnapshotKey: Int] = [:]
    private var items = HandleTable()
    /// The section handle of each item handle (sections move without touching their items).
    private var sectionOfItem: [Int] = []

    /// The section keys, in order.
    var sectionKeys: [SnapshotKey] { sectionOrder.map { sections.key(of: $0) } }

    /// The item keys of each section, in order.
    var itemKeys: [[SnapshotKey]] { itemOrder.map { $0.map { items.key(of: $0) } } }

    var itemCount: Int { itemHandleOfKey.count }

    func position(ofSection key: SnapshotKey) -> Int? {
        sectionHandleOfKey[key].map { sections.position(of: $0) }
    }

    /// The section position and offset of the item with `key`.
    func location(of key: SnapshotKey) -> (section: Int, item: Int)? {
        guard let item = itemHandleOfKey[key] else { return nil }
        return (sections.position(of: sectionOfItem[item]), items.position(of: item))
    }

    /// The item's position among all items, section after section.
    func flatIndex(of key: SnapshotKey) -> Int? {
        location(of: key).map { itemStarts[$0.section] + $0.item }
    }

    func containsItem(_ key: SnapshotKey) -> Bool {
        itemHandleOfKey[key] != nil
    }

    func sectionKey(at position: Int) -> SnapshotKey {
        sections.key(of: sectionOrder[position])
    }

    func itemKey(at location: (section: Int, item: Int)) -> SnapshotKey {
        items.key(of: itemOrder[location.section][location.item])
    }

    // MARK: - Edits

    mutating func insertSections(_ keys: [SnapshotKey], at position: Int) {
        let handles = keys.map { key in
            let handle = sections.add(key)
            sectionHandleOfKey[key] = handle
            return handle
        }
        sectionOrder.insert(contentsOf: handles, at: position)
        itemOrder.insert(contentsOf: handles.map { _ in [] }, at: position)
        renumberSections(from: position)
    }

    /// Removes the sections at `positions` (ascending, distinct) with their items; returns the
    /// keys of the sections and items removed.
    mutating func removeSections(atAscending positions: [Int]) -> (sections: Set<SnapshotKey>, items: Set<SnapshotKey>) {
        guard let first = positions.first else { return ([], []) }
        var removedSections = Set<SnapshotKey>()
        var removedItems = Set<SnapshotKey>()
        for position in positions {
            let sectionKey = sections.remove(sectionOrder[position])
            sectionHandleOfKey[sectionKey] = nil
            removedSections.insert(sectionKey)
            for item in itemOrder[position] {
                let itemKey = items.remove(item)
                itemHandleOfKey[itemKey] = nil
                removedItems.insert(itemKey)
            }
        }
        sectionOrder.remove(atAscendingOffsets: positions)
        itemOrder.remove(atAscendingOffsets: positions)
        renumberSections(from: first)
        return (removedSections, removedItems)
    }

    mutating func moveSection(from source: Int, to destination: Int) {
        sectionOrder.insert(sectionOrder.remove(at: source), at: destination)
        itemOrder.insert(itemOrder.remove(at: source), at: destination)
        renumberSections(from: min(source, destination))
    }

    mutating func insertItems(_ keys: [SnapshotKey], inSection section: Int, at offset: Int) {
        let sectionHandle = sectionOrder[section]
        let handles = keys.map { key in
            let handle = items.add(key)
            itemHandleOfKey[key] = handle
            if handle == sectionOfItem.count { sectionOfItem.append(sectionHandle) } else { sectionOfItem[handle] = sectionHandle }
            return handle
        }
        itemOrder[section].insert(contentsOf: handles, at: offset)
        renumberItems(inSection: section, from: offset)
        renumberStarts(from: section + 1)
    }

    /// Removes the items with `keys` (all present); returns the ascending offsets removed per
    /// section position, for the snapshot to remove the same values.
    mutating func removeItems(_ keys: Set<SnapshotKey>) -> [Int: [Int]] {
        var offsetsBySection: [Int: [Int]] = [:]
        for key in keys {
            guard let location = location(of: key), let handle = itemHandleOfKey.removeValue(forKey: key) else { continue }
            offsetsBySection[location.section, default: []].append(location.item)
            items.remove(handle)
        }
        for (section, offsets) in offsetsBySection {
            let ascending = offsets.sorted()
            offsetsBySection[section] = ascending
            itemOrder[section].remove(atAscendingOffsets: ascending)
            renumberItems(inSection: section, from: ascending[0])
        }
        if let first = offsetsBySection.keys.min() { renumberStarts(from: first + 1) }
        return offsetsBySection
    }

    /// Removes the item at `location`.
    mutating func removeItem(at location: (section: Int, item: Int)) {
        let handle = itemOrder[location.section].remove(at: location.item)
        itemHandleOfKey[items.remove(handle)] = nil
        renumberItems(inSection: location.section, from: location.item)
        renumberStarts(from: location.section + 1)
    }

    // MARK: - Positions

    private mutating func renumberSections(from start: Int) {
        for position in start..<max(start, sectionOrder.count) {
            sections.setPosition(position, of: sectionOrder[position])
        }
        renumberStarts(from: start)
    }

    private mutating func renumberItems(inSection section: Int, from offset: Int) {
        let handles = itemOrder[section]
        for index in offset..<max(offset, handles.count) {
            items.setPosition(index, of: handles[index])
        }
    }

    private mutating func renumberStarts(from start: Int) {
        itemStarts.removeSubrange(min(start, itemStarts.count)...)
        var flat = start > 0 ? itemStarts[start - 1] + itemOrder[start - 1].count : 0
        for position in start..<max(start, itemOrder.count) {
            itemStarts.append(flat)
            flat += itemOrder[position].count
        }
    }
}

/// Keys and positions by integer handle; freed handles are reused (a freed handle keeps its old
/// key until then, which only the order arrays could reach, and they no longer hold it).
private struct HandleTable: Sendable {
    private var keys: [SnapshotKey] = []
    private var positions: [Int] = []
    private var free: [Int] = []

    func key(of handle: Int) -> SnapshotKey { keys[handle] }

    func position(of handle: Int) -> Int { positions[handle] }

    mutating func setPosition(_ position: Int, of handle: Int) { positions[handle] = position }

    mutating func add(_ key: SnapshotKey) -> Int {
        if let handle = free.popLast() {
            keys[handle] = key
            return handle
        }
        keys.append(key)
        positions.append(0)
        return keys.count - 1
    }

    /// Frees `handle`, returning its key.
    @discardableResult
    mutating func remove(_ handle: Int) -> SnapshotKey {
        free.append(handle)
        return keys[handle]
    }
}
