import FuzzDriver
import ModelStorage

/// Writes change logs from an input's choices while following them on a copy of the sections
/// (``state``): segments the storage contract allows, each read after the ones before (single
/// entries of every kind, runs of insertions and deletions, reorderings, splices), or one it
/// forbids (an index past the items or the sections, a negative one, an index path that is no
/// (item, section) pair).
struct ChangeLog {
    var state: [ScriptedSection]
    private var nextID = 1000

    init(state: [ScriptedSection]) { self.state = state }

    mutating func freshItem() -> Item {
        nextID += 1
        return Item(id: nextID, version: 0)
    }

    mutating func freshSection(_ input: inout FuzzInput) -> ScriptedSection {
        nextID += 1
        let id = nextID
        return ScriptedSection(
            id: id, header: input.oneIn(3) ? nil : "h\(id)#0", footer: input.oneIn(2) ? nil : "f\(id)#0")
    }

    private func count(_ section: Int) -> Int { state[section].items.count }

    // MARK: - Allowed

    /// Appends one allowed segment to `log` and follows it; what it was, or nil when the state
    /// has nothing it could apply to.
    mutating func appendAllowed(_ input: inout FuzzInput, to log: inout ChangeSet) -> String? {
        let sections = state.count
        let section = sections > 0 ? input.int(in: 0...(sections - 1)) : 0
        let items = sections > 0 ? count(section) : 0
        switch input.int(in: 0...11) {
        case 0 where sections > 0:
            let at = IndexPath(item: input.int(in: 0...items), section: section)
            let item = freshItem()
            state[section].items.insert(item, at: at.item)
            log.append(.insertItem(at: at, model: item))
            return "insert \(item) at \(at)"
        case 1 where items > 0:
            let at = IndexPath(item: input.int(in: 0...(items - 1)), section: section)
            state[section].items.remove(at: at.item)
            log.append(.deleteItem(at: at))
            return "delete \(at)"
        case 2 where items > 0:
            let at = IndexPath(item: input.int(in: 0...(items - 1)), section: section)
            let old = state[section].items[at.item]
            let item = Item(id: old.id, version: old.version + 1)
            state[section].items[at.item] = item
            log.append(.updateItem(at: at, model: item))
            return "update \(at) to \(item)"
        case 3 where items > 0:
            let from = IndexPath(item: input.int(in: 0...(items - 1)), section: section)
            let item = state[section].items.remove(at: from.item)
            let target = input.int(in: 0...(sections - 1))
            let to = IndexPath(item: input.int(in: 0...count(target)), section: target)
            state[target].items.insert(item, at: to.item)
            log.append(.moveItem(from: from, to: to))
            return "move \(from) → \(to)"
        case 4 where sections < 6:
            let at = input.int(in: 0...sections)
            let inserted = freshSection(&input)
            state.insert(inserted, at: at)
            log.append(.insertSection(at, supplements: inserted.supplements))
            return "insert section \(at) (\(inserted.supplements))"
        case 5 where sections > 0:
            state.remove(at: section)
            log.append(.deleteSection(section))
            return "delete section \(section)"
        case 6 where sections > 0:
            let to = input.int(in: 0...(sections - 1))
            state.insert(state.remove(at: section), at: to)
            log.append(.moveSection(from: section, to: to))
            return "move section \(section) → \(to)"
        case 7 where sections > 0:
            let id = state[section].id, version = input.int(in: 1...9)
            state[section].header = input.oneIn(3) ? nil : "h\(id)#\(version)"
            state[section].footer = input.oneIn(2) ? nil : "f\(id)#\(version)"
            log.append(.updateSection(section, supplements: state[section].supplements))
            return "update section \(section) (\(state[section].supplements))"
        case 8 where sections > 0:
            let at = IndexPath(item: input.int(in: 0...items), section: section)
            let run = (0..<input.int(in: 1...4)).map { _ in freshItem() }
            state[section].items.insert(contentsOf: run, at: at.item)
            log.appendInsertion(of: ModelRun(run), at: at)
            return "insert run \(run) at \(at)"
        case 9 where items > 0:
            let start = input.int(in: 0...(items - 1))
            let range = start..<input.int(in: (start + 1)...items)
            state[section].items.removeSubrange(range)
            log.appendDeletion(of: range, inSection: section)
            return "delete run \(range) of section \(section)"
        case 10 where items > 1:
            var sources = Array(0..<items)
            for place in sources.indices.dropLast() { sources.swapAt(place, input.int(in: place...(items - 1))) }
            guard let reordering = ItemReordering(section: section, sources: sources) else { return nil }
            let old = state[section].items
            state[section].items = sources.map { old[$0] }
            log.appendReordering(reordering)
            return "reorder section \(section) as \(sources)"
        case 11 where sections > 0:
            return appendSplices(&input, section: section, to: &log)
        default:
            return nil
        }
    }

    /// Runs of items deleted, bottom to top, then runs inserted, top to bottom, as one segment.
    private mutating func appendSplices(_ input: inout FuzzInput, section: Int, to log: inout ChangeSet) -> String? {
        let old = state[section].items
        let deleted = old.indices.filter { _ in input.oneIn(3) }
        var new = old.indices.filter { !deleted.contains($0) }.map { old[$0] }
        var added: Set<Item> = []
        for _ in 0..<input.int(in: 0...3) {
            let item = freshItem()
            added.insert(item)
            new.insert(item, at: input.int(in: 0...new.count))
        }
        let inserted = new.indices.filter { added.contains(new[$0]) }
        guard
            let splices = ItemSplices(
                section: section, deletions: Self.runs(of: deleted).reversed(), insertions: Self.runs(of: inserted),
                models: ModelRun(inserted.map { new[$0] }))
        else { return nil }
        state[section].items = new
        log.appendSplices(splices)
        return "splice section \(section): delete \(deleted), insert at \(inserted)"
    }

    /// Ascending indices as ranges of consecutive ones.
    private static func runs(of indices: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in indices {
            if let last = runs.last, last.upperBound == index {
                runs[runs.count - 1] = last.lowerBound..<index + 1
            } else {
                runs.append(index..<index + 1)
            }
        }
        return runs
    }

    // MARK: - Forbidden

    /// Appends a segment that does not fit the state (what a storage with a bug in its log
    /// reports); the state stays as it was.
    mutating func appendForbidden(_ input: inout FuzzInput, to log: inout ChangeSet) -> String {
        let sections = state.count
        let beyond = input.int(in: 0...3)
        let section = sections > 0 ? input.int(in: 0...(sections - 1)) : 0
        let items = sections > 0 ? count(section) : 0
        // An item entry's section: one of the sections, or the first past them when there is none.
        let entry: (Int) -> IndexPath = { IndexPath(item: $0, section: sections > 0 ? section : sections + beyond) }
        let change: StorageChange
        switch input.int(in: 0...13) {
        case 0: change = .deleteItem(at: entry(items + beyond))
        case 1: change = .updateItem(at: entry(items + beyond), model: freshItem())
        case 2: change = .insertItem(at: entry(items + 1 + beyond), model: freshItem())
        case 3: change = .moveItem(from: entry(items + beyond), to: entry(0))
        case 4 where items > 0:
            // Within its section, the destination is read without the item moved.
            change = .moveItem(from: entry(0), to: entry(items + beyond))
        case 5: change = .deleteSection(sections + beyond)
        case 6: change = .moveSection(from: sections + beyond, to: 0)
        case 7 where sections > 0: change = .moveSection(from: 0, to: sections + beyond)
        case 8: change = .insertSection(sections + 1 + beyond)
        case 9: change = .updateSection(sections + beyond)
        case 10: change = .deleteItem(at: IndexPath(item: -1 - beyond, section: section))
        case 11: change = .insertItem(at: IndexPath(indexes: Array(repeating: 0, count: 1 + 2 * (beyond % 2))), model: freshItem())
        case 12:
            log.appendDeletion(of: max(items - 1, 0)..<items + 1 + beyond, inSection: sections > 0 ? section : sections)
            return "delete run past the end of section \(section)"
        default:
            log.appendInsertion(of: ModelRun([freshItem()]), at: entry(items + 1 + beyond))
            return "insert run past the end of section \(section)"
        }
        log.append(change)
        return "forbidden \(change)"
    }
}
