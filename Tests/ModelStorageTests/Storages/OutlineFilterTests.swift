import ModelStorage
import SeededRandom
import Testing

@Suite("OutlineStorage filter: matches show with their ancestors, which open to show them")
@MainActor
struct OutlineFilterTests {
    private func rows(_ storage: OutlineStorage<String, String>, section: Int = 0) -> [String] {
        (0..<storage.numberOfItems(inSection: section)).map { OutlineReplica.text(storage.item(at: IndexPath(item: $0, section: section))) }
    }

    /// The rows a filtered outline should show, read naively: an item shows when it passes or an
    /// item under it does, and its children show when it is expanded.
    private func expectedRows(_ outline: OutlineSnapshot<String>, _ filter: ((String) -> Bool)?) -> [String] {
        func keeps(_ item: String) -> Bool {
            filter?(item) ?? true || outline.children(of: item).contains(where: keeps)
        }
        func walk(_ parent: String?) -> [String] {
            outline.children(of: parent).filter(keeps).flatMap { [$0] + (outline.isExpanded($0) ? walk($0) : []) }
        }
        return walk(nil)
    }

    /// Passes the items containing `text`; nil for no filter.
    private func containing(_ text: String?) -> OutlineStorage<String, String>.ItemFilter? {
        guard let text else { return nil }
        return { $0.contains(text) }
    }

    @Test("a match shows with its ancestors, opened; clearing the filter closes what it opened")
    func matchesOpenTheirAncestors() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        let replica = OutlineReplica(observing: storage)
        storage.setFilter({ $0 == "b" }, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "b"])
        #expect(storage.isExpanded("home") && storage.isExpanded("docs"))
        #expect(replica.rows == rows(storage))
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["home", "etc"])
        #expect(!storage.isExpanded("home") && !storage.isExpanded("docs"))
        #expect(replica.rows == rows(storage))
    }

    @Test("what the user opened stays open when the filter goes; a match's own children hide unless they pass")
    func userExpansionStays() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home"])
        storage.setFilter({ $0 == "docs" || $0 == "hosts" }, execution: .immediate)
        // docs passes and stays closed: its children fail.
        #expect(rows(storage) == ["home", "docs", "etc", "hosts"])
        storage.expand(["docs"])
        #expect(rows(storage) == ["home", "docs", "etc", "hosts"])
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "a", "b", "music", "etc"])
    }

    @Test("an item the filter opened, then closed and opened again by the user, stays open when the filter goes")
    func userReopenedItemStaysOpen() {
        let storage = OutlineFixtures.twoRoots()
        let replica = OutlineReplica(observing: storage)
        storage.setFilter({ $0 == "t12" }, execution: .immediate)
        #expect(rows(storage) == ["t1", "t12"])
        storage.collapse(["t1"])
        storage.expand(["t1"])
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["t1", "t11", "t12", "t2"])
        #expect(replica.rows == rows(storage))
    }

    @Test("an item the user opens after collapse all stays open when the filter goes; what the filter opened closes")
    func userOpenedAfterCollapseAllStaysOpen() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.setFilter({ $0 == "b" }, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "b"])
        storage.collapseAll()
        storage.expand(["home"])
        #expect(rows(storage) == ["home", "docs"])
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "music", "etc"], "home is the user's, docs closed")
    }

    @Test("an item the user reopened stays open through a new filter and when it goes; the filter's own openings close")
    func userReopenedItemStaysThroughAReplacedFilter() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.setFilter({ $0 == "b" }, execution: .immediate)
        storage.collapse(["home"])
        storage.expand(["home"])
        storage.setFilter({ $0 == "a" }, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "a"])
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "music", "etc"], "home is the user's, docs the filter's")
    }

    @Test("expand all under a filter opens for the user: what it opened stays open when the filter goes")
    func expandAllUnderAFilterIsTheUsers() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.setFilter({ $0 == "b" }, execution: .immediate)
        storage.expandAll()
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "a", "b", "music", "etc", "hosts"])
    }

    @Test("narrowing the filter deletes the rows that stop passing and touches no other")
    func narrowingDeletesOnly() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expandAll()
        storage.setFilter({ $0.contains("o") }, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "etc", "hosts"])
        let recorder = UpdateRecorder(observing: storage)
        storage.setFilter({ $0.contains("os") }, execution: .immediate)
        #expect(rows(storage) == ["etc", "hosts"])
        let changes = Array(recorder.lastChanges ?? ChangeSet())
        #expect(changes.count == 2)
        #expect(changes.allSatisfy { if case .deleteItem = $0 { true } else { false } })
    }

    @Test("the arrow and the position count what the filter keeps")
    func placesCountKeptChildren() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.setFilter({ $0 == "b" || $0 == "music" || $0 == "home" }, execution: .immediate)
        #expect(rows(storage) == ["home", "docs", "b", "music"])
        let docs = storage.outlinePlace(at: IndexPath(item: 1, section: 0))
        #expect(docs?.position == 1 && docs?.siblingCount == 2)
        let b = storage.outlinePlace(at: IndexPath(item: 2, section: 0))
        #expect(b?.position == 1 && b?.siblingCount == 1 && b?.hasChildren == false)
        #expect(storage.outlinePlace(at: IndexPath(item: 0, section: 0))?.siblingCount == 1)
        #expect(storage.outline(of: "Places").siblingPosition(of: "music")! == (2, 2))
        #expect(storage.outline(of: "Places").passesFilter("docs") == false)
    }

    @Test("edits under a filter: new matches bring their ancestors, removed ones take them away")
    func editsUnderAFilter() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.setFilter({ $0.hasPrefix("x") }, execution: .immediate)
        let replica = OutlineReplica(observing: storage)
        #expect(rows(storage).isEmpty)
        storage.append(["x1"], to: "hosts", inSection: "Places")
        // etc and hosts come back, closed: an edit opens nothing.
        #expect(rows(storage) == ["etc"])
        storage.expand(["etc", "hosts"])
        #expect(rows(storage) == ["etc", "hosts", "x1"])
        storage.insert(["y"], after: "x1")
        #expect(rows(storage) == ["etc", "hosts", "x1"])
        storage.delete(["x1"])
        #expect(rows(storage).isEmpty)
        #expect(replica.rows == rows(storage))
    }

    @Test("an outline copied under a filter and applied after it went shows every item")
    func copyFromUnderAFilter() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.setFilter({ $0 == "hosts" }, execution: .immediate)
        var copy = storage.outline(of: "Places")
        copy.append(["usr"])
        storage.setFilter(nil, execution: .immediate)
        storage.apply(copy, to: "Places")
        #expect(rows(storage) == ["home", "etc", "usr"])
    }

    @Test("a background scan applies off the main thread; a newer filter supersedes it; completions run in order")
    func backgroundScans() async {
        let storage = OutlineStorage<String, String>()
        var outline = OutlineSnapshot<String>()
        outline.append((0..<2_000).map { "f\($0)" })
        for folder in 0..<2_000 { outline.append((0..<20).map { "f\(folder)/\($0)" }, to: "f\(folder)") }
        storage.apply(outline, to: "disk")
        let replica = OutlineReplica(observing: storage)
        var completed: [Int] = []
        storage.setFilter({ $0.hasSuffix("/7") }) { completed.append(1) }
        storage.setFilter({ $0 == "f12/3" }) { completed.append(2) }
        #expect(storage.hasPendingFilter)
        #expect(await waitUntil { completed.count == 2 })
        #expect(completed == [1, 2])
        #expect(rows(storage) == ["f12", "f12/3"])
        #expect(replica.rows == rows(storage))
    }

    @Test("a filter applied at once supersedes a scan under way: the scan never shows, its completion runs first")
    func immediateFilterSupersedesAScan() async {
        let storage = OutlineStorage<String, String>()
        var outline = OutlineSnapshot<String>()
        outline.append((0..<50_000).map { "i\($0)" })
        storage.apply(outline, to: "list")
        var completed: [Int] = []
        storage.setFilter({ $0.hasSuffix("7") }) { completed.append(1) }
        storage.setFilter({ $0 == "i42" }, execution: .immediate) { completed.append(2) }
        #expect(completed == [1, 2], "the scan's completion runs with the filter that superseded it")
        #expect(rows(storage) == ["i42"])
        // The superseded scan comes back (stale, the outline changed under it) and is dropped,
        // not scanned again (it was, and showed its own filter's rows after the newer one's).
        #expect(await waitUntil { !storage.hasPendingFilter })
        #expect(rows(storage) == ["i42"])
        #expect(completed == [1, 2])
    }

    @Test("an edit while a scan runs makes it scan again, from the edited outline")
    func staleScanRunsAgain() async {
        let storage = OutlineStorage<String, String>()
        var outline = OutlineSnapshot<String>()
        outline.append((0..<50_000).map { "i\($0)" })
        storage.apply(outline, to: "list")
        var done = false
        storage.setFilter({ $0.hasSuffix("99") }) { done = true }
        storage.append(["new99"], inSection: "list")
        #expect(await waitUntil { done })
        #expect(rows(storage).last == "new99")
        #expect(rows(storage).count == 501)
    }

    @Test("random filters, edits, expansions and applied outlines: the rows are the filtered tree's", arguments: 0..<12)
    func randomized(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        let replica = OutlineReplica(observing: storage)
        let letters = Array("abcdehimnostu")
        var filterText: String? = nil
        var next = 0
        for step in 0..<150 {
            let items = storage.outline(of: "Places").items
            let item = items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
            next += 1
            let name = String((0..<3).map { _ in letters[Int(random.next() % UInt64(letters.count))] }) + "\(next)"
            switch (random.next() % 10, item) {
            case (0, _), (1, _):
                filterText = random.next() % 4 == 0 ? nil : String(letters[Int(random.next() % UInt64(letters.count))])
                storage.setFilter(containing(filterText), execution: .immediate)
            case (2, let item?): storage.append([name], to: item, inSection: "Places")
            case (3, let item?): storage.insert([name], before: item)
            case (4, let item?): storage.delete([item])
            case (5, let item?): storage.expand([item])
            case (6, let item?): storage.collapse([item])
            case (7, let item?):
                var edited = storage.outline(of: "Places")
                edited.delete([item])
                edited.append([name])
                storage.apply(edited, to: "Places")
            case (8, let item?): storage.expandDescendants(of: item)
            default: storage.append([name], inSection: "Places")
            }
            #expect(rows(storage) == expectedRows(storage.outline(of: "Places"), containing(filterText)), "seed \(seed) step \(step)")
            #expect(replica.rows == rows(storage), "seed \(seed) step \(step)")
        }
    }
}
