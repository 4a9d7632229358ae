import Foundation
import ModelStorage
import SeededRandom
import Testing

/// Seeded random insertions, deletions, moves and updates (which change groups) over a memory,
/// a sorted and a filtered base, grouped on two levels, groups closed and opened on the way:
/// after every step the replayed log equals what the storage shows, and that equals the
/// grouping worked out from scratch (membership, order, counts, every total).
@Suite("GroupedStorage: randomized against a reference")
@MainActor
struct GroupedStorageRandomizedTests {
    enum BaseKind: String, CaseIterable { case memory, sorted, filtered }

    @Test("Random steps keep groups, totals and the delivered log exact", arguments: BaseKind.allCases, [UInt64(7), 42, 1234])
    func randomSteps(kind: BaseKind, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var nextID = 0
        func randomLine() -> Line {
            nextID += 1
            return Line(
                id: nextID, kind: ["a", "b", "c", "d"].randomElement(using: &rng)!, tier: Int.random(in: 0..<3, using: &rng),
                size: Int.random(in: -20...50, using: &rng), weight: Double(Int.random(in: 0...40, using: &rng)) / 4)
        }
        let memory = MemoryStorage()
        memory.setItemsForAllSections([(0..<20).map { _ in randomLine() }, (0..<10).map { _ in randomLine() }])
        let sorted = SortedStorage<Line, Unsectioned>(sortedBy: { ($0.size, $0.id) < ($1.size, $1.id) })
        let base: any ObservableStorage
        switch kind {
        case .memory: base = memory
        case .sorted:
            sorted.upsert((0..<30).map { _ in randomLine() }, execution: .immediate)
            base = sorted
        case .filtered: base = FilteredStorage<Line>(memory, filter: { $0.size % 5 != 0 })
        }
        let grouped = GroupedStorage<Line>(base)
        let columns = ["kind", "tier"]
        grouped.group(by: columns, using: lineGroupings, execution: .immediate)
        let recorder = UpdateRecorder(observing: grouped)
        var host = ChangeLogReplica(
            snapshotOf: makeStorage([(0..<grouped.numberOfItems(inSection: 0)).map { grouped.item(at: ip($0, 0))! }]))
        var collapsed: Set<GroupPath> = []

        for step in 0..<300 {
            let lines = baseLines(kind == .sorted ? sorted : memory)
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<30:
                let line = randomLine()
                if kind == .sorted {
                    sorted.upsert([line], execution: .immediate)
                } else {
                    let section = Int.random(in: 0..<2, using: &rng)
                    let count = memory.numberOfItems(inSection: section)
                    try memory.insertItem(line, to: ip(Int.random(in: 0...count, using: &rng), section))
                }
            case 30..<50 where !lines.isEmpty:
                let victim = lines.randomElement(using: &rng)!
                if kind == .sorted { sorted.remove([victim], execution: .immediate) } else { try memory.removeItem(victim) }
            case 50..<65 where kind != .sorted && memory.numberOfItems(inSection: 0) > 0:
                let from = ip(Int.random(in: 0..<memory.numberOfItems(inSection: 0), using: &rng), 0)
                let section = Int.random(in: 0..<2, using: &rng)
                let count = memory.numberOfItems(inSection: section) - (section == 0 ? 1 : 0)
                memory.moveItem(at: from, to: ip(Int.random(in: 0...max(count, 0), using: &rng), section))
            case 65..<90 where !lines.isEmpty:
                var changed = lines.randomElement(using: &rng)!
                let old = changed
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: changed.kind = ["a", "b", "c", "d"].randomElement(using: &rng)!
                case 1: changed.tier = Int.random(in: 0..<3, using: &rng)
                default:
                    changed.size = Int.random(in: -20...50, using: &rng)
                    changed.weight = Double(Int.random(in: 0...40, using: &rng)) / 4
                }
                if kind == .sorted { sorted.upsert([changed], execution: .immediate) } else { try memory.replaceItem(old, with: changed) }
            case 90..<100 where grouped.numberOfItems(inSection: 0) > 0:
                let row = ip(Int.random(in: 0..<grouped.numberOfItems(inSection: 0), using: &rng), 0)
                if let group = grouped.group(at: row) {
                    let expanded = grouped.outlinePlace(at: row)!.isExpanded
                    grouped.setExpanded(!expanded, at: row)
                    if expanded { collapsed.insert(group.id) } else { collapsed.remove(group.id) }
                }
            default: break
            }
            try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
            recorder.reset()
            let shown = shownRows(grouped)
            #expect(host.sections[0].map(rowText) == shown, "replayed log, step \(step), seed \(seed)")
            let expected = referenceRows(of: baseLines(base), by: columns, collapsed: collapsed)
            #expect(shown == expected, "step \(step), seed \(seed)")
            if shown != expected { return }
        }
        // A regroup by one column and back keeps the closed groups closed.
        grouped.group(by: ["tier"], using: lineGroupings, execution: .immediate)
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["tier"], collapsed: []))
        grouped.group(by: columns, using: lineGroupings, execution: .immediate)
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: columns, collapsed: collapsed))
    }
}
