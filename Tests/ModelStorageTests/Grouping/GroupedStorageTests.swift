import Foundation
import ModelStorage
import SeededRandom
import Testing

/// GroupedStorage: a base's items in groups with totals, the base's changes mapped as they
/// come. Every delivered log is replayed on a replica that starts from what the storage showed:
/// it must end where the storage is, and the storage where a grouping worked out from scratch is.
@Suite("GroupedStorage: groups with totals over any storage")
@MainActor
struct GroupedStorageTests {
    func line(_ id: Int, _ kind: String, tier: Int = 0, size: Int = 1, weight: Double = 1) -> Line {
        Line(id: id, kind: kind, tier: tier, size: size, weight: weight)
    }

    func replica(of storage: GroupedStorage<Line>) -> ChangeLogReplica {
        ChangeLogReplica(snapshotOf: makeStorage([(0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: ip($0, 0))! }]))
    }

    func replayed(_ host: ChangeLogReplica) -> [String] { host.sections[0].map(rowText) }

    @Test("Grouped by a column, groups in order with counts and totals, items in the base's order")
    func groupsWithTotals() {
        let base = makeStorage([[line(1, "b", size: 5), line(2, "a", size: 2), line(3, "b", size: 1, weight: 2.5)]])
        let grouped = GroupedStorage<Line>(base)
        #expect(shownRows(grouped) == ["L1", "L2", "L3"])
        grouped.group(by: ["kind"], using: lineGroupings, execution: .immediate)
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["kind"], collapsed: []))
        let b = grouped.group(at: ip(2, 0))
        #expect(b?.title == "b" && b?.count == 2 && b?.totals["size"] == .integer(6) && b?.totals["least"] == .integer(1))
        #expect(b?.totals["heaviest"] == .real(2.5) && b?.totals["weight"] == .real(1.75) && b?.totals["id"] == .integer(2))
        #expect(
            grouped.outlinePlace(at: ip(3, 0))
                == OutlinePlace(level: 1, hasChildren: false, isExpanded: false, position: 1, siblingCount: 2))
        #expect(grouped.indexPath(ofIdentifier: 3) == ip(4, 0))
    }

    @Test("Exact logs: an insertion into a group, one into a new group, an update moving an item, a deletion emptying a group")
    func exactLogs() throws {
        let base = makeStorage([[line(1, "b"), line(2, "a")]])
        let grouped = GroupedStorage<Line>(base)
        grouped.group(by: ["kind"], using: lineGroupings, execution: .immediate)
        // a, L2, b, L1
        let recorder = UpdateRecorder(observing: grouped)
        var host = replica(of: grouped)

        base.addItem(line(3, "a", size: 4))
        var changes = try #require(recorder.lastChanges).changes
        #expect(changes.count == 2)
        #expect(changes.first == .insertItem(at: ip(2, 0), model: line(3, "a", size: 4)))
        guard case let .updateItem(at, model) = changes.last else { return #expect(Bool(false), "\(changes)") }
        #expect(at == ip(0, 0) && (model as? ItemGroup)?.count == 2 && (model as? ItemGroup)?.totals["size"] == .integer(5))

        base.addItem(line(4, "c"))
        changes = try #require(recorder.lastChanges).changes
        #expect(changes.count == 3, "group row, item row, group row's count: \(changes)")
        guard case .insertItem(ip(5, 0), _) = changes[0], case .insertItem(ip(6, 0), _) = changes[1],
            case .updateItem(ip(5, 0), _) = changes[2]
        else { return #expect(Bool(false), "\(changes)") }

        // L1 (b) becomes a: one move into a, then the rows of L1, a and b updated.
        try base.replaceItem(line(1, "b"), with: line(1, "a", size: 7))
        changes = try #require(recorder.lastChanges).changes
        guard case .moveItem(ip(4, 0), ip(1, 0)) = changes[0], case .updateItem(ip(1, 0), _) = changes[1] else {
            return #expect(Bool(false), "\(changes)")
        }
        // b is empty: deleted; a's row updated.
        #expect(changes.count == 4, "\(changes)")
        guard case .deleteItem(ip(4, 0)) = changes[2], case .updateItem(ip(0, 0), _) = changes[3] else {
            return #expect(Bool(false), "\(changes)")
        }
        try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
        #expect(replayed(host) == shownRows(grouped))
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["kind"], collapsed: []))
    }

    @Test("Closing and opening a group deletes and inserts its rows; the state is kept through regroupings, a revealed group open")
    func expansionIsKept() async throws {
        let base = makeStorage([[line(1, "b", tier: 1), line(2, "a", tier: 2), line(3, "a", tier: 1)]])
        let grouped = GroupedStorage<Line>(base)
        grouped.group(by: ["kind", "tier"], using: lineGroupings, execution: .immediate)
        let recorder = UpdateRecorder(observing: grouped)
        var host = replica(of: grouped)
        let a = GroupPath(["a"])
        grouped.setExpanded(false, at: try #require(grouped.indexPath(ofGroup: a)))
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["kind", "tier"], collapsed: [a]))
        #expect(recorder.lastChanges?.changes.count == 4)

        await withCheckedContinuation { done in grouped.group(by: ["tier"], using: lineGroupings) { done.resume() } }
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["tier"], collapsed: []))
        grouped.group(by: ["kind", "tier"], using: lineGroupings, execution: .immediate)
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["kind", "tier"], collapsed: [a]), "a stays closed")
        // Revealing an item opens its groups.
        grouped.group(by: ["kind", "tier"], using: lineGroupings, revealing: [3], execution: .immediate)
        #expect(grouped.indexPath(ofIdentifier: 3) != nil)
        // Opened so, they stay open as the user saw them through the next groupings.
        grouped.group(by: ["tier"], using: lineGroupings, execution: .immediate)
        grouped.group(by: ["kind", "tier"], using: lineGroupings, execution: .immediate)
        #expect(shownRows(grouped) == referenceRows(of: baseLines(base), by: ["kind", "tier"], collapsed: []), "a stays open")
        try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
        #expect(replayed(host) == shownRows(grouped))
    }

    @Test("A column not declared is left out and reported")
    func unknownColumn() {
        let grouped = GroupedStorage<Line>(makeStorage([[line(1, "a")]]))
        var reported: [StorageAnomaly] = []
        grouped.anomalyHandler.action = { reported.append($0) }
        grouped.group(by: ["nope", "kind"], using: lineGroupings, execution: .immediate)
        #expect(grouped.grouping == ["kind"])
        #expect(reported == [.unknownGroupColumn(column: "nope", knownColumns: ["kind", "tier"])])
    }
    @Test("A re-sort of the base is one reordering of the rows shown, groups staying; a moved section too")
    func baseReorderings() throws {
        let sorted = SortedStorage<Line, Unsectioned>(sortedBy: { $0.id < $1.id })
        sorted.upsert(
            (0..<12).map { line($0, ["a", "b", "c"][$0 % 3], tier: $0 % 2, size: 12 - $0) }, execution: .immediate)
        let grouped = GroupedStorage<Line>(sorted)
        grouped.group(by: ["kind", "tier"], using: lineGroupings, execution: .immediate)
        grouped.setExpanded(false, at: try #require(grouped.indexPath(ofGroup: GroupPath(["b"]))))
        let recorder = UpdateRecorder(observing: grouped)
        var host = replica(of: grouped)

        sorted.setComparator({ $0.size < $1.size }, execution: .immediate)
        let changes = try #require(recorder.lastChanges)
        #expect(changes.segments.count == 1 && changes.segments[0].isReordering, "\(changes)")
        #expect(shownRows(grouped) == referenceRows(of: baseLines(sorted), by: ["kind", "tier"], collapsed: [GroupPath(["b"])]))
        #expect(shownRows(grouped)[1...3] == ["G[a › 0] tier 0 n=2 {heaviest=1.0,id=2,least=6,size=18,weight=1.0}", "L6", "L0"])

        let memory = makeStorage([[line(1, "a"), line(2, "a")], [line(3, "a")]])
        let overMemory = GroupedStorage<Line>(memory)
        overMemory.group(by: ["kind"], using: lineGroupings, execution: .immediate)
        let memoryRecorder = UpdateRecorder(observing: overMemory)
        var memoryHost = replica(of: overMemory)
        memory.moveSection(1, toSection: 0)
        #expect(shownRows(overMemory).dropFirst() == ["L3", "L1", "L2"])
        try memoryHost.apply(memoryRecorder.updates, reloadingFrom: makeStorage([]))
        #expect(replayed(memoryHost) == shownRows(overMemory))
        try host.apply(recorder.updates, reloadingFrom: makeStorage([]))
        #expect(replayed(host) == shownRows(grouped))
    }
    @Test("Groups of a descending column come last value first, at their level only; new groups take their place")
    func descendingGroups() {
        let base = makeStorage([[line(1, "b", tier: 1), line(2, "a", tier: 2), line(3, "a", tier: 1)]])
        let grouped = GroupedStorage<Line>(base)
        grouped.group(by: ["kind", "tier"], using: lineGroupings, descending: ["kind"], execution: .immediate)
        #expect(grouped.descendingGroupColumns == ["kind"])
        #expect(
            shownRows(grouped).filter { $0.hasPrefix("G") }.map { $0.split(separator: "]")[0] } == [
                "G[b", "G[b › 1", "G[a", "G[a › 1", "G[a › 2",
            ])
        base.addItem(line(4, "c"))
        base.addItem(line(5, "a", tier: 0))
        #expect(
            shownRows(grouped).filter { $0.hasPrefix("G") }.map { $0.split(separator: "]")[0] } == [
                "G[c", "G[c › 0", "G[b", "G[b › 1", "G[a", "G[a › 0", "G[a › 1", "G[a › 2",
            ])
    }
}
