/// A grouped storage's copy of its base: each base item's handle, section by section in the
/// base's order, each handle's model (nil for a model of another type) and its order label.
///
/// Labels grow along the base's order, so two items of a group compare in O(1) however the
/// base shifted since. A new item takes the label halfway between its neighbours'; when they
/// are adjacent, every label is spread evenly again (O(n), about 40 insertions at one place
/// apart at a million items, once per n insertions spread over the list).
struct BaseOrder<Model: Sendable>: Sendable {
    private(set) var handles: [[Int]] = []
    private(set) var models: [Model?] = []
    private(set) var labels: [UInt64] = []
    private var freeHandles: [Int] = []
    private(set) var count = 0

    /// Reads `sections` of models as the whole base, labels spread evenly.
    init(_ sections: [[Model?]]) {
        for section in sections {
            var row: [Int] = []
            row.reserveCapacity(section.count)
            for model in section {
                row.append(models.count)
                models.append(model)
            }
            handles.append(row)
        }
        labels = [UInt64](repeating: 0, count: models.count)
        count = models.count
        relabel()
    }

    init() {}

    /// Every handle in the base's order.
    var orderedHandles: [Int] { handles.flatMap { $0 } }

    func handle(at indexPath: IndexPath) -> Int { handles[indexPath.section][indexPath.item] }

    // MARK: - Sections

    mutating func insertSection(at index: Int) { handles.insert([], at: index) }

    /// Removes an empty section.
    mutating func removeSection(at index: Int) { handles.remove(at: index) }

    /// Moves a section, labelling every item again in the new order.
    mutating func moveSection(from: Int, to: Int) {
        handles.insert(handles.remove(at: from), at: to)
        relabel()
    }

    /// Puts the items of `section` in the order of `sources` (for each new place, the old),
    /// handing the section's labels out again in the new order.
    mutating func reorder(section: Int, sources: [Int]) {
        let before = handles[section]
        let sectionLabels = before.map { labels[$0] }
        handles[section] = sources.map { before[$0] }
        for (place, handle) in handles[section].enumerated() { labels[handle] = sectionLabels[place] }
    }

    // MARK: - Items

    /// Inserts `model` at `indexPath`, labelled between its neighbours; returns its handle.
    mutating func insert(_ model: Model?, at indexPath: IndexPath) -> Int {
        let handle: Int
        if let free = freeHandles.popLast() {
            handle = free
            models[handle] = model
        } else {
            handle = models.count
            models.append(model)
            labels.append(0)
        }
        handles[indexPath.section].insert(handle, at: indexPath.item)
        count += 1
        if !label(at: indexPath) {
            relabel()
        }
        return handle
    }

    /// Removes the item at `indexPath`; returns its handle and model (the handle is free for
    /// reuse).
    mutating func remove(at indexPath: IndexPath) -> (handle: Int, model: Model?) {
        let handle = handles[indexPath.section].remove(at: indexPath.item)
        let model = models[handle]
        models[handle] = nil
        freeHandles.append(handle)
        count -= 1
        return (handle, model)
    }

    /// Moves the item at `from` to `to` (read after its removal), labelled again there.
    mutating func move(from: IndexPath, to: IndexPath) -> Int {
        let handle = handles[from.section].remove(at: from.item)
        handles[to.section].insert(handle, at: to.item)
        if !label(at: to) { relabel() }
        return handle
    }

    mutating func setModel(_ model: Model?, of handle: Int) { models[handle] = model }

    /// Labels the item at `indexPath` between its neighbours; false when they leave no room.
    private mutating func label(at indexPath: IndexPath) -> Bool {
        let lower = neighbour(of: indexPath, before: true).map { labels[$0] + 1 } ?? 0
        let upper = neighbour(of: indexPath, before: false).map { labels[$0] } ?? UInt64.max
        guard lower < upper else { return false }
        labels[handles[indexPath.section][indexPath.item]] = lower + (upper - lower) / 2
        return true
    }

    /// The handle just before (or after) `indexPath` in the base's order, across sections.
    private func neighbour(of indexPath: IndexPath, before: Bool) -> Int? {
        var section = indexPath.section
        var item = before ? indexPath.item - 1 : indexPath.item + 1
        while section >= 0 && section < handles.count {
            if item >= 0 && item < handles[section].count { return handles[section][item] }
            section += before ? -1 : 1
            guard section >= 0 && section < handles.count else { return nil }
            item = before ? handles[section].count - 1 : 0
        }
        return nil
    }

    /// Spreads every label evenly, in the base's order. O(n).
    private mutating func relabel() {
        let step = UInt64.max / UInt64(count + 2)
        var label = step
        for section in handles {
            for handle in section {
                labels[handle] = label
                label &+= step
            }
        }
    }
}
