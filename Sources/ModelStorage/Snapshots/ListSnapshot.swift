/// The whole state of a list as identifiers: ordered sections, each with its ordered items, in
/// the manner of Apple's `NSDiffableDataSourceSnapshot`.
///
/// Build a snapshot, then hand it to a ``SnapshotStorage`` (or a list manager), which diffs it
/// against the state shown and delivers the minimal changes:
///
/// ```swift
/// var snapshot = ListSnapshot<Category, Package>()
/// snapshot.appendSections([.admin, .devel])
/// snapshot.appendItems(adminPackages, toSection: .admin)
/// snapshot.appendItems(develPackages)            // to the last section
/// storage.apply(snapshot)
/// ```
///
/// Semantics:
/// - **Identity.** Sections and items are compared by their diff identity (``ModelIdentity``):
///   a ``Diffable`` identifier's `diffIdentifier`, else an `Identifiable` one's `id`, else the
///   `Hashable` value. Section identifiers are unique, item identifiers are unique across all
///   sections. An item whose content changed but whose identity did not is the *same* item:
///   applied, its row refreshes in place.
/// - **Items are models.** An item identifier is also the model its row shows.
/// - **Refusals.** An invalid operation (a repeated identifier, a missing section, item or
///   anchor, items appended with no section, a move relative to itself) changes nothing. It is
///   recorded in ``anomalies`` and returned, and whoever applies the snapshot reports it. Never a
///   crash.
/// - **Cost.** Lookups by identifier (``indexOfSection(_:)``, ``indexOfItem(_:)``,
///   ``sectionIdentifier(containingItem:)``, ``indexPath(for:)``) are O(1) through an index the
///   snapshot keeps. Edits cost what they move: O(items after the edit in its section + sections).
///
/// A snapshot is a `Sendable` value: build it on any thread.
public struct ListSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    struct Section: Sendable {
        var identifier: SectionID
        let key: SnapshotKey
        var items: [Item]
    }

    struct Item: Sendable {
        var identifier: ItemID
        let key: SnapshotKey
    }

    /// Where an item is: its section's key (sections move without touching their items) and its
    /// offset in that section.
    struct ItemLocation: Sendable {
        var section: SnapshotKey
        var offset: Int
    }

    private(set) var sections: [Section] = []
    /// Section key → position in ``sections``.
    private var sectionPositions: [SnapshotKey: Int] = [:]
    /// Item key → location.
    private var itemLocations: [SnapshotKey: ItemLocation] = [:]
    /// The flat index of each section's first item.
    private var itemStarts: [Int] = []

    private(set) var reloadedSectionKeys = OrderedKeys()
    private(set) var reloadedItemKeys = OrderedKeys()
    private(set) var reconfiguredItemKeys = OrderedKeys()

    /// What this snapshot refused, oldest first. Applying the snapshot reports them; the snapshot
    /// a storage hands back afterwards starts with none.
    public internal(set) var anomalies: [SnapshotAnomaly] = []

    /// An empty snapshot.
    public init() {}

    // MARK: - Queries

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items, all sections together.
    public var numberOfItems: Int { itemLocations.count }

    /// The number of items in `section`; 0 when the snapshot has no such section.
    public func numberOfItems(inSection section: SectionID) -> Int {
        position(ofSection: SnapshotKey(section)).map { sections[$0].items.count } ?? 0
    }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionID] { sections.map(\.identifier) }

    /// Every item identifier, section after section.
    public var itemIdentifiers: [ItemID] { sections.flatMap { $0.items.map(\.identifier) } }

    /// The item identifiers of `section`, in order; empty when the snapshot has no such section.
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        position(ofSection: SnapshotKey(section)).map { sections[$0].items.map(\.identifier) } ?? []
    }

    /// The section that holds `item`, or nil when the item is not in the snapshot.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        location(of: SnapshotKey(item)).map { sections[$0.section].identifier }
    }

    /// The position of `section` among the sections, or nil when it is not in the snapshot.
    public func indexOfSection(_ section: SectionID) -> Int? {
        position(ofSection: SnapshotKey(section))
    }

    /// The position of `item` in ``itemIdentifiers`` (all sections together), or nil.
    public func indexOfItem(_ item: ItemID) -> Int? {
        location(of: SnapshotKey(item)).map { itemStarts[$0.section] + $0.item }
    }

    /// The index path of `item` (section position, offset in the section), or nil.
    public func indexPath(for item: ItemID) -> IndexPath? {
        location(of: SnapshotKey(item)).map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The item at `indexPath`, or nil when there is none.
    public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
        guard indexPath.isItemPosition, sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].items[indexPath.item].identifier
    }

    /// The sections marked by ``reloadSections(_:)``, in the order they were marked.
    public var reloadedSectionIdentifiers: [SectionID] {
        reloadedSectionKeys.order.compactMap { key in position(ofSection: key).map { sections[$0].identifier } }
    }

    /// The items marked by ``reloadItems(_:)``, in the order they were marked.
    public var reloadedItemIdentifiers: [ItemID] { identifiers(of: reloadedItemKeys) }

    /// The items marked by ``reconfigureItems(_:)``, in the order they were marked.
    public var reconfiguredItemIdentifiers: [ItemID] { identifiers(of: reconfiguredItemKeys) }

    // MARK: - Index (for the operations)

    func position(ofSection key: SnapshotKey) -> Int? {
        sectionPositions[key]
    }

    /// The section position and offset of the item with `key`.
    func location(of key: SnapshotKey) -> (section: Int, item: Int)? {
        guard let location = itemLocations[key], let section = sectionPositions[location.section] else { return nil }
        return (section, location.offset)
    }

    func containsItem(_ key: SnapshotKey) -> Bool {
        itemLocations[key] != nil
    }

    private func identifiers(of keys: OrderedKeys) -> [ItemID] {
        keys.order.compactMap { key in location(of: key).map { sections[$0.section].items[$0.item].identifier } }
    }

    /// Records a refusal and hands it back for the operation to return.
    mutating func refuse(_ anomaly: SnapshotAnomaly) -> SnapshotAnomaly {
        anomalies.append(anomaly)
        return anomaly
    }

    /// This snapshot as a storage keeps it once applied: no marks, no anomalies.
    var settled: ListSnapshot {
        var snapshot = self
        snapshot.reloadedSectionKeys = OrderedKeys()
        snapshot.reloadedItemKeys = OrderedKeys()
        snapshot.reconfiguredItemKeys = OrderedKeys()
        snapshot.anomalies = []
        return snapshot
    }

    // MARK: - Edits that keep the index

    mutating func insertSections(_ new: [Section], at position: Int) {
        sections.insert(contentsOf: new, at: position)
        reindexSections(from: position)
    }

    mutating func removeSections(at positions: [Int]) {
        guard let first = positions.min() else { return }
        var removedItems = Set<SnapshotKey>()
        var removedSections = Set<SnapshotKey>()
        for position in positions {
            removedSections.insert(sections[position].key)
            for item in sections[position].items { removedItems.insert(item.key) }
        }
        for key in removedItems { itemLocations[key] = nil }
        for key in removedSections { sectionPositions[key] = nil }
        sections.remove(atAscendingOffsets: positions.sorted())
        reloadedSectionKeys.remove(removedSections)
        forgetMarks(ofItems: removedItems)
        reindexSections(from: first)
    }

    mutating func moveSection(from source: Int, to destination: Int) {
        sections.insert(sections.remove(at: source), at: destination)
        reindexSections(from: min(source, destination))
    }

    mutating func insertItems(_ new: [Item], inSection section: Int, at offset: Int) {
        sections[section].items.insert(contentsOf: new, at: offset)
        reindexItems(inSection: section, from: offset)
        reindexSections(from: section + 1)
    }

    /// Removes the items with `keys` (all in the snapshot) from wherever they are.
    mutating func removeItems(_ keys: Set<SnapshotKey>) {
        var offsetsBySection: [Int: [Int]] = [:]
        for key in keys {
            guard let location = location(of: key) else { continue }
            offsetsBySection[location.section, default: []].append(location.item)
            itemLocations[key] = nil
        }
        for (section, offsets) in offsetsBySection {
            let ascending = offsets.sorted()
            sections[section].items.remove(atAscendingOffsets: ascending)
            reindexItems(inSection: section, from: ascending[0])
        }
        forgetMarks(ofItems: keys)
        if let first = offsetsBySection.keys.min() { reindexSections(from: first + 1) }
    }

    /// Removes the item at `location` without forgetting its marks (it is about to be put back).
    mutating func takeItem(at location: (section: Int, item: Int)) -> Item {
        let item = sections[location.section].items.remove(at: location.item)
        itemLocations[item.key] = nil
        reindexItems(inSection: location.section, from: location.item)
        reindexSections(from: location.section + 1)
        return item
    }

    /// Replaces the values of present items with equal identity, so rows get the values passed.
    mutating func replaceValues(of items: [(key: SnapshotKey, identifier: ItemID)]) {
        for (key, identifier) in items {
            guard let location = location(of: key) else { continue }
            sections[location.section].items[location.item].identifier = identifier
        }
    }

    mutating func markReloaded(sections keys: [SnapshotKey]) {
        for key in keys { reloadedSectionKeys.insert(key) }
    }

    mutating func markReloaded(items keys: [SnapshotKey]) {
        for key in keys { reloadedItemKeys.insert(key) }
    }

    mutating func markReconfigured(items keys: [SnapshotKey]) {
        for key in keys { reconfiguredItemKeys.insert(key) }
    }

    private mutating func forgetMarks(ofItems keys: Set<SnapshotKey>) {
        reloadedItemKeys.remove(keys)
        reconfiguredItemKeys.remove(keys)
    }

    /// Rewrites section positions and item starts from `start` on. O(sections after `start`).
    private mutating func reindexSections(from start: Int) {
        itemStarts.removeSubrange(min(start, itemStarts.count)...)
        var flat = start > 0 ? itemStarts[start - 1] + sections[start - 1].items.count : 0
        for position in start..<max(start, sections.count) {
            sectionPositions[sections[position].key] = position
            itemStarts.append(flat)
            flat += sections[position].items.count
        }
    }

    /// Rewrites the locations of a section's items from `offset` on.
    private mutating func reindexItems(inSection section: Int, from offset: Int) {
        let key = sections[section].key
        for index in offset..<max(offset, sections[section].items.count) {
            itemLocations[sections[section].items[index].key] = ItemLocation(section: key, offset: index)
        }
    }
}
