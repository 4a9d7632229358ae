import ModelStorage

/// The list as the manager shows it: per section its supplementary models, whether its header
/// and footer rows are shown, and its items, and from these where each row sits in the flat
/// list (an optional header row, the items, an optional footer row).
///
/// The models are the ones the change sets delivered, so a host that binds a position later
/// (scrolled into view) gets what the list shows, never a storage state that may be ahead.
/// With a ``StorageMirror`` the layout reads them from the storage through the mirror and
/// keeps only counts; without one (a storage that cannot say what it has not delivered yet) it
/// keeps its own copy.
///
/// Section starts are prefix sums, rebuilt after a change on the first look-up (O(sections));
/// finding the row at a position is a binary search over them, O(1) when positions are asked
/// in order, as a host binding a range does.
@MainActor
final class SectionLayout {
    struct Section {
        var itemCount = 0
        /// The stored models of the section's items, as the storage handed them, when the
        /// layout keeps its own copy; empty with a mirror.
        var items: [Any] = []
        /// The supplementary models the last section insert or update carried.
        var supplements = SectionSupplements()
        var showsHeader = false
        var showsFooter = false
        /// Header or footer models no mapping shows: reported once, not retried until the
        /// section's supplements change.
        var unmappedRoles: Set<RowRole> = []

        var rowCount: Int { itemCount + (showsHeader ? 1 : 0) + (showsFooter ? 1 : 0) }

        func shows(_ role: RowRole) -> Bool { role == .header ? showsHeader : showsFooter }

        mutating func setShows(_ role: RowRole, _ shows: Bool) {
            if role == .header { showsHeader = shows } else { showsFooter = shows }
        }
    }

    /// Where the item models come from when the layout keeps no copy of them.
    private(set) var mirror: StorageMirror?

    /// The sections, in order (a copy). Mutations go through the methods below, which keep the
    /// starts.
    var sections: [Section] { entries }

    // Read for every bound row. Swift would check exclusive access to them at run time on each
    // read (a model copied out of `entries` runs the type's opaque copy), which costs about as
    // much as the look-up itself; no access here overlaps another (no callbacks, no inout
    // escapes), so the checks are off.
    @exclusivity(unchecked) private var entries: [Section] = []
    /// `starts[s]` is the position of section `s`'s first row; one more entry holds the total.
    @exclusivity(unchecked) private var starts: [Int] = [0]
    @exclusivity(unchecked) private var startsAreCurrent = true
    /// The section of the last position looked up: hosts bind ranges in order.
    @exclusivity(unchecked) private var lastSection = 0

    // MARK: - Reading

    var sectionCount: Int { entries.count }

    /// The number of rows: items, headers and footers.
    var rowCount: Int {
        refreshStarts()
        return starts[entries.count]
    }

    func itemCount(inSection section: Int) -> Int {
        entries[section].itemCount
    }

    /// The flat position of the section's first row.
    func start(of section: Int) -> Int {
        refreshStarts()
        return starts[section]
    }

    /// The flat position of the item row at `indexPath`.
    func position(of indexPath: IndexPath) -> Int {
        start(of: indexPath.section) + (entries[indexPath.section].showsHeader ? 1 : 0) + indexPath.item
    }

    /// The flat position of the section's header or footer row (shown or about to be).
    func position(of role: RowRole, inSection section: Int) -> Int {
        let start = start(of: section)
        guard role == .footer else { return start }
        return start + (entries[section].showsHeader ? 1 : 0) + entries[section].itemCount
    }

    /// The position of the row at `location`, when the list shows one there.
    func position(of location: RowLocation) -> Int? {
        let section = location.section
        guard section >= 0, section < entries.count else { return nil }
        switch location.role {
        case .item:
            guard location.indexPath.item >= 0, location.indexPath.item < entries[section].itemCount else { return nil }
            return position(of: location.indexPath)
        case .header, .footer:
            return entries[section].shows(location.role) ? position(of: location.role, inSection: section) : nil
        }
    }

    /// What the row at a flat position is; nil past the end.
    func location(ofPosition position: Int) -> RowLocation? {
        guard let section = section(containing: position) else { return nil }
        let offset = position - starts[section]
        let showsHeader = entries[section].showsHeader
        if showsHeader && offset == 0 {
            return RowLocation(role: .header, indexPath: IndexPath(item: 0, section: section))
        }
        let item = offset - (showsHeader ? 1 : 0)
        if item < entries[section].itemCount {
            return RowLocation(role: .item, indexPath: IndexPath(item: item, section: section))
        }
        return RowLocation(role: .footer, indexPath: IndexPath(item: 0, section: section))
    }

    /// The stored model the row at `location` shows: an item's model, or the section's header
    /// or footer model.
    func model(at location: RowLocation) -> Any? {
        switch location.role {
        case .item:
            if let mirror { mirror.model(at: location.indexPath) } else { entries[location.section].items[location.indexPath.item] }
        case .header: entries[location.section].supplements[.header]
        case .footer: entries[location.section].supplements[.footer]
        }
    }

    // MARK: - Changing

    // Each change but `setShows` and `markUnmapped` applies one entry of the change set (or,
    // for a run, several), which the mirror follows.

    /// Replaces everything, read through `mirror` when there is one; no header or footer row
    /// is shown until the updater shows it.
    func reset(_ newSections: [Section], mirror newMirror: StorageMirror?) {
        entries = newSections
        mirror = newMirror
        invalidateStarts()
    }

    func insertSection(_ section: Section, at index: Int) {
        entries.insert(section, at: index)
        didApply()
    }

    func removeSection(at index: Int) {
        entries.remove(at: index)
        didApply()
    }

    func moveSection(from source: Int, to destination: Int) {
        entries.insert(entries.remove(at: source), at: destination)
        didApply()
    }

    /// Inserts `models` from `indexPath` on: one entry per model.
    func insertItems(_ models: [Any], at indexPath: IndexPath) {
        entries[indexPath.section].itemCount += models.count
        if mirror == nil { entries[indexPath.section].items.insert(contentsOf: models, at: indexPath.item) }
        didApply(models.count, carrying: models, at: indexPath)
    }

    /// Removes the items at `items`: one entry per item.
    func removeItems(_ items: Range<Int>, inSection section: Int) {
        entries[section].itemCount -= items.count
        if mirror == nil { entries[section].items.removeSubrange(items) }
        didApply(items.count)
    }

    func moveItem(from source: IndexPath, to destination: IndexPath) {
        entries[source.section].itemCount -= 1
        entries[destination.section].itemCount += 1
        if mirror == nil {
            let model = entries[source.section].items.remove(at: source.item)
            entries[destination.section].items.insert(model, at: destination.item)
        }
        didApply()
    }

    func setModel(_ model: Any, at indexPath: IndexPath) {
        if mirror == nil { entries[indexPath.section].items[indexPath.item] = model }
        mirror?.didApply(1, carrying: [model], at: indexPath)
    }

    func setSupplements(_ supplements: SectionSupplements, ofSection section: Int) {
        entries[section].supplements = supplements
        entries[section].unmappedRoles = []
        mirror?.didApply(1)
    }

    func setShows(_ role: RowRole, _ shows: Bool, inSection section: Int) {
        entries[section].setShows(role, shows)
        invalidateStarts()
    }

    func markUnmapped(_ role: RowRole, inSection section: Int) {
        entries[section].unmappedRoles.insert(role)
    }

    /// `count` entries changed the rows: the starts are stale, the mirror moves on.
    private func didApply(_ count: Int = 1, carrying models: [Any] = [], at indexPath: IndexPath? = nil) {
        invalidateStarts()
        mirror?.didApply(count, carrying: models, at: indexPath)
    }

    // MARK: - Starts

    private func invalidateStarts() {
        startsAreCurrent = false
    }

    /// Rebuilds the starts if a change made them stale.
    private func refreshStarts() {
        guard !startsAreCurrent else { return }
        var rebuilt = [Int]()
        rebuilt.reserveCapacity(entries.count + 1)
        var total = 0
        for index in entries.indices {
            rebuilt.append(total)
            total += entries[index].rowCount
        }
        rebuilt.append(total)
        starts = rebuilt
        startsAreCurrent = true
    }

    /// The section whose rows include `position`; nil outside the list.
    private func section(containing position: Int) -> Int? {
        refreshStarts()
        let count = entries.count
        guard position >= 0, position < starts[count] else { return nil }
        let hint = lastSection
        if hint < count, starts[hint] <= position, position < starts[hint + 1] { return hint }
        // The last section whose start is at or before the position (empty sections share it).
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        lastSection = low
        return low
    }
}
