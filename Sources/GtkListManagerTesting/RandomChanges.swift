import GtkListManager
import ModelStorage
import SeededRandom

/// Seeded random changes of a conformance list's storage, named for the report.
@MainActor
struct RandomChanges {
    private var random: SplitMix64
    private var nextItem = 0
    private var nextSection = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A new item, one to three lines high.
    mutating func makeItem() -> ConformanceItem {
        defer { nextItem += 1 }
        return ConformanceItem(id: nextItem, lines: 1 + Int(random.next() % 3))
    }

    /// Inserts a new section at `index` with a header, a footer and `count` new items.
    mutating func insertSection(at index: Int, count: Int, into storage: MemoryStorage) {
        let name = nextSection
        nextSection += 1
        let items = (0..<count).map { _ in makeItem() as Any }
        storage.performUpdates {
            storage.insertSection(SectionModel(items: items), at: index)
            storage.setSupplementaryModel(ConformanceTitle(text: "header \(name)"), ofKind: .header, forSection: index)
            storage.setSupplementaryModel(ConformanceTitle(text: "footer \(name)"), ofKind: .footer, forSection: index)
        }
    }

    mutating func int(_ range: Range<Int>) -> Int {
        range.isEmpty ? range.lowerBound : range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    mutating func chance(_ p: Double) -> Bool { random.chance(p) }

    /// A random existing item's index path, if any.
    mutating func itemPath(in storage: MemoryStorage) -> IndexPath? {
        let filled = (0..<storage.numberOfSections).filter { storage.numberOfItems(inSection: $0) > 0 }
        guard !filled.isEmpty else { return nil }
        let section = filled[int(0..<filled.count)]
        return IndexPath(item: int(0..<storage.numberOfItems(inSection: section)), section: section)
    }

    /// Makes one random change to `storage` and returns its name.
    mutating func change(_ storage: MemoryStorage) -> String {
        let sections = storage.numberOfSections
        if sections == 0 {
            insertSection(at: 0, count: int(0..<6), into: storage)
            return "insert section 0"
        }
        switch int(0..<20) {
        case 0..<5:
            let section = int(0..<sections)
            let at = IndexPath(item: int(0..<storage.numberOfItems(inSection: section) + 1), section: section)
            let items = (0..<1 + int(0..<3)).map { _ in makeItem() }
            try? storage.insertItems(items, at: at)
            return "insert \(items.count) at \(at.section).\(at.item)"
        case 5..<9:
            let paths = Set((0..<1 + int(0..<3)).compactMap { _ in itemPath(in: storage) })
            storage.removeItems(at: Array(paths))
            return "delete \(paths.map { "\($0.section).\($0.item)" }.sorted())"
        case 9..<12:
            guard let from = itemPath(in: storage) else { return "nothing to move" }
            let section = int(0..<sections)
            let count = storage.numberOfItems(inSection: section) - (section == from.section ? 1 : 0)
            let to = IndexPath(item: int(0..<count + 1), section: section)
            storage.moveItem(at: from, to: to)
            return "move \(from.section).\(from.item) → \(to.section).\(to.item)"
        case 12..<15:
            guard let at = itemPath(in: storage), var item = storage.item(at: at) as? ConformanceItem else { return "nothing to update" }
            item.revision += 1
            if chance(0.5) { item.lines = 1 + int(0..<3) }
            try? storage.replaceItem(at: at, with: item)
            return "update \(at.section).\(at.item)"
        case 15:
            let index = int(0..<sections + 1)
            insertSection(at: index, count: int(0..<8), into: storage)
            return "insert section \(index)"
        case 16:
            let index = int(0..<sections)
            storage.deleteSections([index])
            return "delete section \(index)"
        case 17:
            let (from, to) = (int(0..<sections), int(0..<sections))
            storage.moveSection(from, toSection: to)
            return "move section \(from) → \(to)"
        default:
            var names: [String] = []
            storage.performUpdates {
                for _ in 0..<2 + int(0..<3) { names.append(change(storage)) }
            }
            return "transaction [\(names.joined(separator: "; "))]"
        }
    }
}
