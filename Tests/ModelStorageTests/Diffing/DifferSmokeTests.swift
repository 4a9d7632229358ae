import Testing
@testable import ModelStorage

/// Replays an edit script on nested arrays of identities, failing on any out-of-range step.
func replay(_ script: EditScript, on old: [[Int]], sectionIDs: [Int], new: [[Int]], newSectionIDs: [Int]) -> ([[Int]], [Int])? {
    var sections = old
    var ids = sectionIDs
    for step in script.steps {
        switch step {
        case let .insertSection(index, newSection):
            guard (0...sections.count).contains(index) else { return nil }
            sections.insert([], at: index); ids.insert(newSectionIDs[newSection], at: index)
        case let .deleteSection(index):
            guard sections.indices.contains(index) else { return nil }
            sections.remove(at: index); ids.remove(at: index)
        case let .moveSection(from, to):
            guard sections.indices.contains(from), sections.indices.contains(to) else { return nil }
            sections.insert(sections.remove(at: from), at: to); ids.insert(ids.remove(at: from), at: to)
        case .updateSection, .updateItem:
            break
        case let .insertItem(at, newItem):
            guard sections.indices.contains(at.section), (0...sections[at.section].count).contains(at.item) else { return nil }
            sections[at.section].insert(new[newItem.section][newItem.item], at: at.item)
        case let .deleteItem(at):
            guard sections.indices.contains(at.section), sections[at.section].indices.contains(at.item) else { return nil }
            sections[at.section].remove(at: at.item)
        case let .moveItem(from, to):
            guard sections.indices.contains(from.section), sections[from.section].indices.contains(from.item),
                  sections.indices.contains(to.section) else { return nil }
            let element = sections[from.section].remove(at: from.item)
            guard (0...sections[to.section].count).contains(to.item) else { return nil }
            sections[to.section].insert(element, at: to.item)
        }
    }
    return (sections, ids)
}

@Test func smokeRandomSectionedDiffsReplayToTheNewState() {
    var random = SplitMix64(seed: 7)
    for round in 0..<3000 {
        let oldSectionIDs = Array(0..<Int.random(in: 0...4, using: &random)).shuffled(using: &random)
        var old: [[Int]] = oldSectionIDs.map { _ in [] }
        var pool = Array(0..<40).shuffled(using: &random)
        for s in old.indices {
            let n = Int.random(in: 0...6, using: &random)
            old[s] = Array(pool.prefix(n)); pool.removeFirst(min(n, pool.count))
        }
        var newSectionIDs = oldSectionIDs.filter { _ in random.chance(0.7) } + (10..<(10 + Int.random(in: 0...2, using: &random))).map { $0 }
        newSectionIDs.shuffle(using: &random)
        var everything = old.flatMap { $0 }.filter { _ in random.chance(0.8) } + pool.prefix(Int.random(in: 0...5, using: &random))
        everything.shuffle(using: &random)
        var new: [[Int]] = newSectionIDs.map { _ in [] }
        if !new.isEmpty { for item in everything { new[Int.random(in: 0..<new.count, using: &random)].append(item) } }
        let script = Differ().script(fromSections: oldSectionIDs, items: old, toSections: newSectionIDs, items: new)
        let replayed = replay(script, on: old, sectionIDs: oldSectionIDs, new: new, newSectionIDs: newSectionIDs)
        #expect(replayed?.0 == new && replayed?.1 == newSectionIDs, "round \(round): \(oldSectionIDs) \(old) → \(newSectionIDs) \(new)\n\(script)")
        if replayed?.0 != new { return }
    }
}

func quadraticLIS(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
    return best.max() ?? 0
}

@Test func smokeMovesAreMinimal() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<2000 {
        let oldIDs = Array(0..<Int.random(in: 1...4, using: &random))
        var old: [[Int]] = oldIDs.map { _ in [] }
        for item in 0..<Int.random(in: 0...20, using: &random) { old[Int.random(in: 0..<old.count, using: &random)].append(item) }
        let newIDs = oldIDs.shuffled(using: &random)
        var new: [[Int]] = newIDs.map { _ in [] }
        for item in old.flatMap({ $0 }).shuffled(using: &random) { new[Int.random(in: 0..<new.count, using: &random)].append(item) }
        let script = Differ().script(fromSections: oldIDs, items: old, toSections: newIDs, items: new)
        var minimum = newIDs.count - quadraticLIS(newIDs)
        for (newSection, id) in newIDs.enumerated() {
            let oldSection = oldIDs.firstIndex(of: id)!
            let common = new[newSection].compactMap { old[oldSection].firstIndex(of: $0) }
            minimum += new[newSection].count - quadraticLIS(common)
        }
        #expect(script.counts.moves == minimum)
        #expect(replay(script, on: old, sectionIDs: oldIDs, new: new, newSectionIDs: newIDs)?.0 == new)
    }
}
