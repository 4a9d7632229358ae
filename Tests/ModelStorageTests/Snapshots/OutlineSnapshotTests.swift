import Foundation
import ModelStorage
import SeededRandom
import Testing

@Suite("OutlineSnapshot: a tree of items and the rows it shows")
struct OutlineSnapshotTests {
    @Test("rows are the items whose ancestors are all expanded, depth first")
    func visibleRows() {
        var outline = fileOutline()
        #expect(outline.visibleItems == ["home", "etc"])
        #expect(outline.expand(["home"]) == nil)
        #expect(outline.visibleItems == ["home", "docs", "music", "etc"])
        outline.expand(["docs", "etc"])
        #expect(outline.visibleItems == ["home", "docs", "a", "b", "music", "etc", "hosts"])
        #expect(outline.visibleCount == 7)
        #expect(outline.items == ["home", "docs", "a", "b", "music", "etc", "hosts"])
        #expect(outline.rootItems == ["home", "etc"])
        #expect((0..<7).map { outline.visibleItem(at: $0) } == outline.visibleItems)
        #expect(outline.visibleItem(at: 7) == nil)
        #expect(outline.index(of: "hosts") == 6)
    }

    @Test("collapsing an ancestor keeps its descendants' flags: they come back as they were")
    func collapseKeepsNestedExpansion() {
        var outline = fileOutline()
        outline.expand(["home", "docs"])
        outline.collapse(["home"])
        #expect(outline.visibleItems == ["home", "etc"])
        #expect(outline.isExpanded("docs"), "docs keeps its own flag")
        #expect(!outline.isVisible("a"))
        #expect(outline.index(of: "a") == nil, "a hidden item has no row")
        outline.expand(["home"])
        #expect(outline.visibleItems == ["home", "docs", "a", "b", "music", "etc"])
    }

    @Test("parents, levels, children and places among siblings")
    func structure() {
        let outline = fileOutline()
        #expect(outline.parent(of: "a") == "docs")
        #expect(outline.parent(of: "home") == nil)
        #expect(outline.level(of: "home") == 0)
        #expect(outline.level(of: "b") == 2)
        #expect(outline.level(of: "nowhere") == nil)
        #expect(outline.children(of: "home") == ["docs", "music"])
        #expect(outline.children(of: nil) == ["home", "etc"])
        #expect(outline.siblingPosition(of: "music")! == (2, 2))
        #expect(outline.siblingPosition(of: "hosts")! == (1, 1))
    }

    @Test("inserts go beside their anchor; deletes take the descendants along")
    func insertAndDelete() {
        var outline = fileOutline()
        outline.expandDescendants()
        #expect(outline.insert(["pictures"], after: "docs") == nil)
        #expect(outline.insert(["bin"], before: "etc") == nil)
        #expect(outline.children(of: "home") == ["docs", "pictures", "music"])
        #expect(outline.rootItems == ["home", "bin", "etc"])
        #expect(outline.delete(["docs", "a"]) == nil, "a, under docs, goes with it")
        #expect(outline.visibleItems == ["home", "pictures", "music", "bin", "etc", "hosts"])
        #expect(!outline.contains("a") && outline.count == 6)
        outline.deleteAll()
        #expect(outline.visibleItems.isEmpty && outline.count == 0)
    }

    @Test("a repeated item or a missing parent or anchor is refused and changes nothing")
    func refusals() {
        var outline = fileOutline()
        let before = outline.items
        #expect(outline.append(["a"], to: "etc") == .itemIdentifiersNotUnique(operation: .appendToParent, identifiers: ["a"]))
        #expect(outline.append(["x", "x"]) == .itemIdentifiersNotUnique(operation: .appendToParent, identifiers: ["x"]))
        #expect(outline.append(["x"], to: "nowhere") == .itemsNotFound(operation: .appendToParent, identifiers: ["nowhere"]))
        #expect(outline.insert(["x"], before: "nowhere") != nil)
        #expect(outline.expand(["home", "nowhere"]) == .itemsNotFound(operation: .expand, identifiers: ["nowhere"]))
        #expect(!outline.isExpanded("home"), "the valid half of a refused call is not applied either")
        #expect(outline.delete(["nowhere"]) != nil)
        #expect(outline.items == before)
        #expect(outline.anomalies.count == 6)
    }

    @Test("a branch as an outline of its own, and a branch replaced by one")
    func branches() {
        var outline = fileOutline()
        outline.expand(["home", "docs"])
        let home = outline.snapshot(of: "home", includingParent: true)
        #expect(home.visibleItems == ["home", "docs", "a", "b", "music"])
        #expect(home.level(of: "a") == 2)
        let docs = outline.snapshot(of: "docs")
        #expect(docs.rootItems == ["a", "b"] && docs.level(of: "a") == 0)

        var newDocs = OutlineSnapshot<String>()
        newDocs.append(["b", "c"])
        newDocs.append(["c1"], to: "c")
        newDocs.expand(["c"])
        #expect(outline.replace(childrenOf: "docs", using: newDocs) == nil)
        #expect(outline.visibleItems == ["home", "docs", "b", "c", "c1", "music", "etc"])
        #expect(outline.level(of: "c1") == 3)
        #expect(!outline.contains("a"))

        var clash = OutlineSnapshot<String>()
        clash.append(["hosts"])
        #expect(outline.replace(childrenOf: "docs", using: clash) != nil, "hosts lives under etc")
        #expect(outline.children(of: "docs") == ["b", "c"])
    }

    @Test("expansion is saved as Codable and restored, here or on a later outline")
    func expansionState() throws {
        var outline = fileOutline()
        outline.expand(["home", "docs"])
        outline.collapse(["home"])
        let saved = try JSONEncoder().encode(outline.expansionState)
        let state = try JSONDecoder().decode(OutlineExpansionState<String>.self, from: saved)
        #expect(state.expandedItems == ["docs"], "hidden expanded items are saved too")

        var later = fileOutline()
        later.expand(["etc"])
        later.restoreExpansion(OutlineExpansionState(expandedItems: ["home", "docs", "gone"]))
        #expect(later.visibleItems == ["home", "docs", "a", "b", "music", "etc"])

        var refreshed = fileOutline()
        refreshed.append(["c"], to: "docs")
        refreshed.takeExpansion(from: later)
        #expect(refreshed.visibleItems == ["home", "docs", "a", "b", "c", "music", "etc"])
    }

    @Test("a node of 100,000 children expands and collapses; rows and items agree throughout")
    func bigNode() {
        var outline = OutlineSnapshot<Int>()
        outline.append([-1, -2])
        outline.append(Array(0..<100_000), to: -1)
        outline.expand([-1])
        #expect(outline.visibleCount == 100_002)
        #expect(outline.visibleItem(at: 50_001) == 50_000)
        #expect(outline.index(of: 99_999) == 100_000)
        #expect(outline.index(of: -2) == 100_001)
        outline.collapse([-1])
        #expect(outline.visibleCount == 2)
        #expect(outline.visibleItem(at: 1) == -2)
    }

    @Test("random edits, expansions and collapses: rows, levels and parents match a plain tree")
    func randomized() {
        for seed in SeedCount.seeds(40).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            var outline = OutlineSnapshot<Int>()
            var reference = ReferenceOutline()
            var next = 0
            for _ in 0..<120 {
                let items = reference.allItems
                let pick = { items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)] }
                switch Int.random(in: 0..<10, using: &random) {
                case 0...2:
                    let parent = Bool.random(using: &random) ? pick() : nil
                    let new = Array(next..<next + Int.random(in: 1...4, using: &random))
                    next += new.count
                    #expect(outline.append(new, to: parent) == nil)
                    reference.append(new, to: parent)
                case 3:
                    guard let anchor = pick() else { continue }
                    let after = Bool.random(using: &random)
                    #expect((after ? outline.insert([next], after: anchor) : outline.insert([next], before: anchor)) == nil)
                    reference.insert(next, beside: anchor, after: after)
                    next += 1
                case 4:
                    guard let item = pick() else { continue }
                    #expect(outline.delete([item]) == nil)
                    reference.delete(item)
                case 5...7:
                    guard let item = pick() else { continue }
                    #expect(outline.expand([item]) == nil)
                    reference.expanded.insert(item)
                default:
                    guard let item = pick() else { continue }
                    #expect(outline.collapse([item]) == nil)
                    reference.expanded.remove(item)
                }
                let visible = reference.visibleItems
                #expect(outline.visibleItems == visible, "seed \(seed)")
                #expect(outline.visibleCount == visible.count)
                for (row, item) in visible.enumerated() {
                    #expect(outline.visibleItem(at: row) == item && outline.index(of: item) == row, "seed \(seed), row \(row)")
                }
                for item in reference.allItems {
                    #expect(outline.parent(of: item) == reference.parent[item]!)
                    #expect(outline.level(of: item) == reference.level(of: item))
                    #expect(outline.isVisible(item) == visible.contains(item))
                }
            }
        }
    }
}

/// The same outline as plain nested arrays, walked naively.
private struct ReferenceOutline {
    var children: [Int?: [Int]] = [nil: []]
    var parent: [Int: Int?] = [:]
    var expanded = Set<Int>()

    var allItems: [Int] { walk(nil, into: { _ in true }) }
    var visibleItems: [Int] { walk(nil, into: { expanded.contains($0) }) }

    private func walk(_ node: Int?, into descend: (Int) -> Bool) -> [Int] {
        (children[node] ?? []).flatMap { child in [child] + (descend(child) ? walk(child, into: descend) : []) }
    }

    func level(of item: Int) -> Int {
        var level = 0
        var current = parent[item]!
        while let up = current {
            level += 1
            current = parent[up]!
        }
        return level
    }

    mutating func append(_ items: [Int], to parent: Int?) {
        children[parent, default: []].append(contentsOf: items)
        for item in items { self.parent[item] = parent }
    }

    mutating func insert(_ item: Int, beside anchor: Int, after: Bool) {
        let parent = self.parent[anchor]!
        let index = children[parent]!.firstIndex(of: anchor)! + (after ? 1 : 0)
        children[parent]!.insert(item, at: index)
        self.parent[item] = parent
    }

    mutating func delete(_ item: Int) {
        for child in children[item] ?? [] { delete(child) }
        children[item] = nil
        children[parent[item]!]!.removeAll { $0 == item }
        parent[item] = nil
        expanded.remove(item)
    }
}
