import ModelStorage
import SeededRandom

/// Makes random requests against the current reference state: mostly valid, about one in five
/// deliberately invalid (indices one past the end or negative, values that are not stored).
struct RandomizedGenerator {
    var rng: SplitMix64

    /// Small value range so equal duplicates are common.
    mutating func value() -> Int { Int.random(in: 0..<12, using: &rng) }

    mutating func values(max: Int = 4) -> [Int] {
        (0..<Int.random(in: 0...max, using: &rng)).map { _ in value() }
    }

    mutating func sectionIndex(_ model: ReferenceModel, extra: Int = 1) -> Int {
        rng.chance(0.1) ? -1 : Int.random(in: 0...(model.sections.count + extra - 1), using: &rng)
    }

    /// A position of an existing item most of the time, otherwise a position that is not one.
    mutating func itemPath(_ model: ReferenceModel) -> IndexPath {
        let filled = model.sections.indices.filter { !model.sections[$0].isEmpty }
        if let s = filled.randomElement(using: &rng), rng.chance(0.85) {
            return IndexPath(item: Int.random(in: 0..<model.sections[s].count, using: &rng), section: s)
        }
        return slotPath(model, extra: 2)
    }

    /// A position to insert at: within 0...count most of the time.
    mutating func slotPath(_ model: ReferenceModel, extra: Int = 1) -> IndexPath {
        let s = sectionIndex(model, extra: extra)
        let bound = model.count(s) + (rng.chance(0.15) ? 1 : 0)
        let item = rng.chance(0.05) ? -1 : Int.random(in: 0...bound, using: &rng)
        return IndexPath(item: item, section: s)
    }

    mutating func storedValue(_ model: ReferenceModel) -> Int {
        let all = model.sections.flatMap { $0 }
        return rng.chance(0.8) ? (all.randomElement(using: &rng) ?? value()) : value()
    }

    mutating func operation(for model: ReferenceModel, allowTransaction: Bool = true) -> RandomizedOperation {
        switch Int.random(in: 0..<25, using: &rng) {
        case 0, 1: return .addItems(values(), section: sectionIndex(model, extra: 2))
        case 2: return .insertItem(value(), slotPath(model, extra: 2))
        case 3: return .insertItemsAt(values(), slotPath(model))
        case 4:
            let n = Int.random(in: 0...3, using: &rng)
            let paths = (0..<(n + (rng.chance(0.1) ? 1 : 0))).map { _ in slotPath(model) }
            return .insertItemsTo((0..<n).map { _ in value() }, paths)
        case 5:
            return .insertSection(
                values(), at: rng.chance(0.1) ? model.sections.count + 1 : Int.random(in: 0...model.sections.count, using: &rng))
        case 6: return .removeItem(storedValue(model))
        case 7: return .removeItemsHashable((0..<Int.random(in: 0...4, using: &rng)).map { _ in storedValue(model) })
        case 8: return .removeItemsEquatable((0..<Int.random(in: 0...3, using: &rng)).map { _ in storedValue(model) })
        case 9: return .removeItemsAt((0..<Int.random(in: 0...4, using: &rng)).map { _ in itemPath(model) })
        case 10: return .removeItemsFromSection(sectionIndex(model))
        case 11: return rng.chance(0.3) ? .removeAllItems : .reloadItemAt(itemPath(model))
        case 12:
            return .deleteSections((0..<Int.random(in: 0...2, using: &rng)).map { _ in sectionIndex(model) })
        case 13: return .moveSection(sectionIndex(model), sectionIndex(model))
        case 14, 15: return .moveItem(itemPath(model), slotPath(model, extra: 2))
        case 16:
            return allowTransaction ? .moveItemWithoutNotification(itemPath(model), slotPath(model)) : .reloadItem(storedValue(model))
        case 17: return .reloadItem(storedValue(model))
        case 18: return .replaceItem(storedValue(model), with: value())
        case 19: return .replaceItemAt(itemPath(model), with: value())
        case 20:
            return rng.chance(0.5) ? .setItems(values(), section: sectionIndex(model, extra: 2)) : .reloadSections([sectionIndex(model)])
        case 21:
            return rng.chance(0.2)
                ? .setItemsForAllSections((0..<Int.random(in: 0...4, using: &rng)).map { _ in values() })
                : .addItems(values(), section: sectionIndex(model))
        case 22:
            return .setHeaders((0..<Int.random(in: 0...6, using: &rng)).map { _ in rng.chance(0.3) ? nil : value() })
        default:
            guard allowTransaction else { return .addItems(values(), section: 0) }
            // A transaction of a few operations, each generated against the state before it.
            var inner = model
            var operations: [RandomizedOperation] = []
            for _ in 0..<Int.random(in: 2...5, using: &rng) {
                let operation = self.operation(for: inner, allowTransaction: false)
                _ = inner.apply(operation)
                operations.append(operation)
            }
            return .transaction(operations)
        }
    }
}
