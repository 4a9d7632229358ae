import ModelStorage
import SeededRandom
import Testing

/// A deliberately naive model of a snapshot: arrays searched linearly, validity rules spelled
/// out one by one. The snapshot, with its index, must always agree with it.
private struct ReferenceSnapshot {
    var sections: [(id: String, items: [Int])] = []

    var allItems: [Int] { sections.flatMap(\.items) }
    func hasSection(_ id: String) -> Bool { sections.contains { $0.id == id } }
    func hasItem(_ item: Int) -> Bool { allItems.contains(item) }
    func sectionIndex(_ id: String) -> Int? { sections.firstIndex { $0.id == id } }
    func location(_ item: Int) -> (Int, Int)? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return (s, i) }
        }
        return nil
    }
    func newSectionsAreValid(_ ids: [String]) -> Bool {
        Set(ids).count == ids.count && !ids.contains(where: hasSection)
    }
    func newItemsAreValid(_ items: [Int]) -> Bool {
        Set(items).count == items.count && !items.contains(where: hasItem)
    }
}

/// One random operation applied to both; returns whether the reference found it valid.
private func randomOperation(
    on snapshot: inout NumberSnapshot, _ reference: inout ReferenceSnapshot, _ random: inout SplitMix64
) -> (name: String, valid: Bool, anomaly: SnapshotAnomaly?) {
    func section() -> String { "S\(Int.random(in: 0..<8, using: &random))" }
    func item() -> Int { Int.random(in: 0..<30, using: &random) }
    func sections() -> [String] { (0..<Int.random(in: 1...2, using: &random)).map { _ in section() } }
    func items() -> [Int] { (0..<Int.random(in: 1...3, using: &random)).map { _ in item() } }
    let after = Bool.random(using: &random)
    switch Int.random(in: 0..<13, using: &random) {
    case 0:
        let ids = sections()
        let valid = reference.newSectionsAreValid(ids)
        if valid { reference.sections += ids.map { ($0, []) } }
        return ("appendSections \(ids)", valid, snapshot.appendSections(ids))
    case 1:
        let (ids, anchor) = (sections(), section())
        let valid = reference.hasSection(anchor) && reference.newSectionsAreValid(ids)
        if valid, let index = reference.sectionIndex(anchor) {
            reference.sections.insert(contentsOf: ids.map { ($0, []) }, at: after ? index + 1 : index)
        }
        let anomaly = after ? snapshot.insertSections(ids, afterSection: anchor) : snapshot.insertSections(ids, beforeSection: anchor)
        return ("insertSections \(ids) \(after ? "after" : "before") \(anchor)", valid, anomaly)
    case 2:
        let ids = sections()
        let valid = ids.allSatisfy(reference.hasSection)
        if valid { reference.sections.removeAll { ids.contains($0.id) } }
        return ("deleteSections \(ids)", valid, snapshot.deleteSections(ids))
    case 3:
        let (moving, anchor) = (section(), section())
        let valid = reference.hasSection(moving) && reference.hasSection(anchor) && moving != anchor
        if valid, let from = reference.sectionIndex(moving) {
            let entry = reference.sections.remove(at: from)
            if let index = reference.sectionIndex(anchor) { reference.sections.insert(entry, at: after ? index + 1 : index) }
        }
        let anomaly = after ? snapshot.moveSection(moving, afterSection: anchor) : snapshot.moveSection(moving, beforeSection: anchor)
        return ("moveSection \(moving) \(after ? "after" : "before") \(anchor)", valid, anomaly)
    case 4, 5:
        let new = items()
        let target: String? = Bool.random(using: &random) ? nil : section()
        let index = target.map(reference.sectionIndex) ?? (reference.sections.isEmpty ? nil : reference.sections.count - 1)
        let valid = index != nil && reference.newItemsAreValid(new)
        if valid, let index { reference.sections[index].items += new }
        return ("appendItems \(new) to \(target ?? "last")", valid, snapshot.appendItems(new, toSection: target))
    case 6:
        let (new, anchor) = (items(), item())
        let valid = reference.hasItem(anchor) && reference.newItemsAreValid(new)
        if valid, let (s, i) = reference.location(anchor) {
            reference.sections[s].items.insert(contentsOf: new, at: after ? i + 1 : i)
        }
        let anomaly = after ? snapshot.insertItems(new, afterItem: anchor) : snapshot.insertItems(new, beforeItem: anchor)
        return ("insertItems \(new) \(after ? "after" : "before") \(anchor)", valid, anomaly)
    case 7:
        let gone = items()
        let valid = gone.allSatisfy(reference.hasItem)
        if valid { for s in reference.sections.indices { reference.sections[s].items.removeAll { gone.contains($0) } } }
        return ("deleteItems \(gone)", valid, snapshot.deleteItems(gone))
    case 8, 9:
        let (moving, anchor) = (item(), item())
        let valid = reference.hasItem(moving) && reference.hasItem(anchor) && moving != anchor
        if valid, let (s, i) = reference.location(moving) {
            reference.sections[s].items.remove(at: i)
            if let (t, j) = reference.location(anchor) { reference.sections[t].items.insert(moving, at: after ? j + 1 : j) }
        }
        let anomaly = after ? snapshot.moveItem(moving, afterItem: anchor) : snapshot.moveItem(moving, beforeItem: anchor)
        return ("moveItem \(moving) \(after ? "after" : "before") \(anchor)", valid, anomaly)
    case 10:
        let marked = items()
        let valid = marked.allSatisfy(reference.hasItem)
        let anomaly = after ? snapshot.reloadItems(marked) : snapshot.reconfigureItems(marked)
        return ("\(after ? "reload" : "reconfigure")Items \(marked)", valid, anomaly)
    case 11:
        let marked = sections()
        return ("reloadSections \(marked)", marked.allSatisfy(reference.hasSection), snapshot.reloadSections(marked))
    default:
        guard Int.random(in: 0..<6, using: &random) == 0 else { return ("nothing", true, nil) }
        reference.sections = []
        snapshot.deleteAllItems()
        return ("deleteAllItems", true, nil)
    }
}

@Suite("Snapshots: randomized sequences")
@MainActor
struct RandomizedSnapshotTests {
    @Test("Random operations, valid or not, keep the snapshot equal to a naive model, its index exact")
    func operationsMatchReference() {
        for seed in SeedCount.seeds(60).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            var snapshot = NumberSnapshot()
            var reference = ReferenceSnapshot()
            for step in 0..<150 {
                let before = snapshot.anomalies.count
                let (name, valid, anomaly) = randomOperation(on: &snapshot, &reference, &random)
                let context = "seed \(seed) step \(step): \(name)"
                #expect((anomaly == nil) == valid, "\(context): \(anomaly.map(String.init(describing:)) ?? "accepted")")
                #expect(snapshot.anomalies.count == before + (valid ? 0 : 1), "\(context)")
                #expect(snapshot.sectionIdentifiers == reference.sections.map(\.id), "\(context)")
                #expect(snapshot.itemIdentifiers == reference.allItems, "\(context)")
                guard snapshot.itemIdentifiers == reference.allItems, snapshot.sectionIdentifiers == reference.sections.map(\.id) else {
                    return
                }
                #expect(snapshot.numberOfItems == reference.allItems.count, "\(context)")
                for (index, item) in reference.allItems.enumerated() where snapshot.indexOfItem(item) != index {
                    Issue.record("\(context): indexOfItem(\(item)) = \(String(describing: snapshot.indexOfItem(item))), expected \(index)")
                }
                for (s, section) in reference.sections.enumerated() {
                    #expect(snapshot.indexOfSection(section.id) == s, "\(context)")
                    #expect(snapshot.itemIdentifiers(inSection: section.id) == section.items, "\(context)")
                    for (i, item) in section.items.enumerated() {
                        #expect(snapshot.sectionIdentifier(containingItem: item) == section.id, "\(context)")
                        #expect(snapshot.indexPath(for: item) == IndexPath(item: i, section: s), "\(context)")
                    }
                }
                #expect(Set(snapshot.reloadedItemIdentifiers).isSubset(of: reference.allItems), "\(context)")
                #expect(Set(snapshot.reconfiguredItemIdentifiers).isSubset(of: reference.allItems), "\(context)")
            }
        }
    }

    @Test("Applying random snapshots in sequence: the delivered logs, replayed, reach each snapshot with its headers")
    func appliedLogsReplayToTheSnapshot() throws {
        for seed in SeedCount.seeds(40).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            let storage = SnapshotStorage<String, Int>(
                headerModel: { "Header \($0)" }, footerModel: { Int($0.dropFirst())?.isMultiple(of: 2) == true ? "Footer \($0)" : nil })
            let recorder = UpdateRecorder(observing: storage)
            var replica = ChangeLogReplica(snapshotOf: MemoryStorage())
            var reference = ReferenceSnapshot()
            var snapshot = storage.snapshot()
            for round in 0..<25 {
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    _ = randomOperation(on: &snapshot, &reference, &random)
                }
                recorder.reset()
                if random.chance(0.1) {
                    storage.applyUsingReloadData(snapshot)
                } else {
                    storage.apply(snapshot)
                }
                let shown = mirror(of: storage)
                try replica.apply(recorder.updates, reloadingFrom: shown)
                #expect(replica.matchesItems(of: shown), "seed \(seed) round \(round)")
                #expect(
                    replica.supplements
                        == (0..<shown.numberOfSections).map { section in
                            var expected = SectionSupplements()
                            expected[.header] = shown.headerModel(forSection: section)
                            if let footer = shown.footerModel(forSection: section) { expected[.footer] = footer }
                            return expected
                        }, "seed \(seed) round \(round)")
                #expect(layout(storage.snapshot()) == layout(snapshot), "seed \(seed) round \(round)")
                snapshot = storage.snapshot()
            }
        }
    }
}
