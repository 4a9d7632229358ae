import Foundation
import ModelStorage
import SeededRandom
import Testing

/// A regrouping reads every item's groups and totals in one pass (specialized for the app's
/// types) and builds the groups at once; items added one by one to a grouped storage go
/// through the incremental path instead. Both must show the same rows: the same groups, in
/// the same order, with the same counts and totals, for every kind of group value.
@Suite("GroupedStorage: a regrouping's build against items added one by one")
@MainActor
struct GroupedStorageBuildTests {
    /// Groupings by value of each of `Line`'s types: `Int`, `Double` and `String` (by value,
    /// not by text), with totals of both kinds.
    static let valueGroupings = ColumnGroupings<Line>()
        .column("tier", by: \.tier) { "tier \($0)" }
        .column("weight", by: \.weight)
        .column("name", by: \.kind)
        .column("kind", byText: \.kind)
        .total("size", .sum, of: \.size)
        .total("least", .minimum, of: \.size)
        .total("heaviest", .maximum, of: \.weight)
        .total("weight", .average, of: \.weight)
        .total("id", .count, of: \.id)

    func randomLines(_ count: Int, seed: UInt64) -> [Line] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { id in
            Line(
                id: id, kind: ["b", "a", "item 10", "item 9", "c"].randomElement(using: &rng)!, tier: Int.random(in: -2..<3, using: &rng),
                size: Int.random(in: -20...50, using: &rng),
                weight: [-0.0, 0.25, 1.5, 2, -3.75].randomElement(using: &rng)!)
        }
    }

    /// What a storage grouped over `models` (regrouped at once) shows, and what one grouped
    /// while empty shows once the same models are added one by one.
    func builtAndAdded(_ models: [Any], by columns: [String], using groupings: ColumnGroupings<Line>) -> (built: [String], added: [String])
    {
        let builtBase = makeStorage([models])
        let built = GroupedStorage<Line>(builtBase)
        built.anomalyHandler.action = { _ in }
        built.group(by: columns, using: groupings, execution: .immediate)
        let addedBase = makeStorage([[]])
        let added = GroupedStorage<Line>(addedBase)
        added.anomalyHandler.action = { _ in }
        added.group(by: columns, using: groupings, execution: .immediate)
        for model in models { addedBase.addItem(model) }
        return (shownRows(built), shownRows(added))
    }

    @Test(
        "Int, Double and String group values, one to three levels: the same groups, order, counts and totals",
        arguments: [["tier"], ["weight"], ["name"], ["kind"], ["name", "tier"], ["tier", "weight"], ["kind", "tier", "weight"]],
        [UInt64(3), 99])
    func sameRowsAsAddedOneByOne(columns: [String], seed: UInt64) {
        let lines = randomLines(120, seed: seed)
        let (built, added) = builtAndAdded(lines, by: columns, using: Self.valueGroupings)
        #expect(built == added)
        #expect(built.count > lines.count, "group rows shown: \(built.prefix(3))")
    }

    @Test("Items of another type are left out of groups and totals, however many and wherever they are")
    func otherModelsLeftOut() {
        // Kinds `referenceRows` orders as the collation does (no numbers in them).
        let lines = randomLines(40, seed: 5).map { line in
            var line = line
            if line.kind.hasPrefix("item") { line.kind = "d" }
            return line
        }
        var models: [Any] = ["first"]
        for (index, line) in lines.enumerated() {
            models.append(line)
            if index % 7 == 0 { models.append(index) }
        }
        let (built, added) = builtAndAdded(models, by: ["kind", "tier"], using: lineGroupings)
        #expect(built == added)
        #expect(built == referenceRows(of: lines, by: ["kind", "tier"], collapsed: []))
        let ungrouped = builtAndAdded(models, by: [], using: lineGroupings)
        #expect(ungrouped.built == lines.map(\.description))
        #expect(ungrouped.added == ungrouped.built)
    }

    @Test("The same value under two parents makes two groups; a group without totals counts its items")
    func sameValueUnderTwoParents() {
        let lines = [
            Line(id: 1, kind: "a", tier: 1, size: 1, weight: 1), Line(id: 2, kind: "b", tier: 1, size: 2, weight: 1),
            Line(id: 3, kind: "a", tier: 1, size: 3, weight: 1), Line(id: 4, kind: "b", tier: 0, size: 4, weight: 1),
        ]
        #expect(
            builtAndAdded(lines, by: ["kind", "tier"], using: lineGroupings).built
                == referenceRows(of: lines, by: ["kind", "tier"], collapsed: []))
        let plain = ColumnGroupings<Line>().column("kind", byText: \.kind).column("tier", by: \.tier)
        let (built, added) = builtAndAdded(lines, by: ["kind", "tier"], using: plain)
        #expect(built == added)
        #expect(
            built == [
                "G[a] a n=2 {}", "G[a › 1] 1 n=2 {}", "L1", "L3", "G[b] b n=2 {}", "G[b › 0] 0 n=1 {}", "L4", "G[b › 1] 1 n=1 {}", "L2",
            ])
    }

    @Test("An empty base groups into no rows; a base of one item into its group")
    func emptyAndSingle() {
        #expect(builtAndAdded([], by: ["kind", "tier"], using: lineGroupings).built.isEmpty)
        let one = [Line(id: 1, kind: "a", tier: 2, size: 5, weight: .nan)]
        let (built, added) = builtAndAdded(one, by: ["kind", "tier"], using: lineGroupings)
        #expect(built == added)
        #expect(built.count == 3 && built[2] == "L1")
        #expect(built[0].contains("heaviest") == false, "a NaN is no maximum: \(built[0])")
    }
}
